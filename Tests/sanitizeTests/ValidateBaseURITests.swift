import Foundation
import Testing

/// `sanitize validate --base-uri URI`, and a `--ref` that claims the root's own URI.
struct ValidateBaseURITests {
    static func write(_ text: String, _ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("base-uri-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func baseURIResolvesTheRootsRelativeRefs() throws {
        let schema = try Self.write(#"{"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://elsewhere.example/x.json","$ref":"item.json"}"#, "root.json")
        let item = try Self.write(#"{"type":"integer"}"#, "item.json")
        defer { for url in [schema, item] { try? FileManager.default.removeItem(at: url) } }
        let arguments = ["validate", "--schema", schema.path, "--ref", "https://example.com/s/item.json=\(item.path)"]
        let run = try SanitizeProcess.run(arguments + ["--base-uri", "https://example.com/s/root.json"], stdin: Array("1\n\"x\"\n".utf8))
        #expect(run.lines == ["valid", "invalid"])
        #expect(run.status == 1)
        let without = try SanitizeProcess.run(arguments, stdin: Array("1\n".utf8))
        #expect(without.status == 2)
        #expect(without.stderr.contains("contract-unresolved-ref"))
    }

    @Test(arguments: ["relative/root.json", "#x"])
    func relativeBaseURIExitsTwo(_ base: String) throws {
        let schema = try Self.write("{}", "empty.json")
        defer { try? FileManager.default.removeItem(at: schema) }
        let run = try SanitizeProcess.run(["validate", "--schema", schema.path, "--base-uri", base], stdin: Array("1\n".utf8))
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
    }

    @Test func refAtTheRootsOwnIDExitsTwo() throws {
        let schema = try Self.write(#"{"$id":"https://example.com/root.json","type":"integer"}"#, "root.json")
        let other = try Self.write(#"{"type":"string"}"#, "other.json")
        defer { for url in [schema, other] { try? FileManager.default.removeItem(at: url) } }
        let run = try SanitizeProcess.run(
            ["validate", "--schema", schema.path, "--ref", "https://example.com/root.json=\(other.path)"], stdin: Array("1\n".utf8))
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("contract-duplicate-resource"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
