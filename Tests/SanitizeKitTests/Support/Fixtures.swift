import Foundation

/// Files the tests read: this target's `Fixtures/`, and the repository's own folders.
enum Fixtures {
    /// `Tests/SanitizeKitTests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The repository root, for `Rules/` and `Examples/`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A fixture file's URL, from its path below `Fixtures/`.
    static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }
}
