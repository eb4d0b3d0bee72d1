import Foundation
import Testing
import TestSupport

/// Commands that read lines and write standard output, with standard output appended to their
/// own input: refused as `cat` refuses it, where they would otherwise read their output forever.
@Suite("standard output that is the input")
struct SameFileTests {
    @Test(
        "a line command whose standard output is its input file: exit 2, one line, the file intact",
        arguments: [
            #""$SANITIZE" strip controls < in.ndjson >> in.ndjson"#,
            #""$SANITIZE" encode url-component < in.ndjson >> in.ndjson"#,
            #""$SANITIZE" check email < in.ndjson >> in.ndjson"#,
            #""$SANITIZE" validate --schema "$C" < in.ndjson >> in.ndjson"#,
            #""$SANITIZE" validate --schema "$C" in.ndjson >> in.ndjson"#,
            #""$SANITIZE" validate --schema "$C" --ndjson ./link >> in.ndjson"#,
        ])
    func refused(script: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("same-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = Array(#"{"id":1,"name":"a","email":"a@example.com"}"#.utf8 + [0x0A]) + Array(#"{"id":"x"}"#.utf8 + [0x0A])
        let file = directory.appendingPathComponent("in.ndjson")
        try Data(input).write(to: file)
        let run = try ShellProcess.run(
            #"cd "\#(directory.path)" && ln -s in.ndjson link && C="\#(FilterFixtures.contract)" && "# + script)
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("standard output is"), "stderr: \(run.stderr)")
        #expect(run.stderr.contains("what is written would be read again [configuration]"), "stderr: \(run.stderr)")
        #expect(Array(try Data(contentsOf: file)) == input)
    }

    @Test("a whole instance file is read before its verdict is written: appending the verdict to it is allowed")
    func wholeFileAllowed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("same-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"id":1}"#.utf8).write(to: directory.appendingPathComponent("one.json"))
        let run = try ShellProcess.run(
            #"cd "\#(directory.path)" && "$SANITIZE" validate --schema "\#(FilterFixtures.contract)" one.json >> one.json; cat one.json"#)
        #expect(run.stdout.hasPrefix(#"{"id":1}one.json"#), "stdout: \(run.stdout)")
    }
}
