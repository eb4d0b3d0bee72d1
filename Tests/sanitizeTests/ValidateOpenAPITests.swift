import Foundation
import Testing
import TestSupport

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

    /// Writes the shared tasks document to a fresh file.
    static func tasksDocument() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tasks-\(UUID().uuidString).yaml")
        try Data(OpenAPIFixtures.tasksAPI.utf8).write(to: url)
        return url
    }

    /// Unquoted response codes (`201:`) are read, each said in one warning line on standard
    /// error in the command's style; the verdicts are unaffected.
    @Test func integerResponseCodesAreReadWithAWarningLineEach() throws {
        let url = try Self.tasksDocument()
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try SanitizeProcess.run(
            ["validate", "--openapi", url.path, "--component", "Task"], stdin: Array(#"{"gid":"1","name":"a"}\#n{"gid":"1"}\#n"#.utf8))
        #expect(run.lines == ["valid", "invalid"])
        #expect(run.status == 1)
        let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("sanitize: warning: ") }
        #expect(warnings.count == OpenAPIFixtures.tasksAPIIntegerKeys.count, "\(run.stderr)")
        for (line, pointer) in zip(warnings, OpenAPIFixtures.tasksAPIIntegerKeys) {
            #expect(line.hasPrefix("sanitize: warning: \(url.path):"), "\(line)")
            #expect(line.contains(" at \(pointer): the YAML key "), "\(line)")
            #expect(line.hasSuffix("[yaml-integer-key]"), "\(line)")
        }
        // Quiet about nothing else: the only other line is the violation of line 2.
        #expect(run.stderr.split(separator: "\n").count == warnings.count + 1, "\(run.stderr)")
    }

    /// `--direction`: the same `User` and the same instances, judged as a request, as a
    /// response, and with no direction.
    @Test func directionDecidesReadOnlyAndWriteOnly() throws {
        let url = try Self.tasksDocument()
        defer { try? FileManager.default.removeItem(at: url) }
        let instances = """
            {"name":"Ada","password":"correct horse"}
            {"gid":"12","name":"Ada"}
            {"gid":"12","name":"Ada","password":"correct horse"}

            """
        func verdicts(_ extra: [String]) throws -> ([String], String) {
            let run = try SanitizeProcess.run(["validate", "--openapi", url.path, "--component", "User"] + extra, input: instances)
            return (run.lines, run.stderr)
        }
        let (request, requestErrors) = try verdicts(["--direction", "request"])
        #expect(request == ["valid", "invalid", "invalid"])
        #expect(requestErrors.contains("/gid: a readOnly value is not sent in a request [read-only]"), "\(requestErrors)")
        let (response, responseErrors) = try verdicts(["--direction", "response"])
        #expect(response == ["invalid", "valid", "invalid"])
        #expect(responseErrors.contains("[write-only]"), "\(responseErrors)")
        #expect(!responseErrors.contains("correct horse"), "a writeOnly value leaked: \(responseErrors)")
        #expect(try verdicts([]).0 == ["valid", "valid", "valid"])
    }

    @Test(arguments: [
        ["validate", "--schema", "a.json", "--direction", "request"],
        ["validate", "--openapi", "b.yaml", "--component", "X", "--direction", "sideways"],
    ])
    func badDirectionExitsTwo(_ arguments: [String]) throws {
        let run = try SanitizeProcess.run(arguments, stdin: Array("{}\n".utf8))
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("sanitize: ") && run.stderr.contains("direction"), "\(run.stderr)")
    }
}
