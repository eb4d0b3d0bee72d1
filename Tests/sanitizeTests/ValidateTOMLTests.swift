import Foundation
import Testing

/// `sanitize validate --schema FILE x.toml`: TOML instance files read into the JSON data model,
/// dates as RFC 3339 strings, and a TOML error reported as that file's violation with its line
/// and column.
struct ValidateTOMLTests {
    static let schema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "type": "object", "required": ["project"],
         "properties": {"project": {"type": "object", "required": ["name"],
           "properties": {"name": {"type": "string"}, "released": {"type": "string", "format": "date-time"},
                          "version": {"type": "integer", "minimum": 1}}}}}
        """

    static let files: [(name: String, text: String)] = [
        ("schema.json", schema),
        ("good.toml", "[project]\nname = \"demo\"\nreleased = 1979-05-27T07:32:00Z\nversion = 2\n"),
        ("local.TOML", "[project]\nname = \"demo\"\nreleased = 1979-05-27T07:32:00\n"),
        ("bad.toml", "[project]\nversion = 0\n"),
        ("broken.toml", "[project]\nname = \"a\"\nname = \"b\"\n"),
    ]

    @Test func tomlInstancesAgainstAContract() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("validate-toml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let paths = try Self.files.map { entry in
            let url = scratch.appendingPathComponent(entry.name)
            try Data(entry.text.utf8).write(to: url)
            return url.path
        }
        let (schema, good, local, bad, broken) = (paths[0], paths[1], paths[2], paths[3], paths[4])
        let run = try SanitizeProcess.run(["validate", "--schema", schema, good, local, bad, broken])
        // A local date-time has no offset: it is not an RFC 3339 date-time, so `format` fails.
        #expect(run.lines == ["\(good)\tvalid", "\(local)\tinvalid", "\(bad)\tinvalid", "\(broken)\tinvalid"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(bad): /project: required member \"name\" is missing"))
        #expect(run.stderr.contains("\(broken): \"\": not readable TOML: not valid TOML:"))
        #expect(run.stderr.contains("line 3:"))
        #expect(run.stderr.contains("[toml-invalid]"))
        let annotation = try SanitizeProcess.run(["validate", "--schema", schema, "--no-assert-formats", local])
        #expect(annotation.lines == ["\(local)\tvalid"])
    }
}
