import Foundation
import Testing

@testable import SanitizeKit

/// The root's base URI (`Options.baseURI`), and one URI per resource: two documents claiming
/// the same URI is a configuration error, never a silent shadowing.
struct ResourceIdentityTests {
    static func item() throws -> ContractResources {
        var resources = ContractResources()
        try resources.register(json: #"{"type":"integer"}"#, as: "https://example.com/schemas/item.json")
        return resources
    }

    /// Draft-07 ignores `$id` beside `$ref`, so the relative `$ref` resolves against the base URI.
    @Test func baseURIResolvesRelativeRefsBesideAnIgnoredID() throws {
        let schema = #"{"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://elsewhere.example/x.json","$ref":"item.json"}"#
        let contract = try Contract(
            schema: schema, resources: try Self.item(), options: .init(baseURI: "https://example.com/schemas/root.json"))
        #expect(contract.validate("1").isValid)
        #expect(!contract.validate(#""x""#).isValid)
        // Without it, the reference has nothing to resolve against.
        #expect(throws: SanitizeError.self) { try Contract(schema: schema, resources: try Self.item()) }
    }

    @Test(arguments: ["schemas/root.json", "", "#frag"])
    func relativeBaseURIIsRefused(_ base: String) throws {
        do {
            _ = try Contract(schema: "{}", options: .init(baseURI: base))
            Issue.record("\(base) accepted")
        } catch {
            #expect(error.code == .contractInvalid)
        }
    }

    @Test func registeredDocumentAtTheRootsIDIsRefused() throws {
        var resources = ContractResources()
        try resources.register(json: #"{"type":"string"}"#, as: "https://example.com/root.json")
        do {
            _ = try Contract(schema: ##"{"$id":"https://example.com/root.json","$ref":"#/$defs/a","$defs":{"a":{"type":"integer"}}}"##, resources: resources)
            Issue.record("the root was shadowed silently")
        } catch {
            #expect(error.code == .contractDuplicateResource)
            #expect(error.reason.contains("https://example.com/root.json"))
        }
    }

    @Test func registeredDocumentAtTheBaseURIIsRefused() throws {
        var resources = ContractResources()
        try resources.register(json: #"{"type":"string"}"#, as: "https://example.com/root.json")
        #expect(throws: SanitizeError.self) {
            try Contract(schema: "{}", resources: resources, options: .init(baseURI: "https://example.com/root.json"))
        }
    }

    @Test func twoRegisteredDocumentsClaimingOneURIAreRefused() throws {
        var twice = ContractResources()
        try twice.register(json: #"{"type":"string"}"#, as: "https://example.com/a.json")
        try twice.register(json: #"{"type":"integer"}"#, as: "https://example.com/a.json")
        #expect(throws: SanitizeError.self) { try Contract(schema: "{}", resources: twice) }
        var byID = ContractResources()
        try byID.register(json: #"{"type":"string"}"#, as: "https://example.com/a.json")
        try byID.register(json: #"{"$id":"https://example.com/a.json","type":"integer"}"#, as: "https://example.com/b.json")
        #expect(throws: SanitizeError.self) { try Contract(schema: "{}", resources: byID) }
    }

    @Test func oneDocumentUnderItsOwnIDIsFine() throws {
        var resources = ContractResources()
        try resources.register(json: #"{"$id":"https://example.com/a.json","type":"string"}"#, as: "https://example.com/a.json")
        let contract = try Contract(schema: #"{"$ref":"https://example.com/a.json"}"#, resources: resources)
        #expect(contract.validate(#""x""#).isValid)
    }
}
