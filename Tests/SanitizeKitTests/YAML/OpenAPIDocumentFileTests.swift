import Foundation
import SanitizeKit
import SanitizeYAML
import Testing
import TestSupport

/// `OpenAPIDocumentFile`: integer YAML keys (`200:`) read as strings outside Schema Objects,
/// each with a warning, and still refused inside one.
struct OpenAPIDocumentFileTests {
    /// Writes `text` to a fresh file named `name` and reads it.
    static func read(_ text: String, name: String = "api.yaml") throws(SanitizeError) -> OpenAPIDocumentFile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-file-\(UUID().uuidString)-\(name)")
        try? Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try OpenAPIDocumentFile(contentsOf: url)
    }

    /// The shared tasks document, read as a file.
    static func tasksDocument() throws -> JSONValue {
        try read(OpenAPIFixtures.tasksAPI).document
    }

    @Test func responseCodesReadAsStringsWithOneWarningEach() throws {
        let file = try Self.read(OpenAPIFixtures.tasksAPI)
        #expect(file.warnings.compactMap(\.location?.pointer) == OpenAPIFixtures.tasksAPIIntegerKeys)
        #expect(file.warnings.allSatisfy { $0.code.rawValue == "yaml-integer-key" && $0.location?.line != nil })
        #expect(file.warnings.allSatisfy { $0.location?.file == file.path })
        let first = try #require(file.warnings.first)
        #expect(first.reason.contains(#"the YAML key 201 is an integer; read as the string "201""#), "\(first)")
        let responses = file.document["paths"]?["/users"]?["post"]?["responses"]
        guard case .object(let members)? = responses else {
            Issue.record("no responses object")
            return
        }
        #expect(members.map(\.key) == ["201", "400", "default"])
        // The document is usable as read: its components compile.
        #expect(try Contract(openAPI: file, component: "Task").validate(#"{"gid":"1","name":"a"}"#).isValid)
    }

    @Test func aNonDecimalIntegerIsReadAsItsDecimalString() throws {
        let file = try Self.read(
            """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths: {}
            x-codes:
              0x10: sixteen
            """)
        #expect(file.document["x-codes"]?["16"] == .string("sixteen"))
        #expect(file.warnings.first?.reason.contains("its decimal form") == true)
        #expect(file.warnings.first?.location?.pointer == "/x-codes/16")
    }

    /// Integer keys elsewhere than responses (an example's value, an extension, a link) are
    /// outside Schema Objects too.
    @Test func examplesAndExtensionsAreOutsideSchemaObjects() throws {
        let file = try Self.read(
            """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths:
              /a:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: object}
                          examples:
                            one: {value: {1: a}}
            """)
        #expect(file.warnings.compactMap(\.location?.pointer) == ["/paths/~1a/get/responses/200/content/application~1json/examples/one/value/1"])
    }

    @Test(
        "an integer key inside a Schema Object is still refused",
        arguments: [
            ("components:\n  schemas:\n    A:\n      properties:\n        1: {type: string}\n", "/components/schemas/A/properties"),
            (
                "paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: query, schema: {type: object, properties: {2: {}}}}\n      responses: {'200': {description: ok}}\n",
                "/paths/~1a/get/parameters/0/schema/properties"
            ),
            (
                "paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                example: {3: x}\n",
                "/paths/~1a/get/responses/200/content/application~1json/schema/example"
            ),
            (
                "components:\n  responses:\n    R:\n      description: r\n      headers:\n        X-A: {schema: {enum: [{4: y}]}}\n",
                "/components/responses/R/headers/X-A/schema/enum/0"
            ),
        ])
    func integerKeyInsideSchemaRefused(_ body: String, _ pointer: String) {
        let text = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n" + body
        #expect {
            _ = try Self.read(text)
        } throws: { error in
            guard let error = error as? SanitizeError else { return false }
            return error.code.rawValue == "yaml-invalid" && error.location?.pointer == pointer
                && error.reason.contains("inside a Schema Object") && error.location?.file != nil
        }
    }

    /// Other keys JSON has no place for stay refused, and YAML instances keep refusing
    /// integer keys: only an OpenAPI document is read this way.
    @Test func otherKeysAndInstancesStillRefused() throws {
        #expect(throws: SanitizeError.self) { _ = try Self.read("openapi: 3.0.3\nx-flags:\n  true: yes\n") }
        #expect(throws: SanitizeError.self) { _ = try YAMLReader.read("200: ok\n") }
    }

    @Test func jsonFilesHaveNoWarnings() throws {
        let file = try Self.read(#"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}}"#, name: "api.json")
        #expect(file.warnings.isEmpty)
        #expect(file.document["openapi"] == .string("3.0.3"))
    }
}
