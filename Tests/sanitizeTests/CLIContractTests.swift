import Foundation
import Testing

/// The CLI contract of DESIGN.md, case by case as issue #17 numbers them; each runs the built
/// binary as a user would (through bash where a pipe, `/dev/full` or a byte-exact argument
/// is needed).
@Suite("CLI contract (issue #17)")
struct CLIContractTests {
    static let schema = Fixtures.repositoryRoot.appendingPathComponent("Rules/contracts/user.schema.json").path
    static let users = Fixtures.repositoryRoot.appendingPathComponent("Examples/users.ndjson").path

    /// A fresh scratch directory.
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sanitize-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The lines of a text, without the final empty piece.
    static func lines(_ text: String) -> [String] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    // 1
    @Test(
        "1: a write error ends the command at once with one message and status 2",
        arguments: [
            "yes \"it's\" | head -100000 | \"$SANITIZE\" encode shell",
            "yes 'a b' | head -100000 | \"$SANITIZE\" encode url-component",
            "yes 'a@b.c' | head -100000 | \"$SANITIZE\" check email",
            "yes 'a;b' | head -100000 | \"$SANITIZE\" strip sql",
            "yes '{}' | head -100000 | \"$SANITIZE\" validate --schema \"$SCHEMA\"",
            "for i in $(seq 1 2000); do cat \"$USERS\"; done | \"$SANITIZE\" filter --contract \"$SCHEMA\" 2>/dev/null",
        ])
    func writeError(pipeline: String) throws {
        let run = try ShellProcess.run(
            "export SCHEMA='\(Self.schema)' USERS='\(Self.users)'; \(pipeline) > /dev/full; echo \"status $?\" >&2")
        let messages = Self.lines(run.stderr).filter { $0.hasPrefix("sanitize:") }
        #expect(messages == ["sanitize: standard output: cannot write output: No space left on device [io]"] || pipeline.contains("2>/dev/null"))
        #expect(run.stderr.hasSuffix("status 2\n"), "\(run.stderr.suffix(300))")
    }

