import Foundation
import SanitizeKit
import SanitizeYAML
import Testing

/// `Contract(openAPI:component:)`: a schema of an OpenAPI 3.0 or 3.1 document, its
/// `#/components/schemas/…` references resolved inside the document.
struct OpenAPIContractTests {
    static let petStore30 = """
        openapi: 3.0.3
        info: {title: Pets, version: "1"}
        paths: {}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer, minimum: 0, exclusiveMinimum: true}
                name: {type: string, nullable: true}
                tag: {$ref: '#/components/schemas/Tag'}
                kind: {type: string, enum: [cat, dog]}
              discriminator: {propertyName: kind}
              example: {id: 1, name: Rex}
            Tag:
              type: string
              maxLength: 8
              const: never-a-keyword-in-3.0
        """

    static let petStore31 = """
        {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
         "components": {"schemas": {
           "Pet": {"type": "object", "required": ["id"],
                   "properties": {"id": {"type": "integer", "exclusiveMinimum": 0},
                                  "name": {"type": ["string", "null"]},
                                  "tag": {"$ref": "#/components/schemas/Tag"}},
                   "xml": {"name": "pet"}, "example": {"id": 1}},
           "Tag": {"type": "string", "const": "a"}}}}
        """

    @Test func openAPI30HasNullableAndBooleanExclusiveBounds() throws {
        let contract = try Contract(openAPI: try YAMLReader.read(Self.petStore30), component: "Pet")
        #expect(contract.validate(#"{"id":1,"name":null,"tag":"anything"}"#).isValid)  // nullable; no const in 3.0
        #expect(!contract.validate(#"{"id":0,"name":"Rex"}"#).isValid)  // exclusiveMinimum: true
        #expect(!contract.validate(#"{"id":1,"name":"Rex","tag":"much too long"}"#).isValid)  // $ref to Tag
        #expect(!contract.validate(#"{"id":1.0,"name":"Rex"}"#).isValid)  // draft-04 integer
        #expect(!contract.validate(#"{"id":1,"name":"Rex","kind":"cow"}"#).isValid)
        let violation = try #require(contract.validate(#"{"id":1,"name":"Rex","tag":"much too long"}"#).violations.first)
        #expect(violation.keywordLocation == "/properties/tag/$ref/maxLength")
        #expect(violation.absoluteKeywordLocation.hasSuffix("#/components/schemas/Tag/maxLength"))
    }

    @Test func openAPI31Is2020_12WithAnnotations() throws {
        let contract = try Contract(openAPI: try JSONValue(parsing: Self.petStore31), component: "Pet")
        #expect(contract.validate(#"{"id":1,"name":null,"tag":"a"}"#).isValid)
        #expect(!contract.validate(#"{"id":0}"#).isValid)  // numeric exclusiveMinimum
        #expect(!contract.validate(#"{"id":1,"tag":"b"}"#).isValid)  // const applies in 3.1
    }

    @Test func openAPIFileInYAMLOrJSON() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let yaml = directory.appendingPathComponent("pets.yaml")
        let json = directory.appendingPathComponent("pets.json")
        try Data(Self.petStore30.utf8).write(to: yaml)
        try Data(Self.petStore31.utf8).write(to: json)
        #expect(try Contract(openAPI: yaml, component: "Pet").validate(#"{"id":1,"name":null}"#).isValid)
        #expect(try !Contract(openAPI: json, component: "Pet").validate(#"{"id":0}"#).isValid)
    }

    @Test(arguments: [
        (#"{"swagger":"2.0","definitions":{}}"#, "Pet", "Swagger 2.0"),
        (#"{"openapi":"2.9.0","components":{"schemas":{"Pet":{}}}}"#, "Pet", "not read"),
        (#"{"openapi":"3.0.0","components":{"schemas":{"Pet":{}}}}"#, "Dog", "\"Pet\""),
        (#"{"openapi":"3.1.0","components":{}}"#, "Pet", "has none"),
    ])
    func documentsThatAreNotReadSaySo(_ text: String, _ component: String, _ reason: String) throws {
        do {
            _ = try Contract(openAPI: try JSONValue(parsing: text), component: component)
            Issue.record("compiled")
        } catch {
            #expect(error.code == .openAPIInvalid)
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func openAPI31BaseDialectIsKnown() throws {
        let document = #"{"openapi":"3.1.0","components":{"schemas":{"A":{"$schema":"https://spec.openapis.org/oas/3.1/dialect/base","type":"string"}}}}"#
        #expect(try !Contract(openAPI: try JSONValue(parsing: document), component: "A").validate("1").isValid)
    }
}
