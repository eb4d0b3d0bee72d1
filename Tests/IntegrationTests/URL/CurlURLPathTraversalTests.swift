import Foundation
import SanitizeKit
import Testing

/// curl judges ``URLPath``: curl removes dot segments from a URL's path before it sends the
/// request (unless `--path-as-is`), and `%{url_effective}` shows the URL it used. Every
/// accepted segment and path, appended to `http://127.0.0.1:1/files/`, must come back with
/// that prefix. Port 1 refuses the connection at once: nothing is sent anywhere.
@Suite("Differential: URL path encoding vs curl's dot-segment removal", .integration, .corpus(.naughtyStrings))
struct CurlURLPathTraversalTests {
    static let base = "http://127.0.0.1:1" + URLPathCandidates.basePath

    /// The effective URL curl reports for each output, through one `curl` process.
    static func effectiveURLs(_ outputs: [String]) throws -> [String] {
        // A curl config file: one `url` per value, each with its own output and format.
        var config = ""
        for output in outputs {
            let url = (base + output).replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"")
            config += "url = \"\(url)\"\noutput = \"/dev/null\"\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString).conf")
        try config.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try ExternalTool.run(
            "curl", ["--silent", "--globoff", "--max-time", "5", "--write-out", "%{url_effective}\\n", "--config", file.path])
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        try #require(lines.count == outputs.count, "curl failed (scripts/test installs curl): \(run.stderr)")
        return lines
    }

    @Test("every accepted output keeps the base path as a prefix")
    func keepsBasePath() throws {
        let outputs = URLPathCandidates.acceptedOutputs
        #expect(outputs.count > 1000)
        for (output, effective) in zip(outputs, try Self.effectiveURLs(outputs)) {
            #expect(effective == Self.base + output, "\(output)")
        }
    }

    @Test("the oracle sees the hole: curl resolves a bare .. out of the base")
    func oracleCatchesTraversal() throws {
        #expect(try Self.effectiveURLs(["..", "a/../..", "."]) == ["http://127.0.0.1:1/", "http://127.0.0.1:1/", Self.base])
    }
}
