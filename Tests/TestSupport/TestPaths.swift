package import Foundation

/// Folders of the repository that more than one test target reads, found from this file's
/// place in the checkout (a user's clone carries them; nothing is looked up at run time).
package enum TestPaths {
    /// The repository root, for `Rules/` and `Examples/`.
    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file below `Tests/SanitizeKitTests/Fixtures/`: the data the unit and integration
    /// targets share (the encoder-made images; other projects' corpora are ``Corpus``).
    package static func unitFixture(_ relativePath: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/SanitizeKitTests/Fixtures").appendingPathComponent(relativePath)
    }
}
