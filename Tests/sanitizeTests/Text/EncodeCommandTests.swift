import Testing

@Suite("sanitize encode")
struct EncodeCommandTests {
    @Test(
        "one output line per input line, for each kind",
        arguments: [
            (["encode", "sql-literal"], "O'Reilly\n\\n", "'O''Reilly'\n'\\n'\n"),
            (["encode", "sql-literal", "--dialect", "postgres"], "a\\'b\n", "'a\\''b'\n"),
            (["encode", "sql-literal", "--dialect", "mysql"], "a\\'b\"\n", "'a\\\\\\'b\\\"'\n"),
            (["encode", "sql-identifier", "--dialect", "mysql"], "ta`ble\n", "`ta``ble`\n"),
            (["encode", "sql-identifier"], "my \"col\"\n", "\"my \"\"col\"\"\"\n"),
            (["encode", "shell"], "it's $HOME\n\n", "'it'\\''s $HOME'\n''\n"),
            (["encode", "url-component"], "a b/c?d=é\n", "a%20b%2Fc%3Fd%3D%C3%A9\n"),
            (["encode", "url-path-segment"], "a b/c%\n", "a%20b%2Fc%25\n"),
            (["encode", "url-query"], "a&b=c+d#e f\n", "a%26b%3Dc%2Bd%23e%20f\n"),
            (["encode", "url-form"], "a b&c~\n", "a+b%26c%7E\n"),
            (["encode", "url-userinfo"], "us:er@x\n", "us%3Aer%40x\n"),
            (["encode", "url-fragment"], "a b#c%\n", "a%20b#c%25\n"),
            (["encode", "url-rfc3986"], "a*b~\n", "a%2Ab~\n"),
        ])
    func kinds(arguments: [String], input: String, expected: String) throws {
        let run = try SanitizeProcess.run(arguments, input: input)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output == expected)
        #expect(run.stderr.isEmpty)
    }

    @Test("a line without a final newline still gets one; arguments work as lines")
    func framing() throws {
        let piped = try SanitizeProcess.run(["encode", "shell"], input: "a\nb")
        #expect(piped.output == "'a'\n'b'\n")
        let arguments = try SanitizeProcess.run(["encode", "shell", "x y", "z"])
        #expect(arguments.output == "'x y'\n'z'\n")
        #expect(arguments.status == 0)
    }

    @Test("NUL and invalid UTF-8 reject the line with its byte offset; the rest go on")
    func rejects() throws {
        let run = try SanitizeProcess.run(
            ["encode", "sql-literal"], stdin: Array("ok\n".utf8) + [0x61, 0x00, 0x0A, 0x61, 0x62, 0xC3, 0x0A] + Array("last\n".utf8))
        #expect(run.status == 1)
        #expect(run.output == "'ok'\n\n\n'last'\n")
        #expect(
            run.stderr
                == "sanitize: line 2: NUL byte at byte 1 cannot be quoted for SQL [nul-byte]\nsanitize: line 3: invalid UTF-8 at byte 2 [invalid-utf8]\n")
        let url = try SanitizeProcess.run(["encode", "url-component"], stdin: [0x25, 0xFF, 0x0A])
        #expect(url.status == 1)
        #expect(url.output == "\n")
        #expect(url.stderr == "sanitize: line 1: invalid UTF-8 at byte 1 [invalid-utf8]\n")
    }

    @Test("identifiers the database would change are rejected")
    func identifiers() throws {
        let run = try SanitizeProcess.run(["encode", "sql-identifier", "--dialect", "postgres"], input: "\n\(String(repeating: "x", count: 64))\nok\n")
        #expect(run.status == 1)
        #expect(run.output == "\n\n\"ok\"\n")
        #expect(run.stderr.contains("line 1: an identifier cannot be empty"))
        #expect(run.stderr.contains("line 2: identifier is 64 bytes; PostgreSQL keeps only 63"))
    }

    @Test("usage errors exit 2", arguments: [["encode", "html"], ["encode", "shell", "--dialect", "mysql"], ["encode", "sql-literal", "--dialect", "oracle"]])
    func usage(arguments: [String]) throws {
        let run = try SanitizeProcess.run(arguments, input: "x\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(!run.stderr.isEmpty)
    }
}
