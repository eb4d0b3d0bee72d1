import Foundation
import Testing

@Suite("sanitize strip")
struct StripCommandTests {
    @Test(
        "each kind",
        arguments: [
            (["strip", "sql"], "1'; DROP TABLE t; --\t\n50% /*x*/\n", "1 DROP TABLE t \n50 *x*\n"),
            (["strip", "shell"], "a; rm -rf / & $(id)\n", "arm-rf/id\n"),
            (["strip", "controls"], "a\u{1B}[31mb\u{7F}c\u{85}d\te\r\n", "a[31mbcde\n"),
            (["strip", "bidi"], "x\u{202E}y\u{2066}z\u{2069}\u{200F}\n", "xyz\n"),
            (["strip", "zero-width"], "pa\u{200B}y\u{FEFF}pal 👨‍👩‍👧\n", "paypal 👨‍👩‍👧\n"),
            (["strip", "sql", "--characters", "<>"], "<a>';\n", "a';\n"),
            (["strip", "sql", "--sequence", "xx"], "axxb--c'\n", "ab--c\n"),
        ])
    func kinds(arguments: [String], input: String, expected: String) throws {
        let run = try SanitizeProcess.run(arguments, input: input)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output == expected)
    }

    @Test("NUL (sql, shell) and invalid UTF-8 (all) reject the line")
    func rejects() throws {
        let sql = try SanitizeProcess.run(["strip", "sql"], stdin: [0x61, 0x00, 0x0A, 0x62, 0x0A])
        #expect(sql.status == 1)
        #expect(sql.output == "\nb\n")
        #expect(sql.stderr == "sanitize: line 1: NUL byte at byte 1 is not allowed in SQL text [nul-byte]\n")
        let controls = try SanitizeProcess.run(["strip", "controls"], stdin: [0x00, 0x61, 0x0A, 0x61, 0xED, 0xA0, 0x80, 0x0A])
        #expect(controls.status == 1)
        #expect(controls.output == "a\n\n")
        #expect(controls.stderr == "sanitize: line 2: invalid UTF-8 at byte 1 [invalid-utf8]\n")
    }

    @Test("--characters is refused for kinds without a character set")
    func usage() throws {
        let run = try SanitizeProcess.run(["strip", "controls", "--characters", "x"], input: "x\n")
        #expect(run.status == 2)
    }
}

@Suite("sanitize strip --strip-sets")
struct StripSetsOptionTests {
    @Test("a strip-sets file replaces the compiled-in set; a bad one is a usage error")
    func file() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strip-sets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sets.json").path
        try Data(#"{"sets": {"sql": {"characters": "<>", "sequences": ["xx"]}}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let run = try SanitizeProcess.run(["strip", "sql", "--strip-sets", path], input: "<a>'xxb\n")
        #expect(run.status == 0)
        #expect(run.output == "a'b\n")
        let missing = try SanitizeProcess.run(["strip", "shell", "--strip-sets", path], input: "x\n")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("has no set named shell"))
    }
}
