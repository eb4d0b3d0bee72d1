import Foundation

/// Files the conformance tests read: this target's `Fixtures/`.
enum Fixtures {
    /// `Tests/ContractConformanceTests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A fixture file's URL, from its path below `Fixtures/`.
    static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }
}
