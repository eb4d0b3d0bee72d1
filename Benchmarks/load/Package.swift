// swift-tools-version: 6.1
// The servers the load benchmark (run.sh) drives with wrk: a nested package, so neither
// `swift build` nor `swift test` at the root (nor CI) ever builds them. Release build only.
import PackageDescription

let package = Package(
    name: "SanitizeLoad",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-sanitize", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    ],
    targets: [
        .executableTarget(
            name: "LoadServerHummingbird",
            dependencies: [
                .product(name: "SanitizeKit", package: "swift-sanitize"),
                .product(name: "SanitizeHummingbird", package: "swift-sanitize"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "LoadServerVapor",
            dependencies: [
                .product(name: "SanitizeKit", package: "swift-sanitize"),
                .product(name: "SanitizeVapor", package: "swift-sanitize"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
    ]
)
