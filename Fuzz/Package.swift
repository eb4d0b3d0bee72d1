// swift-tools-version: 6.1
// A nested package of libFuzzer targets, so that `swift test` at the root never builds them.
// Run them with `Tests/fuzz [SECONDS] [TARGET...]` from the repository root (see
// ../docs/robustness.md). Each target is one file defining `LLVMFuzzerTestOneInput`; a plain
// `swift build` builds them as do-nothing executables, `--sanitize fuzzer` makes them fuzzers.
// The targets are white-box tests: they `@testable import SanitizeKit` to reach `package` API
// (docs/API.md), which works because they are always built in debug, where SwiftPM compiles every
// module with `-enable-testing`.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let targetNames = [
    "FuzzJSON", "FuzzContract", "FuzzPercentDecoding", "FuzzEmail",
    "FuzzFiles", "FuzzCatalog", "FuzzPolicy", "FuzzSteps", "FuzzFilter",
    "FuzzHost", "FuzzYAML", "FuzzChallenge",
]

let package = Package(
    name: "SanitizeFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-sanitize", path: "../")
    ],
    targets: targetNames.map { name in
        .executableTarget(
            name: name,
            dependencies: [.product(name: "SanitizeKit", package: "swift-sanitize")]
                + (name == "FuzzYAML" ? [.product(name: "SanitizeYAML", package: "swift-sanitize")] : []),
            path: "Sources/\(name)",
            swiftSettings: swiftSettings
        )
    }
)
