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
        .library(name: "SanitizeTOML", targets: ["SanitizeTOML"]),
        .executable(name: "sanitize", targets: ["sanitize"]),
        // Adapters: each its own product, so an app links only the HTTP stack it uses
        // (docs/adapters.md); the core above gains only swift-http-types.
        .library(name: "SanitizePinning", targets: ["SanitizePinning"]),
        .library(name: "SanitizeURLSession", targets: ["SanitizeURLSession"]),
        .library(name: "SanitizeAsyncHTTPClient", targets: ["SanitizeAsyncHTTPClient"]),
        .library(name: "SanitizeOpenAPI", targets: ["SanitizeOpenAPI"]),
        .library(name: "SanitizeHummingbird", targets: ["SanitizeHummingbird"]),
        .library(name: "SanitizeVapor", targets: ["SanitizeVapor"]),
    ],
    traits: [
        // `sanitize pin` links SanitizePinning (swift-asn1, and swift-crypto with its BoringSSL
        // copy, for SHA-256): about half of a clean release build of `sanitize`. On by default;
        // scripts/run (the main job, `sanitize filter`) builds without it (docs/adapters.md#build-cost).
        .trait(name: "Pinning", description: "The `sanitize pin` subcommand (swift-asn1, swift-crypto)."),
        .default(enabledTraits: ["Pinning"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        .target(
            name: "SanitizeKit",
            dependencies: ["CPCRE2", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: swiftSettings
        ),
        // Pins need the SubjectPublicKeyInfo's DER bytes (swift-asn1) and SHA-256 (swift-crypto's
        // Crypto), not an understanding of the key: no swift-certificates, so `sanitize` links none.
        .target(
            name: "SanitizePinning",
            dependencies: [
                "SanitizeKit",
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SanitizeURLSession",
            dependencies: ["SanitizeKit", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SanitizeAsyncHTTPClient",
            dependencies: [
                "SanitizeKit", "SanitizePinning",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SanitizeOpenAPI",
            dependencies: [
                "SanitizeKit", "SanitizeYAML",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SanitizeHummingbird",
            dependencies: [
                "SanitizeKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SanitizeVapor",
            dependencies: [
                "SanitizeKit",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The README's adapter snippets, compiled so they cannot rot (never run).
        .target(
            name: "AdapterExamples",
            dependencies: [
                "SanitizeKit", "SanitizeURLSession", "SanitizeAsyncHTTPClient", "SanitizeOpenAPI",
                "SanitizeHummingbird", "SanitizeVapor", "SanitizePinning",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Examples/AdapterExamples",
            // Compiled as an outside user would: public API only (docs/API.md), no `package` symbols.
            packageAccess: false,
            swiftSettings: swiftSettings
        ),
        // YAML (instances, OpenAPI documents) apart from the core library, which stays
        // free of dependencies: only users who read YAML link Yams and its libyaml copy.
        .target(
            name: "SanitizeYAML",
            dependencies: ["SanitizeKit", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        // TOML instances (pyproject.toml, Cargo.toml, …) apart from the core, as YAML is:
        // only users who read TOML link TOMLKit and its toml++ copy.
        .target(
            name: "SanitizeTOML",
            dependencies: ["SanitizeKit", .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: swiftSettings
        ),
        // What only the `sanitize` command runs: record batches, ordered workers, report keys
        // and lines, statistics, the stream encoders; kept out of the library apps link.
        .target(
            name: "SanitizeCommandRuntime",
            dependencies: ["SanitizeKit"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "sanitize",
            dependencies: [
                "SanitizeKit",
                "SanitizeCommandRuntime",
                "SanitizeYAML",
                "SanitizeTOML",
                .target(name: "SanitizePinning", condition: .when(traits: ["Pinning"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The README's library example, compiled as written (a test keeps the README copy identical).
        .executableTarget(
            name: "ReadmeExample",
            dependencies: ["SanitizeKit"],
            path: "Examples/ReadmeExample",
            // Compiled as an outside user would: public API only (docs/API.md), no `package` symbols.
            packageAccess: false,
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SanitizeKitTests",
            dependencies: [
                "SanitizeKit", "SanitizeCommandRuntime", "TestSupport", "SanitizeYAML", "SanitizeTOML",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ContractConformanceTests",
            dependencies: ["SanitizeKit", "TestSupport"],
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
            dependencies: ["SanitizeKit", "SanitizeYAML", "sanitize", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        // Real servers on loopback behind every adapter; needs the heavy HTTP stacks.
        .testTarget(
            name: "SanitizeAdapterTests",
            dependencies: [
                "SanitizeKit", "SanitizePinning", "SanitizeURLSession", "SanitizeAsyncHTTPClient",
                "SanitizeOpenAPI", "SanitizeHummingbird", "SanitizeVapor", "AdapterExamples", "sanitize", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
    ]
)
