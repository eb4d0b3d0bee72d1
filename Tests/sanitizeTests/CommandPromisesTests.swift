import Foundation
import Testing

/// What the README promises about every command, as a newcomer checked it (issue 30, "The
/// command and the docs"): each test runs the built binary as a user would, through bash where
/// a byte-exact argument or a special file matters.
@Suite("The command's promises (issue 30)")
struct CommandPromisesTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("promises-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    // Point 2: a line over --max-line-bytes gets the command's own rejection line.

    @Test("2: check email writes invalid for a line over --max-line-bytes, and the reason")
    func checkEmailOversized() throws {
        let run = try SanitizeProcess.run(
            ["check", "email", "--max-line-bytes", "10"], input: "aaaaaaaaaa@example.com\na@b.c\n")
        #expect(run.status == 1)
        #expect(run.output == "invalid\nvalid\n")
        #expect(run.stderr == "sanitize: line 1: line is 22 bytes, over the limit of 10 [limit-exceeded]\n")
    }

    @Test("2: guard on standard input writes invalid for a line over --max-line-bytes")
    func guardOversized() throws {
        let run = try SanitizeProcess.run(
            ["guard", "--max-line-bytes", "40"],
            input: #"{"url": "https://example.com/a-rather-long-path"}"# + "\n" + #"{"url": "https://example.com/"}"# + "\n")
        #expect(run.status == 1)
        #expect(run.output == "invalid\nallow\n")
        #expect(run.stderr == "sanitize: line 1: line is 49 bytes, over the limit of 40 [limit-exceeded]\n")
        let withURL = try SanitizeProcess.run(["guard", "--max-line-bytes", "40", "https://example.com/"])
        #expect(withURL.status == 2)
        #expect(withURL.stderr.hasSuffix("[usage]\n"))
    }

    // Point 4: the help (and the man page, generated from the same text) names every dialect.

    @Test("4: validate --help and filter --help name the five dialects; validate names OpenAPI", arguments: ["validate", "filter"])
    func helpNamesDialects(command: String) throws {
        let run = try SanitizeProcess.run([command, "--help"])
        #expect(run.status == 0)
        for dialect in ["2020-12", "2019-09", "draft-07", "draft-06", "draft-04"] {
            #expect(run.output.contains(dialect), "\(command) --help does not name \(dialect)")
        }
        #expect(!run.output.contains("or draft-07 by $schema") && !run.output.contains("or draft-07 via $schema"))
        if command == "validate" { #expect(run.output.contains("OpenAPI 3.0/3.1")) }
        // The man page is made from --experimental-dump-help: the same words are there.
        let dump = try SanitizeProcess.run(["--experimental-dump-help"])
        #expect(dump.output.contains("draft-06 or draft-04"))
    }

    // Point 5: arguments obey the rules of lines; file names are opened by their bytes.

    @Test("5: a guard URL argument that is not UTF-8 is denied with a line, exit 1")
    func guardURLInvalidUTF8() throws {
        let run = try ShellProcess.run(#""$SANITIZE" guard $'https://a\xff.example/'"#)
        #expect(run.status == 1)
        #expect(run.stdout == "deny: url-malformed: the URL is not valid UTF-8 at byte 9\n")
        #expect(run.stderr.isEmpty)
        let explained = try ShellProcess.run(#""$SANITIZE" guard --explain $'https://a\xff.example/'"#)
        #expect(explained.stdout == "deny: url-malformed: the URL is not valid UTF-8 at byte 9\tunreadable\n")
    }

    @Test("5: a message CODE that is not UTF-8 gets the message without a code, exit 1, its reason")
    func messageCodeInvalidUTF8() throws {
        let fallback = try ShellProcess.run(#""$SANITIZE" message < /dev/null"#)
        #expect(fallback.status == 0)
        let run = try ShellProcess.run(#""$SANITIZE" message $'auth.\xff'"#)
        #expect(run.status == 1)
        #expect(run.stdout == fallback.stdout)
        #expect(!run.stdout.isEmpty && !run.stdout.contains("\u{FFFD}"))
        #expect(run.stderr == "sanitize: CODE: invalid UTF-8 at byte 5; the message without a code follows [invalid-utf8]\n")
    }

    @Test("5: non-UTF-8 names of a schema, a contract and a guard policy are opened by their bytes")
    func configurationFileNames() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ShellProcess.run(
            #"""
            cd '\#(directory.path)' || exit 9
            printf '{"type": "object", "required": ["id"]}' > $'\xff.json'
            printf '{"version": 1}' > $'\xfd.json'
            printf '{"type": "object"' > $'\xfc.json'
            printf '{"id": 1}\n{}\n' | "$SANITIZE" validate --schema $'\xff.json'; echo "validate $?"
            printf '{"id": 1}\n' | "$SANITIZE" validate --schema=$'\xff.json'; echo "validate= $?"
            printf '{"id": 1}\n{}\n' | "$SANITIZE" filter --contract $'\xff.json' 2>/dev/null; echo "filter $?"
            "$SANITIZE" guard --policy $'\xfd.json' https://example.com/; echo "guard $?"
            "$SANITIZE" challenge --policy $'\xfd.json' --origin https://example.com/ 'Basic realm="r"' | cut -c1-14; echo "challenge $?"
            "$SANITIZE" validate --schema $'\xfc.json' < /dev/null 2>&1; echo "broken $?"
            "$SANITIZE" guard --policy $'\xfb.json' https://example.com/ 2>&1; echo "missing $?"
            mkdir $'\xfa.json' && "$SANITIZE" validate --schema $'\xfa.json' < /dev/null 2>&1; echo "directory $?"
            """#)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(11)) == [
                "valid", "invalid", "validate 1",
                "valid", "validate= 0",
                #"{"id":1}"#, "filter 1",
                "allow", "guard 0",
                #"{"challenges":"#, "challenge 0",
            ], "\(run.stderr)")
        // Messages about such a file name it as every message does: its bytes as \xFC.
        #expect(lines.count == 17)
        #expect(lines.dropFirst(11).first?.hasPrefix(#"sanitize: \xFC.json"#) == true, "\(lines)")
        #expect(lines.dropFirst(11).first?.hasSuffix("[json-syntax]") == true, "\(lines)")
        #expect(Array(lines.suffix(5)) == [
            "broken 2",
            #"sanitize: \xFB.json: cannot read the guard policy: No such file or directory [io]"#, "missing 2",
            #"sanitize: \xFA.json: cannot read the schema: Is a directory [io]"#, "directory 2",
        ])
    }

    // Point 6: the root pointer, spelled as RFC 6901 and the reports spell it.

    @Test("6: validate prints the root as \"\" on standard error, never /")
    func rootPointer() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"type": "object", "properties": {"": {"type": "string"}}}"#.utf8)
            .write(to: directory.appendingPathComponent("s.json"))
        let run = try SanitizeProcess.run(["validate", "--schema", "s.json"], input: "1\n{\"\": 2}\n", in: directory)
        #expect(run.status == 1)
        #expect(run.lines == ["invalid", "invalid"])
        // The root, then the member named "" (whose pointer is "/").
        #expect(
            run.stderr == """
                sanitize: line 1: "": expected object, found integer [type]
                sanitize: line 2: /: expected string, found integer [type]

                """)
    }

    // Point 7: every error line in the one style, naming what it is about.

    @Test("7: filter names an input it cannot read (a directory), with the code; exit 2")
    func filterDirectory() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("records"), withIntermediateDirectories: true)
        let run = try SanitizeProcess.run(["filter", "records"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr == "sanitize: records: cannot read input: Is a directory [io]\n")
    }

    @Test("7: a report that cannot be written is named, not called a descriptor")
    func reportFileNamed() throws {
        let schema = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).json")
        try Data(#"{"properties": {"a": {"type": "string"}}}"#.utf8).write(to: schema)
        defer { try? FileManager.default.removeItem(at: schema) }
        let full = try ShellProcess.run(
            #"printf '{"a": 1}\n' | "$SANITIZE" filter --contract '\#(schema.path)' --report /dev/full; echo "status $?""#)
        #expect(full.stdout == "status 2\n")
        #expect(full.stderr == "sanitize: /dev/full: cannot write output: No space left on device [io]\n")
    }
}
