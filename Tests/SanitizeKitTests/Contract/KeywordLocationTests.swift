import Foundation
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

/// `keywordLocation` follows the evaluation path through `$ref` and `$dynamicRef`, while
/// `absoluteKeywordLocation` stays where the keyword is written (JSON Schema 2020-12 core
/// §12.3.1 "Keyword Relative Location", §12.3.2 "Keyword Absolute Location").
struct KeywordLocationTests {
    /// One schema, one invalid instance, and the single violation expected.
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var schema: String
        var instance: String
        var keywordLocation: String
        var absoluteKeywordLocation: String
        var instanceLocation: String
        var testDescription: String { name }
    }

    static let base = "urn:sanitize:contract#"

    static let samples: [Sample] = [
        Sample(
            name: "plain keyword, no reference",
            schema: #"{"properties":{"a":{"type":"integer"}}}"#, instance: #"{"a":"x"}"#,
            keywordLocation: "/properties/a/type", absoluteKeywordLocation: base + "/properties/a/type", instanceLocation: "/a"),
        Sample(
            name: "$ref to $defs (the task's example)",
            schema: ##"{"$defs":{"n":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/n"}}}"##, instance: #"{"a":"x"}"#,
            keywordLocation: "/properties/a/$ref/type", absoluteKeywordLocation: base + "/$defs/n/type", instanceLocation: "/a"),
        Sample(
            name: "$ref at the root",
            schema: ##"{"$defs":{"n":{"maximum":3}},"$ref":"#/$defs/n"}"##, instance: "4",
            keywordLocation: "/$ref/maximum", absoluteKeywordLocation: base + "/$defs/n/maximum", instanceLocation: ""),
        Sample(
            name: "ref → ref → keyword",
            schema: ##"""
                {"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"properties":{"x":{"$ref":"#/$defs/c"}}},"c":{"minimum":5}},
                 "$ref":"#/$defs/a"}
                """##,
            instance: #"{"x":1}"#,
            keywordLocation: "/$ref/$ref/properties/x/$ref/minimum", absoluteKeywordLocation: base + "/$defs/c/minimum",
            instanceLocation: "/x"),
        Sample(
            name: "recursive $ref to the root",
            schema: ##"{"type":"array","items":{"$ref":"#"}}"##, instance: #"[[["x"]]]"#,
            keywordLocation: "/items/$ref/items/$ref/items/$ref/type", absoluteKeywordLocation: base + "/type",
            instanceLocation: "/0/0/0"),
        Sample(
            name: "$ref to a false schema: the reference itself",
            schema: ##"{"$defs":{"no":false},"properties":{"a":{"$ref":"#/$defs/no"}}}"##, instance: #"{"a":1}"#,
            keywordLocation: "/properties/a/$ref", absoluteKeywordLocation: base + "/$defs/no", instanceLocation: "/a"),
        Sample(
            name: "$ref inside items",
            schema: ##"{"$defs":{"s":{"type":"string"}},"items":{"$ref":"#/$defs/s"}}"##, instance: #"["a",2]"#,
            keywordLocation: "/items/$ref/type", absoluteKeywordLocation: base + "/$defs/s/type", instanceLocation: "/1"),
        Sample(
            name: "$ref inside prefixItems",
            schema: ##"{"$defs":{"s":{"type":"string"}},"prefixItems":[true,{"$ref":"#/$defs/s"}]}"##, instance: #"[1,2]"#,
            keywordLocation: "/prefixItems/1/$ref/type", absoluteKeywordLocation: base + "/$defs/s/type", instanceLocation: "/1"),
        Sample(
            name: "$ref inside allOf, properties and items",
            schema: ##"{"$defs":{"s":{"type":"string"}},"allOf":[{"properties":{"a":{"items":{"$ref":"#/$defs/s"}}}}]}"##,
            instance: #"{"a":[1]}"#,
            keywordLocation: "/allOf/0/properties/a/items/$ref/type", absoluteKeywordLocation: base + "/$defs/s/type",
            instanceLocation: "/a/0"),
        Sample(
            name: "$ref inside additionalProperties",
            schema: ##"{"$defs":{"s":{"maxLength":1}},"additionalProperties":{"$ref":"#/$defs/s"}}"##, instance: #"{"k":"ab"}"#,
            keywordLocation: "/additionalProperties/$ref/maxLength", absoluteKeywordLocation: base + "/$defs/s/maxLength",
            instanceLocation: "/k"),
        Sample(
            name: "member-level keyword of a referenced schema",
            schema: ##"{"$defs":{"o":{"additionalProperties":false}},"properties":{"a":{"$ref":"#/$defs/o"}}}"##,
            instance: #"{"a":{"z":1}}"#,
            keywordLocation: "/properties/a/$ref/additionalProperties", absoluteKeywordLocation: base + "/$defs/o/additionalProperties",
            instanceLocation: "/a/z"),
        Sample(
            name: "anyOf of references: one violation at the anyOf",
            schema: ##"{"$defs":{"s":{"type":"string"}},"properties":{"a":{"anyOf":[{"$ref":"#/$defs/s"},{"$ref":"#/$defs/s"}]}}}"##,
            instance: #"{"a":1}"#,
            keywordLocation: "/properties/a/anyOf", absoluteKeywordLocation: base + "/properties/a/anyOf", instanceLocation: "/a"),
        Sample(
            name: "$ref to an embedded resource by its $id",
            schema: ##"""
                {"$id":"https://example.com/root.json",
                 "$defs":{"item":{"$id":"item.json","type":"object","properties":{"n":{"type":"integer"}}}},
                 "items":{"$ref":"item.json"}}
                """##,
            instance: #"[{"n":"x"}]"#,
            keywordLocation: "/items/$ref/properties/n/type", absoluteKeywordLocation: "https://example.com/item.json#/properties/n/type",
            instanceLocation: "/0/n"),
        Sample(
            name: "$ref by pointer into an embedded resource",
            schema: ##"""
                {"$defs":{"a":{"$id":"https://example.com/a.json","properties":{"p":{"type":"string"}}}},
                 "properties":{"q":{"$ref":"#/$defs/a/properties/p"}}}
                """##,
            instance: #"{"q":1}"#,
            keywordLocation: "/properties/q/$ref/type", absoluteKeywordLocation: "https://example.com/a.json#/properties/p/type",
            instanceLocation: "/q"),
        Sample(
            name: "embedded resource entered without a reference",
            schema: #"{"properties":{"a":{"$id":"https://example.com/a.json","properties":{"b":{"type":"integer"}}}}}"#,
            instance: #"{"a":{"b":"x"}}"#,
            keywordLocation: "/properties/a/properties/b/type", absoluteKeywordLocation: "https://example.com/a.json#/properties/b/type",
            instanceLocation: "/a/b"),
        Sample(
            name: "from one embedded resource to another",
            schema: ##"""
                {"$defs":{"a":{"$id":"https://example.com/a.json","properties":{"p":{"$ref":"b.json"}}},
                          "b":{"$id":"https://example.com/b.json","maxLength":2}},
                 "$ref":"https://example.com/a.json"}
                """##,
            instance: #"{"p":"abc"}"#,
            keywordLocation: "/$ref/properties/p/$ref/maxLength", absoluteKeywordLocation: "https://example.com/b.json#/maxLength",
            instanceLocation: "/p"),
        Sample(
            name: "$dynamicRef without a matching $dynamicAnchor (resolves like $ref)",
            schema: ##"{"$defs":{"n":{"type":"integer"}},"properties":{"a":{"$dynamicRef":"#/$defs/n"}}}"##, instance: #"{"a":"x"}"#,
            keywordLocation: "/properties/a/$dynamicRef/type", absoluteKeywordLocation: base + "/$defs/n/type", instanceLocation: "/a"),
        Sample(
            name: "draft-07 $ref to definitions",
            schema: ##"""
                {"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"n":{"type":"integer"}},
                 "properties":{"a":{"$ref":"#/definitions/n"}}}
                """##,
            instance: #"{"a":"x"}"#,
            keywordLocation: "/properties/a/$ref/type", absoluteKeywordLocation: base + "/definitions/n/type", instanceLocation: "/a"),
        Sample(
            name: "draft-07 $ref that overrides its siblings",
            schema: ##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{"type":"integer"}},"$ref":"#/definitions/a","maximum":1}"##,
            instance: #""x""#,
            keywordLocation: "/$ref/type", absoluteKeywordLocation: base + "/definitions/a/type", instanceLocation: ""),
    ]

    @Test(arguments: samples)
    func oneViolation(_ sample: Sample) throws {
        let contract = try Contract(schema: sample.schema)
        let result = contract.validate(sample.instance)
        #expect(!result.isValid)
        #expect(result.violations.count == 1, "\(result.violations)")
        let violation = try #require(result.violations.first)
        #expect(violation.keywordLocation == sample.keywordLocation)
        #expect(violation.absoluteKeywordLocation == sample.absoluteKeywordLocation)
        #expect(violation.instanceLocation == sample.instanceLocation)
    }

    @Test func referenceEndsWhereItsSubschemaEnds() throws {
        let contract = try Contract(
            schema: ##"{"$defs":{"n":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/n"},"b":{"type":"string"}}}"##)
        let result = contract.validate(#"{"a":"x","b":1}"#)
        #expect(result.violations.map(\.keywordLocation) == ["/properties/a/$ref/type", "/properties/b/type"])
    }

    /// The reusable validator keeps its trail between records: a record that stopped deep in a
    /// reference cycle leaves nothing behind for the next one.
    @Test func reusedValidatorStartsEachRecordAtTheRoot() throws {
        let contract = try Contract(
            schema: ##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"properties":{"loop":{"$ref":"#/$defs/a"},"n":{"type":"integer"}}}"##)
        var validator = contract.makeValidator()
        for _ in 0..<2 {
            var looping = #"{"loop":1}"#
            let cycle = looping.withUTF8 { validator.validate(UnsafeRawBufferPointer($0)) }
            #expect(cycle.violations.map(\.code) == [.depthLimit])
            #expect(cycle.violations.first?.keywordLocation.hasPrefix("/properties/loop/$ref/$ref/$ref") == true)
            var typed = #"{"n":"x"}"#
            let plain = typed.withUTF8 { validator.validate(UnsafeRawBufferPointer($0)) }
            #expect(plain.violations.map(\.keywordLocation) == ["/properties/n/type"])
        }
    }

    /// The classic extensible tree (2020-12 core §8.2.3.2): `$dynamicRef` in the base tree
    /// resolves to the strict tree, the outermost resource with the anchor.
    @Test func dynamicRefFollowsTheDynamicScope() throws {
        var resources = ContractResources()
        try resources.register(
            json: ##"""
                {"$id":"https://example.com/tree","$dynamicAnchor":"node","type":"object",
                 "properties":{"data":true,"children":{"type":"array","items":{"$dynamicRef":"#node"}}}}
                """##,
            as: "https://example.com/tree")
        let contract = try Contract(
            schema: #"{"$id":"https://example.com/strict-tree","$dynamicAnchor":"node","$ref":"tree","unevaluatedProperties":false}"#,
            resources: resources)
        let result = contract.validate(#"{"children":[{"daat":1}]}"#)
        #expect(result.violations.count == 1, "\(result.violations)")
        let violation = try #require(result.violations.first)
        #expect(violation.keywordLocation == "/$ref/properties/children/items/$dynamicRef/unevaluatedProperties")
        #expect(violation.absoluteKeywordLocation == "https://example.com/strict-tree#/unevaluatedProperties")
        #expect(violation.instanceLocation == "/children/0/daat")
    }

    /// Registered documents: a reference into one, a reference inside it to its own `$defs`,
    /// and a reference by pointer into a resource embedded in it with its own `$id`.
    @Test func registeredResources() throws {
        var resources = ContractResources()
        try resources.register(
            json: ##"""
                {"type":"object","properties":{"zip":{"$ref":"#/$defs/zip"},"geo":{"$ref":"#/$defs/geo/properties/lat"}},
                 "$defs":{"zip":{"pattern":"^[0-9]{5}$"},
                          "geo":{"$id":"https://example.com/geo.json","properties":{"lat":{"maximum":90}}}}}
                """##,
            as: "https://example.com/address.json")
        let contract = try Contract(
            schema: #"{"properties":{"home":{"$ref":"https://example.com/address.json"}}}"#, resources: resources)
        let result = contract.validate(#"{"home":{"zip":"1","geo":91}}"#)
        #expect(result.violations.count == 2, "\(result.violations)")
        let zip = try #require(result.violations.first { $0.instanceLocation == "/home/zip" })
        #expect(zip.keywordLocation == "/properties/home/$ref/properties/zip/$ref/pattern")
        #expect(zip.absoluteKeywordLocation == "https://example.com/address.json#/$defs/zip/pattern")
        let geo = try #require(result.violations.first { $0.instanceLocation == "/home/geo" })
        #expect(geo.keywordLocation == "/properties/home/$ref/properties/geo/$ref/maximum")
        #expect(geo.absoluteKeywordLocation == "https://example.com/geo.json#/properties/lat/maximum")
    }

    /// The example of 2020-12 core §12.4 with its "basic" output (§12.4.2). Ours lists the
    /// failing keywords only, not the "A subschema had errors." units of the applicators
    /// above them, and always gives `absoluteKeywordLocation` (the spec leaves it out for
    /// `/minItems`, where no reference was crossed: allowed either way).
    @Test func specificationBasicOutputExample() throws {
        let contract = try Contract(
            schema: ##"""
                {
                  "$id": "https://example.com/polygon",
                  "$schema": "https://json-schema.org/draft/2020-12/schema",
                  "$defs": {
                    "point": {
                      "type": "object",
                      "properties": {
                        "x": { "type": "number" },
                        "y": { "type": "number" }
                      },
                      "additionalProperties": false,
                      "required": [ "x", "y" ]
                    }
                  },
                  "type": "array",
                  "items": { "$ref": "#/$defs/point" },
                  "minItems": 3
                }
                """##)
        let result = contract.validate(#"[ { "x": 2.5, "y": 1.3 }, { "x": 1, "z": 6.7 } ]"#)
        guard case .object(let members) = result.basicOutput, case .array(let errors)? = members.first(where: { $0.key == "errors" })?.value
        else {
            Issue.record("no errors in \(result.basicOutput.jsonText)")
            return
        }
        #expect(members.first?.key == "valid" && members.first?.value == .bool(false))
        let units = errors.map { unit in
            [unit["keywordLocation"], unit["absoluteKeywordLocation"], unit["instanceLocation"]].map { value -> String in
                if case .string(let text)? = value { return text }
                return "?"
            }
        }
        let expected: Set<[String]> = [
            ["/items/$ref/required", "https://example.com/polygon#/$defs/point/required", "/1"],
            ["/items/$ref/additionalProperties", "https://example.com/polygon#/$defs/point/additionalProperties", "/1/z"],
            ["/minItems", "https://example.com/polygon#/minItems", ""],
        ]
        #expect(units.count == expected.count, "\(units)")
        #expect(Set(units) == expected)
    }

    /// The filter's report names the failing keyword by the pointer's last segment: still the
    /// keyword's name when the pointer runs through references.
    @Test func filterReportKeywordIsTheKeywordName() throws {
        let contract = try Contract(schema: ##"{"$defs":{"n":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/n"}}}"##)
        let violation = try #require(contract.validate(#"{"a":"x"}"#).violations.first)
        let members = BatchFilterTests.describe(violation)
        #expect(members.first { $0.key == "keywordLocation" }?.value == .string("/properties/a/$ref/type"))
        #expect(members.first { $0.key == "keyword" }?.value == .string("type"))
    }

    @Test(arguments: [
        ("/$defs/a/properties/b", "/$defs/a", "/properties/b"),
        ("/$defs/a", "/$defs/a", ""),
        ("/items", "", "/items"),
        // A token that only starts the same is not a subschema.
        ("/$defs/ab/type", "/$defs/a", nil),
        ("/items", "/properties", nil),
    ])
    func relativePointer(_ sample: (pointer: String, base: String, expected: String?)) {
        let location = SchemaLocation(resourceURI: "r", pointer: "", documentURI: "d", documentPointer: sample.pointer)
        let base = SchemaLocation(resourceURI: "r", pointer: "", documentURI: "d", documentPointer: sample.base)
        #expect(Evaluator.relativePointer(location, from: base) == sample.expected)
    }

    @Test func relativePointerNeedsOneDocument() {
        let location = SchemaLocation(resourceURI: "r", pointer: "/type", documentURI: "other", documentPointer: "/$defs/x")
        let base = SchemaLocation(resourceURI: "r", pointer: "", documentURI: "d", documentPointer: "")
        #expect(Evaluator.relativePointer(location, from: base) == nil)
    }
}
