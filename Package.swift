// swift-tools-version: 6.1
import PackageDescription

/// One settings list for every Swift target: Swift 6 language mode is the default for
/// tools 6.x; these upcoming features keep imports and existentials explicit.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "swift-sanitize",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SanitizeKit", targets: ["SanitizeKit"]),
        .library(name: "SanitizeYAML", targets: ["SanitizeYAML"]),
        .executable(name: "sanitize", targets: ["sanitize"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        .target(
            name: "SanitizeKit",
            dependencies: ["CPCRE2"],
            swiftSettings: swiftSettings
        ),
        // YAML (instances, OpenAPI documents) apart from the core library, which stays
        // free of dependencies: only users who read YAML link Yams and its libyaml copy.
        .target(
            name: "SanitizeYAML",
            dependencies: ["SanitizeKit", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "sanitize",
            dependencies: [
                "SanitizeKit",
                "SanitizeYAML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The README's library example, compiled as written (a test keeps the README copy identical).
        .executableTarget(
            name: "ReadmeExample",
            dependencies: ["SanitizeKit"],
            path: "Examples/ReadmeExample",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SanitizeKitTests",
            dependencies: ["SanitizeKit", "TestSupport", "SanitizeYAML"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ContractConformanceTests",
            dependencies: ["SanitizeKit"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "sanitizeTests",
            dependencies: ["sanitize", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        // Support shared by the test targets (tool runner, seeded generator, corpora, fixtures).
        .target(
            name: "TestSupport",
            dependencies: ["SanitizeKit"],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        // Tests against real engines and tools; skipped (with a reason) unless
        // SANITIZE_INTEGRATION=1, which scripts/test sets after installing them.
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["SanitizeKit", "sanitize", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
    ]
)
