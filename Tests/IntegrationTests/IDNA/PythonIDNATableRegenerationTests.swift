import Foundation
import Testing

/// `scripts/generate-idna-table` (python3, PyPI idna 3.20's and unicodedata2 18.0.0's wheels)
/// regenerates `Sources/SanitizeKit/IDNA/UTS46Data+Tables.swift` byte for byte, so the
/// committed table is exactly Unicode's data and nobody edited it by hand.
@Suite("IDNA table regeneration", .integration)
struct PythonIDNATableRegenerationTests {
    @Test("the generator reproduces the committed UTS #46 tables byte for byte")
    func regenerates() throws {
        let root = TestPaths.repositoryRoot
        let script = root.appendingPathComponent("scripts/generate-idna-table").path
        let run = try ExternalTool.runExecutable(script, ["--stdout"], in: root)
        #expect(run.status == 0, "generator failed: \(run.stderr)")
        let committed = try Data(contentsOf: root.appendingPathComponent("Sources/SanitizeKit/IDNA/UTS46Data+Tables.swift"))
        #expect(run.stdout.count > 100_000)
        #expect(run.stdout == Array(committed), "the generated table differs from the committed one")
    }
}
