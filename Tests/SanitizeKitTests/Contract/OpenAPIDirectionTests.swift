import Foundation
import SanitizeKit
import SanitizeYAML
import Testing
import TestSupport

/// `readOnly`/`writeOnly` by direction (OAS 3.0.3 §4.7.24.1): one document, its `User`
/// compiled for requests, for responses and for neither (`Contract.Direction`).
struct OpenAPIDirectionTests {
    static func user(_ direction: Contract.Direction?) throws -> Contract {
        try Contract(openAPI: try OpenAPIDocumentFileTests.tasksDocument(), component: "User", direction: direction)
    }

    /// (instance, valid as a request, valid as a response, valid with no direction).
    static let cases: [(String, Bool, Bool, Bool)] = [
        (#"{"name":"Ada","password":"correct horse"}"#, true, false, true),  // what a client sends
        (#"{"gid":"12","name":"Ada"}"#, false, true, true),  // what a server returns
        (#"{"gid":"12","name":"Ada","password":"correct horse"}"#, false, false, true),  // both: each side refuses one
        (#"{"name":"Ada"}"#, false, false, true),  // request lacks password, response lacks gid
        (#"{"gid":"12","password":"correct horse"}"#, false, false, false),  // name is required everywhere
        (#"{"name":"Ada","password":"short"}"#, false, false, false),  // a writeOnly value still meets its schema in a request
        (#"{"gid":"x","name":"Ada"}"#, false, false, false),  // a readOnly value still meets its schema in a response
        (#"{"name":"Ada","password":"correct horse","extra":1}"#, false, false, false),
    ]

    @Test(arguments: cases)
    func verdictsByDirection(_ instance: String, _ request: Bool, _ response: Bool, _ neither: Bool) throws {
        #expect(try Self.user(.request).validate(instance).isValid == request, "request")
        #expect(try Self.user(.response).validate(instance).isValid == response, "response")
        #expect(try Self.user(nil).validate(instance).isValid == neither, "no direction")
    }

    @Test func refusalsNameTheKeywordAndCode() throws {
        let request = try Self.user(.request).validate(#"{"gid":"12","name":"Ada","password":"correct horse"}"#)
        #expect(request.violations.map(\.code.rawValue) == ["read-only"])
        #expect(request.violations.first?.instanceLocation == "/gid")
        #expect(request.violations.first?.keywordLocation == "/properties/gid/readOnly")
        let response = try Self.user(.response).validate(#"{"gid":"12","name":"Ada","password":"hunter2-hunter2"}"#)
        #expect(response.violations.map(\.code.rawValue) == ["write-only"])
        #expect(response.violations.first?.keywordLocation == "/properties/password/writeOnly")
        // A writeOnly value never appears in a message, refused or not.
        #expect(!response.violations.contains { $0.message.contains("hunter2") || $0.description.contains("hunter2") })
        let missing = try Self.user(.request).validate(#"{"name":"Ada"}"#)
        #expect(missing.violations.map(\.code.rawValue) == ["required"])
        #expect(missing.violations.first?.message.contains("password") == true)
    }

    /// The fast paths (shape check, verdict only) are derived from the same compiled program.
    @Test(arguments: cases)
    func quickVerdictsAgree(_ instance: String, _ request: Bool, _ response: Bool, _ neither: Bool) throws {
        for (direction, expected) in [(Contract.Direction.request, request), (.response, response)] {
            var validator = try Self.user(direction).makeValidator()
            let bytes = Array(instance.utf8)
            #expect(bytes.withUnsafeBytes { validator.isValidQuickly($0) } == expected, "\(direction)")
            #expect(bytes.withUnsafeBytes { validator.validateQuickly($0) }.isValid == expected, "\(direction)")
        }
    }

    /// A property whose schema is a `$ref` to a readOnly schema is readOnly: refused in a
    /// request and not required there (openapi-schema-validator reads only the property's own
    /// keywords, so it would require a value it then refuses).
    @Test func referencedReadOnlyIsLeftOutOfRequired() throws {
        let document = try JSONValue(
            parsing: """
                {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
                 "components": {"schemas": {
                   "Id": {"type": "string", "readOnly": true},
                   "Thing": {"type": "object", "required": ["id", "label"],
                             "properties": {"id": {"$ref": "#/components/schemas/Id"}, "label": {"type": "string"}}}}}}
                """)
        let request = try Contract(openAPI: document, component: "Thing", direction: .request)
        #expect(request.validate(#"{"label":"a"}"#).isValid)
        #expect(request.validate(#"{"id":"1","label":"a"}"#).violations.map(\.code.rawValue) == ["read-only"])
        let response = try Contract(openAPI: document, component: "Thing", direction: .response)
        #expect(!response.validate(#"{"label":"a"}"#).isValid)
        #expect(response.validate(#"{"id":"1","label":"a"}"#).isValid)
    }

    /// OAS 3.0.3 §4.7.23: keywords beside `$ref` are ignored, `readOnly` among them.
    @Test func readOnlyBesideReferenceIsIgnored() throws {
        let document = try JSONValue(
            parsing: """
                {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
                 "components": {"schemas": {
                   "Id": {"type": "string"},
                   "Thing": {"type": "object", "required": ["id"],
                             "properties": {"id": {"$ref": "#/components/schemas/Id", "readOnly": true}}}}}}
                """)
        let request = try Contract(openAPI: document, component: "Thing", direction: .request)
        #expect(request.validate(#"{"id":"1"}"#).isValid)
        #expect(!request.validate(#"{}"#).isValid)
    }

    /// 3.1 Schema Objects are 2020-12, where both keywords are annotations: without a direction
    /// they change no verdict; with one they are enforced as in 3.0 (JSON Schema Validation
    /// 2020-12 §9.4: a readOnly value may be rejected by the owning authority, a writeOnly one
    /// is never present when retrieved), and a readOnly beside a `$ref` counts.
    @Test func openAPI31ByDirection() throws {
        let document = try JSONValue(
            parsing: """
                {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
                 "components": {"schemas": {
                   "Id": {"type": "string"},
                   "User": {"type": "object", "required": ["gid", "password", "ref"],
                   "properties": {"gid": {"type": "string", "readOnly": true}, "password": {"type": "string", "writeOnly": true},
                                  "ref": {"$ref": "#/components/schemas/Id", "readOnly": true}}}}}}
                """)
        let plain = try Contract(openAPI: document, component: "User")
        #expect(plain.validate(#"{"gid":"1","password":"p","ref":"r"}"#).isValid)
        #expect(!plain.validate(#"{"gid":"1","ref":"r"}"#).isValid)
        #expect(!plain.validate(#"{"password":"p","ref":"r"}"#).isValid)

        let request = try Contract(openAPI: document, component: "User", direction: .request)
        #expect(request.validate(#"{"password":"p"}"#).isValid)  // gid and ref are not required in a request
        let sentReadOnly = request.validate(#"{"gid":"1","password":"p","ref":"r"}"#).violations
        #expect(sentReadOnly.map(\.code.rawValue) == ["read-only", "read-only"])
        #expect(sentReadOnly.map(\.instanceLocation) == ["/gid", "/ref"])
        #expect(!request.validate(#"{}"#).isValid)  // password is required in a request

        let response = try Contract(openAPI: document, component: "User", direction: .response)
        #expect(response.validate(#"{"gid":"1","ref":"r"}"#).isValid)
        let returnedWriteOnly = response.validate(#"{"gid":"1","ref":"r","password":"hunter2"}"#).violations
        #expect(returnedWriteOnly.map(\.code.rawValue) == ["write-only"])
        #expect(!returnedWriteOnly.contains { $0.message.contains("hunter2") })
        #expect(!response.validate(#"{"gid":"1"}"#).isValid)  // ref is required in a response
    }

    /// A readOnly schema that is not a property (the body itself, an array's items) is refused
    /// in a request wherever it applies, as openapi-schema-validator's write validator does.
    @Test func readOnlyAppliesWhereverTheSchemaDoes() throws {
        let document = try JSONValue(
            parsing: """
                {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
                 "components": {"schemas": {
                   "Stamp": {"type": "string", "readOnly": true},
                   "Log": {"type": "array", "items": {"$ref": "#/components/schemas/Stamp"}}}}}
                """)
        let request = try Contract(openAPI: document, component: "Log", direction: .request)
        #expect(request.validate("[]").isValid)
        #expect(request.validate(#"["a","b"]"#).violations.map(\.instanceLocation) == ["/0", "/1"])
        #expect(try Contract(openAPI: document, component: "Log", direction: .response).validate(#"["a"]"#).isValid)
        #expect(!(try Contract(openAPI: document, component: "Stamp", direction: .request).validate(#""a""#).isValid))
    }
}
