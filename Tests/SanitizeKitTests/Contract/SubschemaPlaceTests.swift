import Testing

@testable import SanitizeKit

/// Only documents, resources and anchors are registered before compiling: a subschema is placed
/// when compiling reaches it, from its parent or, for a pointer reference, from its document
/// through the subschema keywords. Each way must give the place (base URI, dialect, canonical
/// location) that the subschema's own position gives it.
struct SubschemaPlaceTests {
    /// A pointer through a nested `$id` enters that resource: the target's relative `$ref`
    /// resolves against the nested identifier, not the root's base.
    @Test func pointerThroughANestedIDTakesItsBase() throws {
        var resources = ContractResources()
        try resources.register(json: #"{"type":"string"}"#, as: "https://example.com/nested/other.json")
        let schema = ##"""
            {"$schema":"http://json-schema.org/draft-07/schema#",
             "definitions":{"a":{"$id":"https://example.com/nested/a.json",
                                 "properties":{"b":{"$ref":"other.json"}}}},
             "$ref":"#/definitions/a/properties/b"}
            """##
        let contract = try Contract(schema: schema, resources: resources, options: .init(baseURI: "https://example.com/root.json"))
        #expect(contract.validate(#""text""#).isValid)
        #expect(!contract.validate("5").isValid)
    }

    /// A pointer through a subschema with its own `$schema` reads the target in that dialect:
    /// draft-04's boolean `exclusiveMinimum` compiles and makes `minimum` exclusive.
    @Test func pointerThroughANestedSchemaTakesItsDialect() throws {
        let schema = ##"""
            {"$schema":"http://json-schema.org/draft-07/schema#",
             "definitions":{"old":{"$schema":"http://json-schema.org/draft-04/schema#",
                                   "properties":{"n":{"type":"number","minimum":5,"exclusiveMinimum":true}}}},
             "$ref":"#/definitions/old/properties/n"}
            """##
        let contract = try Contract(schema: schema)
        #expect(!contract.validate("5").isValid)
        #expect(contract.validate("6").isValid)
    }

    /// A pointer may name a value outside the subschema keywords (here an `examples` item): it
    /// is compiled in the place of the document's root, as before.
    @Test func pointerOutsideSubschemaKeywords() throws {
        let schema = ##"{"$defs":{"a":{"examples":[{"type":"integer"}]}},"$ref":"#/$defs/a/examples/0"}"##
        let contract = try Contract(schema: schema)
        #expect(contract.validate("3").isValid)
        #expect(!contract.validate(#""3""#).isValid)
    }

    /// A pointer that ends on a keyword's container (not a schema) names a plain value.
    @Test func pointerToAContainerIsNotASchema() {
        #expect {
            _ = try Contract(schema: ##"{"$defs":{"a":{"type":"integer"}},"$ref":"#/$defs/a/type"}"##)
        } throws: { error in
            (error as? SanitizeError)?.code == .contractInvalid
        }
    }

    /// The same subschema reached through a pointer reference and from its parent is compiled
    /// once: both ways give it one canonical place.
    @Test func oneSubschemaCompilesOnce() throws {
        let shared = try Contract(schema: ##"{"properties":{"a":{"type":"string"}},"items":{"$ref":"#/properties/a"}}"##)
        // The root, `a` and the `items` schema (whose `$ref` lands on `a`).
        #expect(shared.program.schemas.count == 3)
        let apart = try Contract(schema: ##"{"properties":{"a":{"type":"string"}},"items":{"type":"string"}}"##)
        #expect(apart.program.schemas.count == 3)
    }

    /// Through an array keyword the pointer takes an index; array-form `items` of draft-07
    /// included.
    @Test(arguments: [("#/allOf/1", "3", "-3"), ("#/items/0", "\"s\"", "1"), ("#/properties/x~1y", "true", "1")])
    func pointerThroughArraysAndEscapes(ref: String, valid: String, invalid: String) throws {
        let schema = ##"""
            {"$schema":"http://json-schema.org/draft-07/schema#",
             "allOf":[{},{"minimum":0}], "items":[{"type":"string"}], "properties":{"x/y":{"type":"boolean"}},
             "definitions":{"target":{"$ref":"\##(ref)"}}}
            """##
        let contract = try Contract(schema: ##"{"$schema":"http://json-schema.org/draft-07/schema#","$ref":"wrapper.json#/definitions/target"}"##,
            resources: try Self.register(schema, as: "https://example.com/wrapper.json"),
            options: .init(baseURI: "https://example.com/root.json"))
        #expect(contract.validate(valid).isValid)
        #expect(!contract.validate(invalid).isValid)
    }

    /// In an OpenAPI 3.0 document, a pointer into a component passes `components/schemas`
    /// (not subschema keywords) and is read in the 3.0 dialect: `nullable` admits null.
    @Test func pointerIntoAnOpenAPIComponent() throws {
        let document = try JSONValue(
            parsing: ##"""
                {"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},
                 "components":{"schemas":{
                   "Pet":{"type":"object","properties":{"tag":{"type":"string","nullable":true}}},
                   "Tag":{"$ref":"#/components/schemas/Pet/properties/tag"}}}}
                """##)
        let contract = try Contract(openAPI: document, component: "Tag")
        #expect(contract.validate("null").isValid)
        #expect(contract.validate(#""t""#).isValid)
        #expect(!contract.validate("1").isValid)
    }

    static func register(_ text: String, as uri: String) throws -> ContractResources {
        var resources = ContractResources()
        try resources.register(json: text, as: uri)
        return resources
    }
}

/// A compile error is located where a reader finds it: by its pointer from the document's
/// root (not from an embedded resource's), and in a registered document, named by its URI.
struct CompileErrorPlaceTests {
    @Test func errorInsideAnEmbeddedResourceHasItsDocumentPointer() {
        let schema = ##"{"$defs":{"a":{"$id":"http://x.example/a.json","properties":{"n":{"minimum":"x"}}}},"$ref":"#/$defs/a"}"##
        #expect {
            _ = try Contract(schema: schema)
        } throws: { error in
            let error = error as? SanitizeError
            return error?.code == .contractInvalid && error?.location?.pointer == "/$defs/a/properties/n/minimum"
                && error?.reason.contains("(in the document") == false
        }
    }

    @Test func errorInARegisteredDocumentNamesIt() throws {
        var resources = ContractResources()
        try resources.register(json: ##"{"$defs":{"q":{"pattern":"(","minimum":1}}}"##, as: "http://x.example/b.json")
        #expect {
            _ = try Contract(schema: ##"{"$ref":"http://x.example/b.json#/$defs/q"}"##, resources: resources)
        } throws: { error in
            let error = error as? SanitizeError
            return error?.code == .contractInvalid && error?.location?.pointer == "/$defs/q/pattern"
                && error?.reason.hasSuffix("(in the document http://x.example/b.json)") == true
        }
    }

    @Test func unresolvedReferenceInsideAnEmbeddedResource() {
        let schema = ##"{"$defs":{"a":{"$id":"http://x.example/a.json","$ref":"b.json"}},"$ref":"#/$defs/a"}"##
        #expect {
            _ = try Contract(schema: schema, options: .init(defaultDraft: .draft2020_12))
        } throws: { error in
            let error = error as? SanitizeError
            return error?.code == .contractUnresolvedRef && error?.location?.pointer == "/$defs/a/$ref"
        }
    }
}
