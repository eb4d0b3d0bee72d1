import Foundation
import Testing

/// `sanitize validate --openapi FILE --component NAME`, and YAML instance files.
struct ValidateOpenAPITests {
    static let document = """
        openapi: 3.0.3
        info: {title: Pets, version: "1"}
        paths: {}
        components:
          schemas:
            Pet:
              type: object
              required: [id]
              properties:
                id: {type: integer, minimum: 1}
                name: {type: string, nullable: true}
        """

    @Test func openAPIComponentAgainstYAMLAndJSONInstances() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("validate-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ name: String, _ text: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let api = try file("api.yaml", Self.document)
        let good = try file("good.yaml", "id: 3\nname: ~\n")
        let bad = try file("bad.yml", "id: 0\n")
        let keys = try file("keys.yaml", "id: 3\n1: one\n")
        let json = try file("good.json", #"{"id":2}"#)
        let run = try SanitizeProcess.run(["validate", "--openapi", api, "--component", "Pet", good, bad, keys, json])
        #expect(run.lines == ["\(good)\tvalid", "\(bad)\tinvalid", "\(keys)\tinvalid", "\(json)\tvalid"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("/id: number is less than the minimum 1"))
        #expect(run.stderr.contains("a mapping key is not a string"))
        let stdin = try SanitizeProcess.run(["validate", "--openapi", api, "--component", "Pet"], stdin: Array("{\"id\":1}\n{}\n".utf8))
        #expect(stdin.lines == ["valid", "invalid"])
    }

    @Test(arguments: [
        ["validate", "--openapi", "/nonexistent.yaml"],
        ["validate", "--schema", "a.json", "--openapi", "b.yaml", "--component", "X"],
        ["validate", "--component", "X"],
    ])
    func badCombinationsExitTwo(_ arguments: [String]) throws {
        let run = try SanitizeProcess.run(arguments, stdin: Array("{}\n".utf8))
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
    }

    @Test func missingComponentExitsTwo() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(UUID().uuidString).yaml")
        try Data(Self.document.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try SanitizeProcess.run(["validate", "--openapi", url.path, "--component", "Dog"], stdin: Array("{}\n".utf8))
        #expect(run.status == 2)
        #expect(run.stderr.contains("openapi-invalid"))
        #expect(run.stderr.contains("\"Pet\""))
    }
}
