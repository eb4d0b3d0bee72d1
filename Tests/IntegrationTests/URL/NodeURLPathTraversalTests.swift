import Foundation
import SanitizeKit
import Testing

/// Node's WHATWG `URL` judges ``URLPath``: every accepted segment and path, appended to
/// `https://api.example.com/files/`, must parse to a path that still begins with `/files/`
/// (and, since nothing is a dot segment, to exactly the base path + the output). One `node`
/// process judges every URL.
@Suite("Differential: URL path encoding vs node's WHATWG URL", .integration, .corpus(.naughtyStrings))
struct NodeURLPathTraversalTests {
    static let judge = """
        const lines = require('fs').readFileSync(0, 'utf8').split('\\n').filter(l => l.length > 0);
        for (const line of lines) {
          const u = new URL(JSON.parse(line));
          process.stdout.write(JSON.stringify([u.host, u.pathname]) + '\\n');
        }
        """

    static func parse(_ outputs: [String]) throws -> [[String]] {
        let input = outputs.map { JSONValue.string("https://api.example.com" + URLPathCandidates.basePath + $0).jsonText }
            .joined(separator: "\n")
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("url-judge-\(UUID().uuidString).js")
        try Self.judge.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let run = try ExternalTool.run("node", [script.path], stdin: Array(input.utf8))
        try #require(run.status == 0, "node failed (scripts/test installs nodejs): \(run.stderr)")
        let answers = run.output.split(separator: "\n").map { line in
            (try? JSONDecoder().decode([String].self, from: Data(line.utf8))) ?? []
        }
        try #require(answers.count == outputs.count)
        return answers
    }

    @Test("every accepted output keeps the base path as a prefix")
    func keepsBasePath() throws {
        let outputs = URLPathCandidates.acceptedOutputs
        #expect(outputs.count > 1000)
        let answers = try Self.parse(outputs)
        for (output, answer) in zip(outputs, answers) {
            #expect(answer == ["api.example.com", URLPathCandidates.basePath + output], "\(output)")
        }
    }

    @Test("the oracle sees the hole: the bare path-segment set lets .. and %2e%2e climb out")
    func oracleCatchesTraversal() throws {
        let unsafe = ["..", ".", "%2e%2E", ".%2e"]
        let answers = try Self.parse(unsafe)
        #expect(answers.map { $0.last } == ["/", "/files/", "/", "/"])
        #expect(PercentEncoding.encode("..", for: .pathSegment) == "..")
    }
}
