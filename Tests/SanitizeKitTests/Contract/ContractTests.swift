import Foundation
import Testing

@testable import SanitizeKit

struct ContractTests {
    static let userSchema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "properties": {
            "id": {"type": "integer", "minimum": 1},
            "name": {"type": "string", "minLength": 1, "maxLength": 24},
            "email": {"type": "string", "format": "email"},
            "password": {"type": "string", "writeOnly": true, "minLength": 12},
            "pin": {"type": "string", "x-sensitive": true, "pattern": "^[0-9]{4}$"},
            "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true, "maxItems": 3},
            "address": {"$ref": "#/$defs/address"}
          },
          "required": ["id", "name"],
          "additionalProperties": false,
          "$defs": {
            "address": {"type": "object", "properties": {"zip": {"type": "string", "pattern": "^[0-9]{5}$"}}, "required": ["zip"]}
          }
        }
        """#

    @Test func validRecord() throws {
        let contract = try Contract(schema: Self.userSchema)
        let result = contract.validate(#"{"id":7,"name":"Ada","tags":["a","b"],"address":{"zip":"12345"}}"#)
        #expect(result.isValid)
        #expect(result.violations.isEmpty)
    }

    /// Instance, code, instance location, keyword location (the evaluation path, through
    /// `$ref`s), and the keyword's pointer in its resource (the fragment of its absolute location).
    @Test(arguments: [
        (#"{"name":"Ada"}"#, "required", "", "/required", "/required"),
        (#"{"id":"7","name":"Ada"}"#, "type", "/id", "/properties/id/type", "/properties/id/type"),
        (#"{"id":0,"name":"Ada"}"#, "minimum", "/id", "/properties/id/minimum", "/properties/id/minimum"),
        (#"{"id":1,"name":"abcdefghijklmnopqrstuvwxyz"}"#, "max-length", "/name", "/properties/name/maxLength", "/properties/name/maxLength"),
        (#"{"id":1,"name":"A","extra":1}"#, "additional-properties", "/extra", "/additionalProperties", "/additionalProperties"),
        (#"{"id":1,"name":"A","tags":["x","x"]}"#, "unique-items", "/tags", "/properties/tags/uniqueItems", "/properties/tags/uniqueItems"),
        (#"{"id":1,"name":"A","tags":["a","b","c","d"]}"#, "max-items", "/tags", "/properties/tags/maxItems", "/properties/tags/maxItems"),
        (
            #"{"id":1,"name":"A","address":{"zip":"1"}}"#, "pattern", "/address/zip", "/properties/address/$ref/properties/zip/pattern",
            "/$defs/address/properties/zip/pattern"
        ),
        (#"{"id":1,"name":"A","address":{}}"#, "required", "/address", "/properties/address/$ref/required", "/$defs/address/required"),
        (#"{"id":1,"name":"A","tags":[1]}"#, "type", "/tags/0", "/properties/tags/items/type", "/properties/tags/items/type"),
    ])
    func violationLocations(
        _ sample: (instance: String, code: String, instanceLocation: String, keywordLocation: String, resourcePointer: String)
    ) throws {
        let contract = try Contract(schema: Self.userSchema)
        let result = contract.validate(sample.instance)
        #expect(!result.isValid)
        #expect(result.violations.count == 1, "\(result.violations)")
        let violation = try #require(result.violations.first)
        #expect(violation.code.rawValue == sample.code)
        #expect(violation.instanceLocation == sample.instanceLocation)
        #expect(violation.keywordLocation == sample.keywordLocation)
        #expect(violation.absoluteKeywordLocation == "urn:sanitize:contract#" + sample.resourcePointer)
    }

    @Test func collectsAllOrStopsAtFirst() throws {
        let bad = #"{"id":0,"name":"","extra":true}"#
        let all = try Contract(schema: Self.userSchema).validate(bad)
        #expect(Set(all.violations.map(\.code.rawValue)) == ["minimum", "min-length", "additional-properties"])
        let first = try Contract(schema: Self.userSchema, options: .init(stopAtFirstError: true)).validate(bad)
        #expect(first.violations.count == 1)
        #expect(!first.isValid)
    }

    @Test func sensitiveValuesNeverAppear() throws {
        let contract = try Contract(schema: Self.userSchema)
        let result = contract.validate(#"{"id":1,"name":"A","password":"hunter2","pin":"12a4"}"#)
        #expect(result.violations.count == 2)
        for violation in result.violations {
            #expect(!violation.message.contains("hunter2"))
            #expect(!violation.message.contains("12a4"))
        }
        #expect(!result.basicOutput.jsonText.contains("hunter2"))
        // A non-sensitive value is shown, so the redaction above is not vacuous.
        let shown = contract.validate(#"{"id":1,"name":"A","address":{"zip":"abc"}}"#)
        #expect(shown.violations.first?.message.contains("abc") == true)
    }

    @Test func basicOutputFormat() throws {
        let contract = try Contract(schema: #"{"type":"object","required":["a"]}"#)
        let output = contract.validate("{}").basicOutput
        #expect(output["valid"] == .bool(false))
        guard case .array(let errors)? = output["errors"], let first = errors.first else {
            Issue.record("no errors array")
            return
        }
        #expect(first["instanceLocation"] == .string(""))
        #expect(first["keywordLocation"] == .string("/required"))
        #expect(first["code"] == .string("required"))
        #expect(contract.validate(#"{"a":1}"#).basicOutput.jsonText == #"{"valid":true}"#)
    }

    @Test func notJSONIsAViolation() throws {
        let contract = try Contract(schema: "true")
        let result = contract.validate("[1,]")
        #expect(!result.isValid)
        #expect(result.violations.first?.code.rawValue == "json-syntax")
    }

    @Test(arguments: [
        ("0.1", "0.3", true), ("0.01", "19.99", true), ("0.01", "19.999", false), ("1e-8", "0.00000003", true),
        ("0.5", "1e308", true), ("3", "1e1000000", false), ("2", "1e1000000", true), ("7", "-21", true), ("7", "22", false),
        ("0.0001", "12345678901234567890.1234", true), ("1.5", "4.5", true), ("1.5", "4.6", false),
    ])
    func multipleOfIsExact(_ sample: (divisor: String, value: String, valid: Bool)) throws {
        let contract = try Contract(schema: #"{"multipleOf":\#(sample.divisor)}"#)
        #expect(contract.validate(sample.value).isValid == sample.valid, "\(sample.value) multipleOf \(sample.divisor)")
    }

    @Test(arguments: [
        ("1", "1.0", true), ("1", "10e-1", true), ("100", "1e2", true), ("0", "-0", true), ("0.1", "0.10", true),
        ("12345678901234567890", "12345678901234567890.0", true), ("12345678901234567890", "12345678901234567891", false),
    ])
    func constUsesNumericEquality(_ sample: (schema: String, instance: String, equal: Bool)) throws {
        let contract = try Contract(schema: #"{"const":\#(sample.schema)}"#)
        #expect(contract.validate(sample.instance).isValid == sample.equal)
    }

    @Test func bigNumbersCompareExactly() throws {
        let contract = try Contract(schema: #"{"maximum":18446744073709551615}"#)
        #expect(contract.validate("18446744073709551615").isValid)
        #expect(!contract.validate("18446744073709551616").isValid)
        #expect(!contract.validate("1e400").isValid)
        #expect(contract.validate("-1e400").isValid)
    }

    @Test func stringLengthCountsCodePoints() throws {
        let contract = try Contract(schema: #"{"maxLength":2,"minLength":2}"#)
        #expect(contract.validate(#""😀é""#).isValid)
        #expect(contract.validate(#""\ud83d\ude00\u00e9""#).isValid)
        #expect(!contract.validate(#""😀éa""#).isValid)
    }

    @Test("format is asserted by default, as sanitize filter and validate do; an option makes it an annotation")
    func formatIsAssertedUnlessTurnedOff() throws {
        let schema = #"{"format":"date"}"#
        let asserting = try Contract(schema: schema)
        #expect(!asserting.validate(#""2024-02-30""#).isValid)
        #expect(asserting.validate(#""2024-02-29""#).isValid)
        #expect(try Contract(schema: schema, options: .init(assertFormats: false)).validate(#""2024-02-30""#).isValid)
        // The in-process filter engine agrees with the contract by default.
        let filter = try RecordFilter(schema: try JSONValue(parsing: #"{"properties": {"d": {"format": "date"}}}"#))
        #expect(!filter.process(Array(#"{"d":"2024-02-30"}"#.utf8)).violations.isEmpty)
    }

    @Test func remoteReferencesNeedRegistration() throws {
        let schema = #"{"$ref":"https://example.com/address.json"}"#
        #expect(throws: SanitizeError.self) { try Contract(schema: schema) }
        var resources = ContractResources()
        try resources.register(json: #"{"type":"object","required":["zip"]}"#, as: "https://example.com/address.json")
        let contract = try Contract(schema: schema, resources: resources)
        #expect(contract.validate(#"{"zip":"1"}"#).isValid)
        #expect(!contract.validate("{}").isValid)
    }

    @Test func directoryResources() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("common"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"type":"string","maxLength":3}"#.utf8).write(to: directory.appendingPathComponent("common/code.json"))
        var resources = ContractResources()
        try resources.register(directory: directory, as: "https://schemas.example/")
        let contract = try Contract(schema: #"{"$ref":"https://schemas.example/common/code.json"}"#, resources: resources)
        #expect(contract.validate(#""abc""#).isValid)
        #expect(!contract.validate(#""abcd""#).isValid)
    }

    @Test(arguments: [#"{"type":"strin"}"#, #"{"minLength":-1}"#, #"{"pattern":"("}"#, #"{"multipleOf":0}"#, #"{"properties":{"a":3}}"#, "[1,]"])
    func badSchemasThrow(_ schema: String) {
        #expect(throws: SanitizeError.self) { try Contract(schema: schema) }
    }

    @Test func draft7RefOverridesSiblings() throws {
        let schema = ##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{"type":"integer"}},"$ref":"#/definitions/a","maximum":1}"##
        let contract = try Contract(schema: schema)
        #expect(contract.validate("5").isValid)
        #expect(!contract.validate(#""x""#).isValid)
        let modern = try Contract(schema: schema.replacingOccurrences(of: "http://json-schema.org/draft-07/schema#", with: "https://json-schema.org/draft/2020-12/schema"))
        #expect(!modern.validate("5").isValid)
    }

    @Test func deepInstanceAgainstRecursiveSchema() throws {
        let contract = try Contract(schema: ##"{"type":"array","items":{"$ref":"#"}}"##)
        // 64 levels fit a test worker's stack in any build; deeper documents on small stacks are
        // Robustness/DeepNestingStackTests.swift.
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(contract.validate(deep).isValid)
        // Deeper than the evaluator's limit: a clean violation, never a stack overflow.
        let deeper = try Contract(schema: ##"{"type":"array","items":{"$ref":"#"}}"##, options: .init(limits: JSONLimits(maxDepth: 5_000)))
        let tooDeep = String(repeating: "[", count: 4_000) + String(repeating: "]", count: 4_000)
        #expect(deeper.validate(tooDeep).violations.first?.code == .depthLimit)
        #expect(!deeper.isValid(try JSONDocument(parsing: tooDeep, limits: JSONLimits(maxDepth: 5_000))))
        let endless = try Contract(schema: ##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}"##)
        let result = endless.validate("1")
        #expect(!result.isValid)
        #expect(result.violations.first?.code == .depthLimit)
    }

    struct User: Codable, Equatable {
        var id: Int
        var name: String
    }

    @Test func decodeValidatesFirst() throws {
        let contract = try Contract(schema: Self.userSchema)
        let user = try contract.decode(User.self, from: Data(#"{"id":3,"name":"Ada"}"#.utf8))
        #expect(user == User(id: 3, name: "Ada"))
        do {
            _ = try contract.decode(User.self, from: Data(#"{"id":3,"name":"Ada","x":1}"#.utf8))
            Issue.record("decoded an invalid payload")
        } catch {
            #expect(error.code == .contractViolation)
            #expect(error.location?.pointer == "/x")
        }
    }

    @Test func encodeValidatesAfter() throws {
        let contract = try Contract(schema: Self.userSchema)
        let data = try contract.encode(User(id: 1, name: "Ada"))
        #expect(contract.validate(data).isValid)
        #expect(throws: SanitizeError.self) { try contract.encode(User(id: 0, name: "Ada")) }
    }

    @Test func sanitizeStepsAreExposedPerNode() throws {
        let schema = #"""
            {"type":"object","properties":{
               "name":{"type":"string","x-sanitize":["trim","nfc"]},
               "tags":{"type":"array","items":{"type":"string","x-sanitize":[{"truncate":{"graphemes":8}}]}}}}
            """#
        let contract = try Contract(schema: schema)
        #expect(contract.hasSanitizeSteps)
        let document = try JSONDocument(parsing: #"{"name":" Ada ","tags":["x","y"],"other":1}"#)
        let steps = contract.sanitizeSteps(for: document)
        #expect(steps.count == 3)
        let name = try #require(document.member("name", of: document.root))
        let list = try #require(steps.first { $0.node == name }?.list)
        #expect(contract.stepList(list) == [.text(.trim), .text(.nfc)])
        let tags = try #require(document.member("tags", of: document.root)).self
        #expect(steps.filter { document.elements(tags).contains($0.node) }.count == 2)
    }

    @Test func contractIsSendableAcrossTasks() async throws {
        let contract = try Contract(schema: Self.userSchema)
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask { contract.validate(#"{"id":\#(index + 1),"name":"n"}"#).isValid }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
