import Foundation

/// Files the integration tests read: this target's `Fixtures/` (data shared with the unit
/// tests is reached through `TestPaths`).
enum Fixtures {
    /// `Tests/IntegrationTests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A fixture file's URL, from its path below `Fixtures/`.
    static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }
}
