import Foundation
import Testing

/// `sanitize check email --mode international` and the policy options (issue #21), run as a
/// user runs it.
@Suite("sanitize check email: international rules and policy options")
struct CheckEmailInternationalTests {
    @Test func theIssuesAddressesAreInvalidWithTheirReasons() throws {
        let input = "a\u{202E}b@example.com\n\u{200B}@example.com\na\u{2028}b@example.com\nme@bad.tld-2\nme@yy--0.tld\nme@localhost\nme@x.test\ncafe\u{301}@example.com\nok@example.com\n"
        let run = try SanitizeProcess.run(["check", "email", "--mode", "international"], stdin: Array(input.utf8))
        #expect(run.lines == Array(repeating: "invalid", count: 8) + ["valid"])
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                sanitize: line 1: U+202E RIGHT-TO-LEFT OVERRIDE at byte 1: a format character (Cf) is never allowed in an address [refused-character]
                sanitize: line 2: U+200B ZERO WIDTH SPACE at byte 0: a format character (Cf) is never allowed in an address [refused-character]
                sanitize: line 3: U+2028 LINE SEPARATOR at byte 1: a line separator (Zl) is never allowed in an address [refused-character]
                sanitize: line 4: top-level domain does not end with a letter (RFC 1123 §2.1, RFC 3696 §2) [invalid-top-level-domain]
                sanitize: line 5: domain label has -- in positions 3-4 but is not an xn-- A-label (RFC 5890 §2.3.1) [reserved-label-hyphens]
                sanitize: line 6: domain has no dot (policy: require a dot) [domain-without-dot]
                sanitize: line 7: domain is special-use name .test (RFC 6761; policy: refuse special-use names) [special-use-domain]
                sanitize: line 8: local part is not in Unicode NFC (RFC 6532 §3.1); NFC form: caf\u{E9}@example.com [local-part-not-nfc]

                """)
    }

    @Test func policyFlagsOverrideTheDefaults() throws {
        let input = Array("me@localhost\nme@x.test\n\"a b\"@example.com\nme@[192.0.2.1]\n".utf8)
        let defaults = try SanitizeProcess.run(["check", "email", "--mode", "international", "--quiet"], stdin: input)
        #expect(defaults.lines == ["invalid", "invalid", "valid", "valid"])
        let flipped = try SanitizeProcess.run(
            [
                "check", "email", "--mode", "international", "--quiet", "--no-require-dot", "--no-refuse-special-use",
                "--no-quoted-local-part", "--no-domain-literal",
            ], stdin: input)
        #expect(flipped.lines == ["valid", "valid", "invalid", "invalid"])
        let rfc5321 = try SanitizeProcess.run(["check", "email", "--mode", "rfc5321"], stdin: input)
        #expect(rfc5321.lines == ["invalid", "invalid", "valid", "valid"])
        #expect(rfc5321.stderr.contains("sanitize: line 1: domain has no dot (policy: require a dot) [domain-without-dot]"))
        let grammarOnly = try SanitizeProcess.run(
            ["check", "email", "--mode", "rfc5321", "--quiet", "--no-require-dot", "--no-refuse-special-use"], stdin: input)
        #expect(grammarOnly.lines == ["valid", "valid", "valid", "valid"])
    }

    @Test func policyFlagsWithAPatternOnlyModeAreAUsageError() throws {
        let run = try SanitizeProcess.run(["check", "email", "--mode", "html5", "--require-dot", "a@b.c"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("apply to --mode rfc5321 and international only"))
    }

    @Test func theRulesDirectoryPolicyIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("check-email-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("email"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Rules/email")
        try FileManager.default.copyItem(
            at: rules.appendingPathComponent("international.pcre"),
            to: directory.appendingPathComponent("email/international.pcre"))
        try #"{"modes": {"international": {"requireDot": false, "refuseSpecialUseNames": false, "allowQuotedLocalPart": true, "allowDomainLiteral": true}}, "specialUseNames": []}"#
            .write(to: directory.appendingPathComponent("email/policy.json"), atomically: true, encoding: .utf8)
        let run = try SanitizeProcess.run(
            ["check", "email", "--mode", "international", "--rules", directory.path, "me@localhost"])
        #expect(run.output == "valid\n")
        let flag = try SanitizeProcess.run(
            ["check", "email", "--mode", "international", "--rules", directory.path, "--require-dot", "me@localhost"])
        #expect(flag.output == "invalid\n")
        try "{".write(to: directory.appendingPathComponent("email/policy.json"), atomically: true, encoding: .utf8)
        let broken = try SanitizeProcess.run(
            ["check", "email", "--mode", "international", "--rules", directory.path, "me@localhost"])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("not an email policy file"))
    }
}
