import Foundation
import Testing

/// `sanitize check email`, run as a user runs it.
@Suite("sanitize check email")
struct CheckEmailTests {
    static let mixed = """
        joe@example.com
        not an address
        "quoted"@example.com
        user@[192.168.0.1]
        \(String(repeating: "a", count: 65))@example.com

        """

    @Test func html5IsTheDefaultMode() throws {
        let run = try SanitizeProcess.run(["check", "email"], stdin: Array(Self.mixed.utf8))
        #expect(run.lines == ["valid", "invalid", "invalid", "invalid", "valid"])
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                sanitize: line 2: no @ between local part and domain [missing-at-sign]
                sanitize: line 3: does not match the html5 pattern [pattern-mismatch]
                sanitize: line 4: domain label has a character other than letters, digits, hyphen (RFC 5321 §4.1.2) [label-invalid-character]

                """)
    }

    @Test func rfc5321NamesTheRuleThatFailed() throws {
        let run = try SanitizeProcess.run(["check", "email", "--mode", "rfc5321"], stdin: Array(Self.mixed.utf8))
        #expect(run.lines == ["valid", "invalid", "valid", "valid", "invalid"])
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                sanitize: line 2: no @ between local part and domain [missing-at-sign]
                sanitize: line 5: local part is over 64 octets (RFC 5321 §4.5.3.1.1) [local-part-too-long]

                """)
    }

    @Test func allValidExitsZero() throws {
        let run = try SanitizeProcess.run(
            ["check", "email", "--mode", "international", "δοκιμή@example.com", "실례@실례.테스트"])
        #expect(run.output == "valid\nvalid\n")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
    }

    @Test(arguments: ["html5", "rfc5321", "strict", "lenient", "international"])
    func everyModeRunsWithAndWithoutJIT(mode: String) throws {
        let input = Array("user@example.com\nuser@example.museum\n@\n".utf8)
        let jit = try SanitizeProcess.run(["check", "email", "--mode", mode], stdin: input)
        let interpreter = try SanitizeProcess.run(["check", "email", "--mode", mode, "--no-jit"], stdin: input)
        #expect(jit.lines.count == 3)
        #expect(jit.lines.first == "valid")
        #expect(jit.lines.last == "invalid")
        #expect(jit.stdout == interpreter.stdout)
        #expect(jit.status == 1)
    }

    @Test func quietKeepsStandardErrorEmpty() throws {
        let run = try SanitizeProcess.run(["check", "email", "--quiet"], stdin: Array("bad\nok@example.com\n".utf8))
        #expect(run.output == "invalid\nvalid\n")
        #expect(run.stderr.isEmpty)
        #expect(run.status == 1)
    }

    @Test func invalidUTF8IsAnInvalidLine() throws {
        let run = try SanitizeProcess.run(
            ["check", "email", "--mode", "international"], stdin: [0x61, 0xFF, 0x40, 0x62, 0x0A])
        #expect(run.output == "invalid\n")
        #expect(run.stderr == "sanitize: line 1: input is not UTF-8 [invalid-utf8]\n")
    }

    @Test func aPatternFileReplacesTheMode() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("corp-\(UUID().uuidString).pcre")
        try "# only our own domain\n[a-z]+@corp\\.example\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try SanitizeProcess.run(
            ["check", "email", "--pattern-file", file.path, "ann@corp.example", "ann@example.com"])
        #expect(run.output == "valid\ninvalid\n")
        #expect(run.status == 1)
    }

    @Test func theRepositoryRulesDirectoryLoads() throws {
        let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Rules")
        let run = try SanitizeProcess.run(
            ["check", "email", "--mode", "strict", "--rules", rules.path, "user@example.com", "user@example.museum"])
        #expect(run.output == "valid\ninvalid\n")
    }

    @Test func configurationErrorsExitTwo() throws {
        let missing = try SanitizeProcess.run(["check", "email", "--rules", "/nonexistent", "a@b.c"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read the email rule file"))
        #expect(missing.stdout.isEmpty)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).pcre")
        try "(unclosed\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let broken = try SanitizeProcess.run(["check", "email", "--pattern-file", file.path, "a@b.c"])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("missing closing parenthesis"))
        #expect(broken.stderr.contains("[regex-compile]"))

        let badMode = try SanitizeProcess.run(["check", "email", "--mode", "bogus", "a@b.c"])
        #expect(badMode.status == 2)
        #expect(badMode.stderr.contains("Unknown --mode 'bogus'"))

        let both = try SanitizeProcess.run(["check", "email", "--rules", "/x", "--pattern-file", "/y", "a@b.c"])
        #expect(both.status == 2)
    }
}
