import Foundation
package import Testing

/// Whether this run asked for the integration tests: `SANITIZE_INTEGRATION=1`, which
/// `scripts/test` (hence `.ci/run`) sets after installing every tool they need.
///
/// The integration tests (`Tests/IntegrationTests`, and the adapter tests that need
/// openssl or python3) run real engines and tools (sqlite3, PostgreSQL, MariaDB, node with Ajv,
/// python3 with Pillow, file, djpeg, pngcheck, dwebp, webpinfo, qpdf, a Python HTTP server).
/// A plain `swift test` on a machine with only the Swift toolchain and libpcre2 reports each
/// suite here as skipped, with the reason below; once asked for, a missing tool fails its test.
package enum IntegrationGate {
    /// The environment variable that turns the integration suites on.
    package static let variable = "SANITIZE_INTEGRATION"

    /// `true` when ``variable`` is `1`.
    package static let isRequested = ProcessInfo.processInfo.environment[variable] == "1"
}

extension Trait where Self == ConditionTrait {
    /// The trait every suite of this target carries: runs it only when ``IntegrationGate``
    /// says so, and otherwise reports it skipped with the command that runs it.
    package static var integration: Self {
        .enabled(
            if: IntegrationGate.isRequested,
            "needs real tools: run scripts/test, or SANITIZE_INTEGRATION=1 swift test --filter 'IntegrationTests|SanitizeAdapterTests'")
    }
}
