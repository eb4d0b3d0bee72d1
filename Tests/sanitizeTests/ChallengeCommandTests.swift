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
        #expect(run.lines[1] == #"{"error":"challenge-syntax","offset":0,"decision":"refuse: challenge-syntax"}"#)
        #expect(
            run.stderr == """
                sanitize: line 1: http is not allowed for api.example.com (https only) [insecure-transport]
                sanitize: line 2: a byte above 0x7E outside a quoted string at byte 0 [challenge-syntax]
                sanitize: line 3: control byte 0x1 in the field at byte 14 [challenge-control]

                """)
    }

    @Test("--status other than 401 or 407 is a usage error: one line, exit 2, before any field is read")
    func statusIsUsage() throws {
        let run = try SanitizeProcess.run(
            ["challenge", "--policy", Self.policy, "--origin", "https://api.example.com/", "--status", "403"],
            input: "Basic realm=\"r\"\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "sanitize: --status must be 401 (WWW-Authenticate) or 407 (Proxy-Authenticate), not 403. [usage]\n")
    }

    @Test("a value argument reads as the same bytes on standard input: invalid UTF-8 gives its JSON line, exit 1")
    func argumentsAsLines() throws {
        let command = "\"$SANITIZE\" challenge --policy '\(Self.policy)' --origin https://api.example.com/"
        for value in [#"$'Basic \xffrealm=\"r\"'"#, #"$'Basic realm=\"caf\xe9\"'"#, #"$'Basic realm=\"\xc3\x28\"'"#] {
            let argument = try ShellProcess.run("\(command) \(value)")
            let stdin = try ShellProcess.run("printf '%s\\n' \(value) | \(command)")
            #expect(argument.stdout == stdin.stdout, "\(value)")
            #expect(argument.stderr == stdin.stderr, "\(value)")
            #expect(argument.status == stdin.status, "\(value)")
            #expect(argument.stdout.split(separator: "\n").count == 1)
        }
        // Outside quotes a byte above 0x7E is refused with its offset; inside, it is ISO-8859-1.
        let refused = try ShellProcess.run("\(command) $'Basic \\xffrealm=\"r\"'")
        #expect(refused.status == 1)
        #expect(refused.stdout == #"{"error":"challenge-syntax","offset":6,"decision":"refuse: challenge-syntax"}"# + "\n")
        #expect(refused.stderr == "sanitize: line 1: a byte above 0x7E outside a quoted string at byte 6 [challenge-syntax]\n")
        let latin1 = try ShellProcess.run("\(command) $'Basic realm=\"caf\\xe9\"'")
        #expect(latin1.status == 0)
        #expect(latin1.stdout.contains(#""decision":"answer: Basic realm=\"caf\#u{E9}\"""#), "\(latin1.stdout)")
    }

    @Test("RFC 7617 §2: a Basic challenge without a realm is not answered (bare, token68, realm= alone)")
    func realmRequired() throws {
        let input = "Basic\nBasic abc==\nBasic realm=\nBasic, Bearer realm=\"b\"\nBasic realm=\"\"\n"
        let run = try SanitizeProcess.run(
            ["challenge", "--policy", Self.policy, "--origin", "https://api.example.com/"], input: input)
        #expect(run.status == 1)
        let decisions = run.lines.map { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["decision"] as? String ?? line
        }
        let missing = "refuse: challenge-realm-missing: a Basic challenge without a realm is not answered (RFC 7617 §2)"
        // A Basic without a realm is passed over for the next allowed challenge; an empty realm is a realm.
        #expect(decisions == [missing, missing, missing, #"answer: Bearer realm="b""#, #"answer: Basic realm="""#])
        #expect(run.stderr.components(separatedBy: "[challenge-realm-missing]").count == 4)
    }

    @Test("a line over --max-line-bytes gets its JSON error line, as any refused field")
    func oversizedLine() throws {
        let run = try SanitizeProcess.run(
            ["challenge", "--policy", Self.policy, "--origin", "https://api.example.com/", "--max-line-bytes", "20"],
            input: "Basic realm=\"a-long-realm\"\nBasic realm=\"r\"\n")
        #expect(run.status == 1)
        #expect(run.lines == [
            #"{"error":"limit-exceeded","offset":20,"decision":"refuse: limit-exceeded"}"#,
            #"{"challenges":[{"scheme":"Basic","params":[["realm","r"]]}],"decision":"answer: Basic realm=\"r\""}"#,
        ])
        #expect(run.stderr == "sanitize: line 1: line is 26 bytes, over the limit of 20 [limit-exceeded]\n")
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
