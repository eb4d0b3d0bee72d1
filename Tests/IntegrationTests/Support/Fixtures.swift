import Foundation
import TestSupport

/// Files the integration tests read: this target's `Fixtures/` (data shared with the unit
/// tests is reached through `TestPaths.unitFixture(_:)`).
enum Fixtures {
    /// `Tests/IntegrationTests/Fixtures`.
    static let directory = TestPaths.repositoryRoot.appendingPathComponent("Tests/IntegrationTests/Fixtures")

    /// A fixture file's URL, from its path below `Fixtures/`.
    static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }
}
