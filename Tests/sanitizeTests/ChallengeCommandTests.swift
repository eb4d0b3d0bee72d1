import Foundation
import Testing

@Suite("sanitize challenge")
struct ChallengeCommandTests {
    static let policy: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("challenge-policy-\(UUID().uuidString).json")
        try? Data(#"{"version": 1, "credentials": {"allowedBaseURLs": ["https://api.example.com/"]}}"#.utf8).write(to: url)
        return url.path
    }()

    @Test("one JSON line per field: parsed challenges and the decision; exit 1 when any is refused")
    func decisions() throws {
        let input = """
            WWW-Authenticate: Basic realm="WallyWorld", charset="UTF-8"
            Bearer realm="example", error="invalid_token", error_description="The access token expired"
            Digest realm="x", nonce="abc"
            Basic realm="a", realm="b"

            """
        let run = try SanitizeProcess.run(
            ["challenge", "--policy", Self.policy, "--origin", "https://api.example.com/v1/me"], stdin: Array(input.utf8))
        #expect(run.status == 1)
        #expect(run.lines == [
            #"{"challenges":[{"scheme":"Basic","params":[["realm","WallyWorld"],["charset","UTF-8"]]}],"decision":"answer: Basic realm=\"WallyWorld\""}"#,
            #"{"challenges":[{"scheme":"Bearer","params":[["realm","example"],["error","invalid_token"],["error_description","The access token expired"]]}],"decision":"answer: Bearer realm=\"example\""}"#,
            #"{"challenges":[{"scheme":"Digest","params":[["realm","x"],["nonce","abc"]]}],"decision":"refuse: challenge-scheme-not-allowed: no allowed scheme among: Digest"}"#,
            #"{"error":"challenge-duplicate","offset":17,"decision":"refuse: challenge-duplicate"}"#,
        ])
        #expect(
            run.stderr == """
                sanitize: line 3: no allowed scheme among: Digest [challenge-scheme-not-allowed]
                sanitize: line 4: parameter "realm" appears twice in one challenge at byte 17 [challenge-duplicate]

                """)
    }

    @Test("stderr says where once and ends with the code, as every command does")
    func stderrLines() throws {
        let input: [UInt8] = Array(#"Basic realm="r""#.utf8) + [0x0A, 0xFF, 0x0A] + Array("Basic realm=\"a\u{1}\"\n".utf8)
        let run = try SanitizeProcess.run(
            ["challenge", "--policy", Self.policy, "--origin", "http://api.example.com/"], stdin: input)
        #expect(run.status == 1)
        #expect(run.lines.count == 3)
        #expect(run.lines[1] == #"{"error":"invalid-utf8","offset":0,"decision":"refuse: invalid-utf8"}"#)
        #expect(
            run.stderr == """
                sanitize: line 1: http is not allowed for api.example.com (https only) [insecure-transport]
                sanitize: line 2: invalid UTF-8 at byte 0 [invalid-utf8]
                sanitize: line 3: control byte 0x1 in the field at byte 14 [challenge-control]

                """)
    }

    @Test("the origin decides: not allowlisted, plain http, a 407 without a proxy")
    func origins() throws {
        for (arguments, code) in [
            (["--origin", "https://evil.example.org/"], "credentials-not-allowed"),
            (["--origin", "http://api.example.com/"], "insecure-transport"),
            (["--origin", "https://api.example.com/", "--status", "407"], "challenge-not-applicable"),
            (["--origin", "https://api.example.com/", "--realm", "other"], "challenge-realm-not-allowed"),
        ] {
            let run = try SanitizeProcess.run(["challenge", "--policy", Self.policy] + arguments + [#"Basic realm="r""#])
            #expect(run.status == 1)
            #expect(run.lines.count == 1 && run.lines[0].contains(#""decision":"refuse: \#(code):"#), "\(arguments)")
        }
        let ok = try SanitizeProcess.run(
            ["challenge", "--policy", Self.policy, "--origin", "https://api.example.com/", #"Basic realm="r""#])
        #expect(ok.status == 0 && ok.stderr.isEmpty)
    }

    @Test("hostile fields: one output line each, no crash")
    func hostile() throws {
        let lines: [String] = [
            "Basic realm=\"" + String(repeating: "a", count: 100_000) + "\"",
            "Basic " + (0..<5000).map { "p\($0)=v" }.joined(separator: ", "),
            String(repeating: "Basic, ", count: 3000),
            #"Basic realm="unbalanced"#,
            #"Basic realm=""""""#,
            "Basic realm=\"caf\u{E9}\", title=\u{1F600}",
            "\u{FEFF}Basic realm=\"bom\"",
            String(repeating: "\"", count: 9999),
            String(repeating: "=", count: 9999),
            "Basic realm=\"a\\",
        ]
        let input = Array(lines.joined(separator: "\n").utf8) + [0x0A, 0xC3, 0x28, 0x0A]
        let run = try SanitizeProcess.run(
            ["challenge", "--policy", Self.policy, "--origin", "https://api.example.com/"], stdin: input)
        #expect(run.status == 1)
        #expect(run.lines.count == lines.count + 1)
        for line in run.lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line.prefix(80))")
        }
    }
}