    // 2
    @Test(
        "2: invalid UTF-8 in an argument is rejected like a stdin line (exit 1), never replaced",
        arguments: [
            ("encode sql-literal", "invalid UTF-8 at byte 1 [invalid-utf8]"),
            ("encode url-component", "invalid UTF-8 at byte 1 [invalid-utf8]"),
            ("encode shell", "invalid UTF-8 at byte 1 [invalid-utf8]"),
            ("strip sql", "invalid UTF-8 at byte 1 [invalid-utf8]"),
            ("strip controls", "invalid UTF-8 at byte 1 [invalid-utf8]"),
            ("limit --bytes 10", "invalid UTF-8 at byte 1 [invalid-utf8]"),
            ("decode url", "invalid UTF-8 at byte 1 [invalid-utf8]"),
        ])
    func invalidUTF8Argument(command: String, reason: String) throws {
        let run = try ShellProcess.run("\"$SANITIZE\" \(command) $'a\\xffb' ok")
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout).count == 2)
        #expect(Self.lines(run.stdout).first == "")
        #expect(!run.stdout.contains("\u{FFFD}"))
        #expect(run.stderr == "sanitize: line 1: \(reason)\n")
    }

    @Test("2: invalid UTF-8 in an option value is a one-line usage error")
    func invalidUTF8Option() throws {
        let run = try ShellProcess.run("\"$SANITIZE\" strip sql --characters $'\\xff' x")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "sanitize: argument 4 is not valid UTF-8 (byte 0) [invalid-utf8]\n")
    }

    // 3
    @Test("3: an argument holding a line feed is rejected as one line, not split in two")
    func lineFeedArgument() throws {
        let run = try ShellProcess.run("\"$SANITIZE\" encode shell $'a\\nb' c")
        #expect(run.status == 1)
        #expect(run.stdout == "\n'c'\n")
        #expect(run.stderr == "sanitize: line 1: the argument holds a line feed at byte 1; one value is one line [line-feed]\n")
        let decode = try ShellProcess.run("\"$SANITIZE\" decode url $'ab\\ncd%41'")
        #expect(decode.status == 1)
        #expect(decode.stdout == "\n")
        #expect(!decode.stderr.contains("escape"))
        #expect(decode.stderr.contains("line feed at byte 2"))
    }

    // 4
    @Test("4: file names that are not UTF-8 are opened by their bytes")
    func nonUTF8FileNames() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let gif = Fixtures.repositoryRoot.appendingPathComponent("Tests/SanitizeKitTests/Fixtures/images").path
        let run = try ShellProcess.run(
            """
            cd '\(directory.path)' && cp "$(ls '\(gif)'/*.gif | head -1)" $'\\xff.gif' && cp '\(Self.users)' $'\\xfe.ndjson' \
            && "$SANITIZE" check image $'\\xff.gif' && "$SANITIZE" filter --contract '\(Self.schema)' $'\\xfe.ndjson' 2>/dev/null | wc -l
            """)
        let lines = Self.lines(run.stdout)
        #expect(lines.first == "\\xFF.gif\tgif\tvalid")
        #expect(Int(lines.last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0 > 0, "\(run.stderr)")
    }

    // 5
    @Test("5: check image gives every file its line, an unreadable one too, and exits 1")
    func everyFileItsLine() throws {
        let images = Fixtures.repositoryRoot.appendingPathComponent("Tests/SanitizeKitTests/Fixtures/images")
        let gif = try #require(
            try FileManager.default.contentsOfDirectory(atPath: images.path).sorted().first { $0.hasSuffix(".gif") })
        let run = try SanitizeProcess.run(["check", "image", "nofile.png", gif], in: images)
        #expect(run.lines == ["nofile.png\tunknown\tunreadable", "\(gif)\tgif\tvalid"])
        #expect(run.status == 1)
        #expect(run.stderr == "sanitize: nofile.png: cannot read the file: No such file or directory [io]\n")
    }

    // 6
    @Test("6: validate goes on past a missing file, names each file, reads .ndjson files line by line")
    func validateFiles() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("s.json")
        try #"{"type": "object", "required": ["id"]}"#.write(to: schema, atomically: true, encoding: .utf8)
        try #"{"id": 1}"#.write(to: directory.appendingPathComponent("i1.json"), atomically: true, encoding: .utf8)
        try #"{"x": 1}"#.write(to: directory.appendingPathComponent("i2.json"), atomically: true, encoding: .utf8)
        try "{\"id\": 2}\n{}\n".write(to: directory.appendingPathComponent("many.ndjson"), atomically: true, encoding: .utf8)
        let run = try SanitizeProcess.run(
            ["validate", "--schema", "s.json", "i1.json", "nofile.json", "i2.json", "many.ndjson"], in: directory)
        #expect(
            run.lines == [
                "i1.json\tvalid", "nofile.json\tunreadable", "i2.json\tinvalid", "many.ndjson:1\tvalid", "many.ndjson:2\tinvalid",
            ])
        #expect(run.status == 1)
        #expect(run.stderr.contains("sanitize: nofile.json: cannot read the instance: No such file or directory [io]\n"))
    }

    // 7
    @Test(
        "7: a closed pipe on standard output or standard error ends quietly with status 0",
        arguments: [
            "seq 1 200000 | \"$SANITIZE\" check email 2>&1 | head -3",
            "seq 1 200000 | \"$SANITIZE\" check email 2>&1 >/dev/null | head -3",
            "seq 1 200000 | \"$SANITIZE\" encode shell 2>&1 | head -3",
            "for i in $(seq 1 3000); do cat \"$USERS\"; done | \"$SANITIZE\" filter --contract \"$SCHEMA\" 2>&1 | head -3",
        ])
    func closedPipe(pipeline: String) throws {
        let run = try ShellProcess.run(
            "export SCHEMA='\(Self.schema)' USERS='\(Self.users)'; \(pipeline) > /dev/null; echo \"status ${PIPESTATUS[1]}\" >&2")
        #expect(run.stderr == "status 0\n")
    }

    // 8
    @Test(
        "8: a usage error is one line on standard error, exit 2",
        arguments: [
            (["--nope"], "sanitize: Unknown option '--nope' [usage]\n"),
            (["encode"], "sanitize: Missing expected argument '<kind>' [usage]\n"),
            (["encode", "shell", "--dialect", "mysql"], "sanitize: --dialect applies only to sql-literal and sql-identifier. [usage]\n"),
            (["limit"], "sanitize: Give exactly one of --graphemes N and --bytes N. [usage]\n"),
        ])
    func oneLineUsage(arguments: [String], message: String) throws {
        let run = try SanitizeProcess.run(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == message)
    }

    // 9
    @Test(
        "9: an unknown subcommand, for help too, is a one-line usage error",
        arguments: [["help", "bogus"], ["bogus"], ["check", "bogus"], ["help", "check", "bogus"]])
    func unknownSubcommand(arguments: [String]) throws {
        let run = try SanitizeProcess.run(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(Self.lines(run.stderr).count == 1)
        #expect(run.stderr.contains("bogus"))
    }

    @Test("9: help for a real subcommand still works")
    func helpForRealSubcommand() throws {
        let run = try SanitizeProcess.run(["help", "check", "email"])
        #expect(run.status == 0)
        #expect(run.output.contains("USAGE: sanitize check email"))
    }

    // 10
    @Test("10: values that begin with - are values; --jobs -1 says what is wrong")
    func dashValues() throws {
        let strip = try SanitizeProcess.run(["strip", "sql", "--characters", "-_", "a-b_c"])
        #expect(strip.status == 0)
        #expect(strip.output == "abc\n")
        let jobs = try SanitizeProcess.run(["filter", "--jobs", "-1"])
        #expect(jobs.status == 2)
        #expect(jobs.stderr == "sanitize: --jobs must be from 1 to 256; got -1. [usage]\n")
    }

    @Test("10: a job count past 256 is refused before any thread starts, Int.max included")
    func tooManyJobs() throws {
        for count in ["257", "100000000", "\(Int.max)"] {
            let run = try SanitizeProcess.run(["filter", "--jobs", count], input: "{}\n")
            #expect(run.status == 2, "--jobs \(count)")
            #expect(run.output.isEmpty, "--jobs \(count)")
            #expect(run.stderr == "sanitize: --jobs must be from 1 to 256; got \(count). [usage]\n")
        }
        let most = try SanitizeProcess.run(["filter", "--jobs", "256"], input: "{\"a\":1}\n")
        #expect(most.status == 0)
        #expect(most.output == "{\"a\":1}\n")
    }

    @Test("10: configuration errors in one style, naming the file, never a Foundation or Decoding description")
    func configurationMessages() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try "{\n".write(to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        try "(\n".write(to: directory.appendingPathComponent("bad.pcre"), atomically: true, encoding: .utf8)
        try Data(#"{"stringSteps": ["t"#.utf8 + [0xFF] + #"rim"]}"#.utf8).write(to: directory.appendingPathComponent("bad-utf8.json"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("badcatalog"), withIntermediateDirectories: true)
        try "{\n".write(to: directory.appendingPathComponent("badcatalog/en.json"), atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["message", "--catalog", "empty", "x"], "sanitize: empty: no catalog file for the default locale en (en.json) [catalog-locale]\n"),
            (["check", "email", "--pattern-file", "bad.pcre", "x"], "sanitize: bad.pcre byte 1: pattern does not compile"),
            (["validate", "--schema", "empty"], "sanitize: empty: cannot read the schema: Is a directory [io]\n"),
            (["strip", "sql", "--strip-sets", "bad.json", "x"], "sanitize: bad.json:2:1 byte 2: not a strip-sets file: expected a string key but found end of input [json-syntax]\n"),
            (["guard", "--policy", "bad.json", "https://a.example/"], "sanitize: bad.json:2:1 byte 2: not a guard policy file: expected a string key but found end of input [policy-invalid]\n"),
            (["filter", "--policy", "bad.json"], "sanitize: bad.json:2:1 byte 2: not a filter policy file: expected a string key but found end of input [json-syntax]\n"),
            (["filter", "--policy", "bad-utf8.json"], "sanitize: bad-utf8.json:1:20 byte 19: not a filter policy file: invalid UTF-8 lead byte 0xFF [invalid-utf8]\n"),
            (["message", "--catalog", "badcatalog", "x"], "sanitize: badcatalog/en.json:2:1 byte 2: not a message catalog: expected a string key but found end of input [catalog-syntax]\n"),
            (["validate", "--schema", "nofile"], "sanitize: nofile: cannot read the schema: No such file or directory [io]\n"),
            (["filter", "--contract", "nofile"], "sanitize: nofile: cannot read the contract: No such file or directory [io]\n"),
            (["guard", "--policy", "nofile", "https://a.example/"], "sanitize: nofile: cannot read the guard policy: No such file or directory [io]\n"),
            (["strip", "sql", "--strip-sets", "nofile", "x"], "sanitize: nofile: cannot read the strip-sets file: No such file or directory [io]\n"),
            (["check", "email", "--pattern-file", "nofile", "x"], "sanitize: nofile: cannot read the email rule file: No such file or directory [io]\n"),
            (["filter", "nofile"], "sanitize: nofile: cannot read the input: No such file or directory [io]\n"),
        ]
        for (arguments, message) in cases {
            let run = try SanitizeProcess.run(arguments, stdin: [], in: directory)
            #expect(run.status == 2, "\(arguments)")
            // The file is named as given, or as an absolute path (schemas and policies are read through URLs).
            let expected = String(message.dropFirst("sanitize: ".count))
            #expect(
                run.stderr.hasPrefix("sanitize: ") && run.stderr.contains(expected) && Self.lines(run.stderr).count == 1,
                "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("DecodingError"))
        }
    }

    @Test("10: an invalid line that ends in CR says so")
    func carriageReturn() throws {
        let run = try SanitizeProcess.run(["check", "email"], input: "a@b.example\r\nc@d.example\n")
        #expect(run.lines == ["invalid", "valid"])
        #expect(run.stderr.contains("the line ends with a carriage return"))
    }

    // 11
    @Test("11: an unknown --type is a usage error")
    func unknownType() throws {
        let run = try SanitizeProcess.run(["check", "image", "--type", "bogus", "x.png"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("sanitize: Unknown --type 'bogus'"))
    }

    // 12
    @Test("12: message with a CODE honours --header as the body path does")
    func messageHeaders() throws {
        let withCode = try SanitizeProcess.run(["message", "--status", "429", "--header", "Retry-After: 30", "rate-limited"])
        #expect(withCode.output == "Too many requests. Please try again in 30 seconds.\n")
        let withBody = try SanitizeProcess.run(["message", "--status", "429", "--header", "Retry-After: 30"], input: "{}")
        #expect(withBody.output == withCode.output)
    }

    // 14
    @Test("14: --version prints the one version constant, which --help and the README show")
    func version() throws {
        let run = try SanitizeProcess.run(["--version"])
        #expect(run.status == 0)
        let version = run.output.trimmingCharacters(in: .newlines)
        #expect(version.split(separator: ".").count == 3)
        let help = try SanitizeProcess.run(["--help"])
        #expect(help.output.contains("Version \(version)."))
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("$ sanitize --version\n\(version)\n"))
    }
}
