import Foundation
import Testing

@testable import SanitizeKit

/// Dialects chosen per resource by `$schema`: each draft's own keyword rules, the dialect a
/// resource without `$schema` takes, custom and unknown meta-schemas.
struct DialectTests {
    static let draft4 = "http://json-schema.org/draft-04/schema#"
    static let draft6 = "http://json-schema.org/draft-06/schema#"

    @Test(arguments: [
        ("http://json-schema.org/draft-04/schema#", Draft.draft4), ("https://json-schema.org/draft-04/schema", .draft4),
        ("http://json-schema.org/draft-06/schema#", .draft6), ("http://json-schema.org/draft-07/schema#", .draft7),
        ("https://json-schema.org/draft/2019-09/schema", .draft2019_09), ("https://json-schema.org/draft/2020-12/schema#", .draft2020_12),
    ])
    func knownMetaSchemasNameTheirDialect(_ uri: String, _ draft: Draft) {
        #expect(Draft.named(uri) == draft)
    }

    @Test(arguments: [
        "http://json-schema.org/draft-03/schema#", "http://json-schema.org/draft-08/schema#",
        "https://json-schema.org/draft/2020-12/schema/", "json-schema.org/draft-07/schema", "https://example.com/unregistered-meta",
    ])
    func unknownMetaSchemaIsAConfigurationError(_ uri: String) throws {
        let schema = try JSONValue(parsing: #"{"$schema":"\#(uri)","type":"string"}"#)
        do {
            _ = try Contract(schema: schema)
            Issue.record("\(uri) compiled")
        } catch {
            #expect(error.code == .contractUnknownDialect)
            #expect(error.reason.contains(uri))
            #expect(error.location?.pointer == "/$schema")
        }
    }

    @Test func customMetaSchemaOnAKnownDialectIsAccepted() throws {
        var resources = ContractResources()
        try resources.register(
            json: #"{"$schema":"http://json-schema.org/draft-04/schema#","id":"https://example.com/meta","allOf":[{"$ref":"http://json-schema.org/draft-04/schema#"}]}"#,
            as: "https://example.com/meta")
        let contract = try Contract(
            schema: #"{"$schema":"https://example.com/meta","minimum":5,"exclusiveMinimum":true,"const":1}"#, resources: resources)
        #expect(!contract.validate("5").isValid)  // draft-04: the boolean makes minimum exclusive
        #expect(contract.validate("6").isValid)  // draft-04 has no `const`
    }

    @Test func draft4BooleanExclusiveBounds() throws {
        let contract = try Contract(schema: #"{"$schema":"\#(Self.draft4)","minimum":1,"exclusiveMinimum":true,"maximum":3,"exclusiveMaximum":false}"#)
        #expect(!contract.validate("1").isValid)
        #expect(contract.validate("1.5").isValid)
        #expect(contract.validate("3").isValid)
        #expect(!contract.validate("3.01").isValid)
        #expect(throws: SanitizeError.self) { try Contract(schema: #"{"$schema":"\#(Self.draft4)","exclusiveMinimum":1}"#) }
        #expect(throws: SanitizeError.self) { try Contract(schema: #"{"exclusiveMinimum":true}"#) }
    }

    @Test func keywordsOfLaterDraftsAreIgnoredInEarlierOnes() throws {
        let four = try Contract(schema: #"{"$schema":"\#(Self.draft4)","const":1,"contains":{"type":"string"},"propertyNames":{"maxLength":1}}"#)
        #expect(four.validate("2").isValid)
        #expect(four.validate("[1]").isValid)
        #expect(four.validate(#"{"long":1}"#).isValid)
        let six = try Contract(schema: #"{"$schema":"\#(Self.draft6)","const":1,"if":{"const":1},"then":false}"#)
        #expect(six.validate("1").isValid)  // draft-06 has no if/then
        #expect(!six.validate("2").isValid)
        let seven = try Contract(schema: #"{"$schema":"http://json-schema.org/draft-07/schema#","if":{"const":1},"then":false}"#)
        #expect(!seven.validate("1").isValid)
    }

    @Test func draft4IntegerHasNoFraction() throws {
        let four = try Contract(schema: #"{"$schema":"\#(Self.draft4)","type":"integer"}"#)
        #expect(four.validate("1").isValid)
        #expect(!four.validate("1.0").isValid)
        let later = try Contract(schema: #"{"type":"integer"}"#)
        #expect(later.validate("1.0").isValid)
    }

    @Test func draft4IdSetsTheBaseURI() throws {
        let contract = try Contract(
            schema: #"{"$schema":"\#(Self.draft4)","id":"https://example.com/root.json","properties":{"a":{"$ref":"item.json"}},"definitions":{"item":{"id":"item.json","type":"integer"}}}"#
        )
        #expect(contract.validate(#"{"a":1}"#).isValid)
        #expect(!contract.validate(#"{"a":"x"}"#).isValid)
    }

    /// A resource without `$schema` is read in the dialect of the schema that references it.
    @Test func resourceWithoutSchemaTakesTheReferrersDialect() throws {
        var resources = ContractResources()
        try resources.register(json: #"{"minimum":5,"exclusiveMinimum":true}"#, as: "https://example.com/bound.json")
        let four = try Contract(schema: #"{"$schema":"\#(Self.draft4)","$ref":"https://example.com/bound.json"}"#, resources: resources)
        #expect(!four.validate("5").isValid)
        #expect(four.validate("6").isValid)
        // Read as 2020-12, the same document is not a valid schema.
        #expect(throws: SanitizeError.self) { try Contract(schema: #"{"$ref":"https://example.com/bound.json"}"#, resources: resources) }
    }

    @Test func recursiveRefFollowsTheDynamicScope() throws {
        var resources = ContractResources()
        try resources.register(
            json: ##"{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://example.com/tree","$recursiveAnchor":true,"type":"object","properties":{"children":{"type":"array","items":{"$recursiveRef":"#"}}}}"##,
            as: "https://example.com/tree")
        let strict = try Contract(
            schema: #"{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://example.com/strict","$recursiveAnchor":true,"$ref":"tree","unevaluatedProperties":false}"#,
            resources: resources)
        #expect(strict.validate(#"{"children":[{"children":[]}]}"#).isValid)
        #expect(!strict.validate(#"{"children":[{"children":[],"extra":1}]}"#).isValid)
    }
}

/// A failed `anyOf`/`oneOf` says, for each branch, the first reason it failed.
struct BranchReasonTests {
    @Test func anyOfNamesEachBranchsFirstFailure() throws {
        let contract = try Contract(schema: #"{"anyOf":[{"type":"integer"},{"type":"string","minLength":3},{"type":"object","properties":{"a":{"const":1}}}]}"#)
        let result = contract.validate(#""ab""#)
        #expect(!result.isValid)
        #expect(result.violations.count == 1)
        #expect(
            result.violations[0].message
                == "value matches none of the 3 allowed schemas (0: expected integer, found string [type]; 1: string has 2 characters, fewer than the minimum 3 [min-length]; 2: expected object, found string [type])")
        let nested = contract.validate(#"{"a":2}"#)
        #expect(nested.violations[0].message.contains("2: /a: value is not the required constant (got 2) [const]"))
    }

    @Test func oneOfNamesEachBranchsFirstFailureOrTheTwoThatMatched() throws {
        let contract = try Contract(schema: #"{"oneOf":[{"type":"integer"},{"minimum":0}]}"#)
        #expect(contract.validate("-1.5").violations.map(\.message) == [
            "value matches none of the 2 schemas (0: expected integer, found number [type]; 1: number is less than the minimum 0 (got -1.5) [minimum])"
        ])
        #expect(contract.validate("3").violations.map(\.message) == ["value matches more than one schema (0 and 1)"])
        #expect(contract.validate("-3").isValid)
    }

    @Test func branchReasonsKeepSensitiveValuesOut() throws {
        let contract = try Contract(schema: #"{"properties":{"pin":{"writeOnly":true,"anyOf":[{"pattern":"^[0-9]{4}$"},{"const":"x"}]}}}"#)
        let message = contract.validate(#"{"pin":"12345"}"#).violations[0].message
        #expect(!message.contains("12345"))
        #expect(message.contains("[pattern]"))
    }

    @Test func nestedApplicatorsDoNotMultiplyTheWork() throws {
        // Ten nested anyOf levels: only the outermost lists reasons; inner ones stay short.
        var schema = #"{"type":"integer"}"#
        for _ in 0..<10 { schema = #"{"anyOf":[\#(schema),{"type":"boolean"}]}"# }
        let message = try Contract(schema: schema).validate(#""s""#).violations[0].message
        #expect(message.hasPrefix("value matches none of the 2 allowed schemas (0: value matches none of the 2 allowed schemas [any-of]; 1: expected boolean"))
    }
}

/// A `oneOf` keyed by one member's constant (FHIR's `resourceType`): the named branch decides
/// a pass, every other outcome runs the plain `oneOf`, so verdicts and messages stay the same.
struct OneOfDiscriminatorTests {
    static let schema = ##"""
        {"$schema": "http://json-schema.org/draft-06/schema#",
         "oneOf": [{"$ref": "#/definitions/A"}, {"$ref": "#/definitions/B"}, {"$ref": "#/definitions/C"},
                   {"properties": {"kind": {"const": "D"}, "n": {"type": "integer"}}}],
         "definitions": {
           "A": {"properties": {"kind": {"const": "A"}, "n": {"type": "string"}}, "required": ["kind"]},
           "B": {"$ref": "#/definitions/B2"},
           "B2": {"properties": {"kind": {"const": "B"}}, "additionalProperties": false},
           "C": {"properties": {"kind": {"enum": ["C", "C2"]}, "n": {"maximum": 3}}}}}
        """##

    @Test(arguments: [
        (#"{"kind":"A","n":"x"}"#, true), (#"{"kind":"A","n":1}"#, false), (#"{"kind":"B"}"#, true), (#"{"kind":"B","n":1}"#, false),
        (#"{"kind":"C","n":2}"#, true), (#"{"kind":"C2","n":4}"#, false), (#"{"kind":"D","n":2}"#, true), (#"{"kind":"D","n":"2"}"#, false), (#"{"kind":"E"}"#, false),
        (#"{"n":2}"#, false), (#"{"kind":1}"#, false), ("[]", false), ("3", false),
    ])
    func verdictsMatchThePlainOneOf(_ instance: String, _ expected: Bool) throws {
        let contract = try Contract(schema: Self.schema)
        #expect(contract.program.discriminators.count == 1)
        #expect(contract.validate(instance).isValid == expected)
        let document = try JSONDocument(parsing: instance)
        #expect(contract.isValid(document) == expected)
    }

    @Test func failureMessagesStillNameEveryBranch() throws {
        let message = try Contract(schema: Self.schema).validate(#"{"kind":"A","n":1}"#).violations[0].message
        #expect(message.hasPrefix("value matches none of the 4 schemas (0: /n: expected string, found integer [type]; 1: /kind:"))
    }

    /// Many strings: the evaluator finds a branch by a binary search over their hashes, and
    /// must find every one of them (and no other string).
    @Test func everyStringOfALargeDiscriminatorNamesItsBranch() throws {
        let branches = (0..<60).map { index in
            #"{"required":["kind"],"properties":{"kind":{"const":"t\#(index)"},"n":{"type":"\#(index % 2 == 0 ? "integer" : "string")"}}}"#
        }
        let contract = try Contract(schema: #"{"oneOf":["# + branches.joined(separator: ",") + "]}")
        #expect(contract.program.discriminators.count == 1)
        for index in 0..<60 {
            let integer = #"{"kind":"t\#(index)","n":1}"#
            let string = #"{"kind":"t\#(index)","n":"x"}"#
            #expect(contract.validate(integer).isValid == (index % 2 == 0), "\(integer)")
            #expect(contract.validate(string).isValid == (index % 2 == 1), "\(string)")
            #expect(contract.isValid(try JSONDocument(parsing: integer)) == (index % 2 == 0))
        }
        #expect(!contract.validate(#"{"kind":"t60","n":1}"#).isValid)
        #expect(!contract.validate(#"{"kind":"t","n":1}"#).isValid)
        // The lookup itself (a wrong answer would only cost speed: the plain oneOf follows).
        for index in 0..<60 {
            #expect(Array("t\(index)".utf8).withUnsafeBytes { contract.buffers.discriminatedBranch(0, for: $0) } == index)
        }
        for absent in ["t60", "t", "", "T1"] {
            #expect(Array(absent.utf8).withUnsafeBytes { contract.buffers.discriminatedBranch(0, for: $0) } == nil)
        }
    }

    @Test func sharedStringsGetNoDiscriminator() throws {
        let schema = #"{"oneOf":[{"properties":{"k":{"enum":["a","x"]}}},{"properties":{"k":{"const":"x"}}},{"properties":{"k":{"const":"b"}}},{"properties":{"k":{"const":"c"}}}]}"#
        let contract = try Contract(schema: schema)
        #expect(contract.program.discriminators.isEmpty)
        #expect(!contract.validate(#"{"k":"x"}"#).isValid)
        #expect(contract.validate(#"{"k":"a"}"#).isValid)
    }

    @Test func repeatedConstantsGetNoDiscriminator() throws {
        let schema = #"{"oneOf":[{"properties":{"k":{"const":"a"}}},{"properties":{"k":{"const":"a"}}},{"properties":{"k":{"const":"b"}}},{"properties":{"k":{"const":"c"}}}]}"#
        let contract = try Contract(schema: schema)
        #expect(contract.program.discriminators.isEmpty)
        #expect(!contract.validate(#"{"k":"a"}"#).isValid)
        #expect(contract.validate(#"{"k":"b"}"#).isValid)
    }
}
