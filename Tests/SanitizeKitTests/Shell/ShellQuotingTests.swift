import SanitizeKit
import Testing

/// Every naughty string, quoted and run through `sh -c 'printf %s <quoted>'` and the same with
/// `bash -c`, prints exactly the input. All strings go through one shell process per shell,
/// separated by NUL bytes (no naughty string holds NUL).
@Suite("Shell quoting")
struct ShellQuotingTests {
    @Test("sh and bash print exactly the quoted value", .corpus(.naughtyStrings), arguments: ["sh", "bash"])
    func roundTrip(shell: String) throws {
        let values = TextCorpus.all
        #expect(!values.contains { $0.contains("\u{0}") })
        var script = ""
        for value in values {
            script += "printf %s \(try Shell.quote(value)); printf '\\000'\n"
        }
        let run = try ExternalTool.run(shell, ["-c", script])
        #expect(run.status == 0, "\(shell) failed: \(run.stderr)")
        var printed = run.stdout.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        #expect(printed.last == [])
        printed.removeLast()
        #expect(printed.count == values.count)
        for (value, output) in zip(values, printed) {
            #expect(output == Array(value.utf8), "\(shell): \(value.debugDescription)")
        }
    }

    @Test(
        "quoting rules",
        arguments: [
            ("", "''"), ("abc", "'abc'"), ("it's", "'it'\\''s'"), ("$HOME `id` \\n", "'$HOME `id` \\n'"),
            ("''", "''\\'''\\'''"),
        ])
    func rules(input: String, expected: String) throws {
        #expect(try Shell.quote(input) == expected)
    }

    @Test("NUL and invalid UTF-8 are refused with their offsets")
    func refused() {
        #expect(throws: SanitizeError(.nulByte, "NUL byte at byte 3 cannot be passed in a shell argument", at: .init(byteOffset: 3))) {
            try Shell.quote("abc\u{0}")
        }
        let bytes: [UInt8] = [0x61, 0xFF]
        #expect(throws: SanitizeError(.invalidUTF8, "invalid UTF-8 at byte 1", at: .init(byteOffset: 1))) {
            try bytes.withUnsafeBytes { try Shell.quote(utf8: $0) }
        }
    }

    @Test(
        "strip removes the documented metacharacters",
        arguments: [
            ("a; rm -rf / &", "arm-rf/"), ("$(id)`id`", "idid"), ("file[1]*.txt", "file1.txt"),
            ("a|b>c<d", "abcd"), ("~user/{a,b}#!^", "user/a,b"), ("café-ok_1.2", "café-ok_1.2"),
        ])
    func strip(input: String, expected: String) throws {
        #expect(try Shell.strip(input) == expected)
    }

    @Test("stripped naughty strings hold no metacharacter", .corpus(.naughtyStrings))
    func stripInvariant() throws {
        let meta = Set("|&;<>()$`\\\"' \t\n\r*?[]#~{}!^".unicodeScalars)
        for value in TextCorpus.all {
            #expect(!(try Shell.strip(value)).unicodeScalars.contains { meta.contains($0) })
        }
    }
}
