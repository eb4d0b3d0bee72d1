// swift-tools-version: 6.1
// A nested package, so that `swift test` at the root never builds the benchmark tooling.
// Run from this folder: `swift package benchmark` (see ../README.md, "Performance").
import PackageDescription

let package = Package(
    name: "SanitizeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-sanitize", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SanitizeBenchmarks",
            dependencies: [
                .product(name: "SanitizeKit", package: "swift-sanitize"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SanitizeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
