import Foundation
import Testing

/// The one suite of this target that always runs: it reads the target's sources and checks that
/// every other suite carries the `.integration` trait, so that a test moved here without it
/// cannot make a plain `swift test` need real tools again.
@Suite("Integration target: every suite is gated")
struct IntegrationGateTests {
    @Test("every @Suite here carries .integration, and every @Test is inside a suite")
    func everySuiteIsGated() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "IntegrationGateTests.swift" }
        var suites = 0
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let suiteLines = lines.filter { $0.hasPrefix("@Suite") }
            for line in suiteLines {
                #expect(line.contains(".integration"), "\(file.lastPathComponent): \(line)")
            }
            suites += suiteLines.count
            if lines.contains(where: { $0.hasPrefix("@Test") }) {
                #expect(!suiteLines.isEmpty, "\(file.lastPathComponent) has tests outside a gated suite")
            }
        }
        #expect(suites >= 7)
    }
}
