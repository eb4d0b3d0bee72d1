import Foundation
import Testing

@testable import SanitizeKit

/// Differential test against Python's `jsonschema` (4.x, which implements all five dialects):
/// per dialect, seeded random schemas over that dialect's keywords, and random instances;
/// every verdict must agree. One `python3` process judges the whole batch, each schema with
/// the validator class of its dialect (`Draft4Validator` … `Draft202012Validator`).
///
/// The schemas mix in keywords the dialect does not have (`const` in draft-04, `if` in
/// draft-06, `prefixItems` before 2020-12, …): both sides must ignore them. The one
/// difference left out by design: `dependencies` in 2019-09/2020-12 (see `keyword`).
@Suite("Differential: contract validator vs Python jsonschema (all dialects)", .integration)
struct PythonJSONSchemaDifferentialTests {
    static let dialects: [(name: String, draft: Draft, python: String)] = [
        ("draft4", .draft4, "Draft4Validator"), ("draft6", .draft6, "Draft6Validator"), ("draft7", .draft7, "Draft7Validator"),
        ("draft2019-09", .draft2019_09, "Draft201909Validator"), ("draft2020-12", .draft2020_12, "Draft202012Validator"),
    ]
    static let schemasPerDialect = 200
    static let instancesPerSchema = 80

    /// Reads `[{"validator": name, "schema": …, "instances": […]}]`, prints one line of `1`/`0`
    /// per schema (`E` and the error when the schema is refused).
    static let judge = """
        import json, sys
        import jsonschema
        cases = json.load(sys.stdin)
        for case in cases:
            cls = getattr(jsonschema, case["validator"])
            try:
                cls.check_schema(case["schema"])
                validator = cls(case["schema"])
                print("".join("1" if validator.is_valid(i) else "0" for i in case["instances"]))
            except Exception as error:
                print("E " + str(error).replace("\\n", " ")[:200])
        """

    @Test func validatorAgreesWithPythonJSONSchemaInEveryDialect() throws {
        var generator = SeededGenerator(seed: 0xD1A1_EC75)
        var cases: [(dialect: Int, schema: JSONValue, instances: [JSONValue])] = []
        for (index, dialect) in Self.dialects.enumerated() {
            for _ in 0..<Self.schemasPerDialect {
                let schema = Self.randomSchema(&generator, draft: dialect.draft, depth: 0)
                let instances = (0..<Self.instancesPerSchema).map { _ in AjvDifferentialTests.randomValue(&generator, depth: 0) }
                cases.append((index, schema, instances))
            }
        }
        let batch = JSONValue.array(cases.map { item in
            .object([
                .init("validator", .string(Self.dialects[item.dialect].python)), .init("schema", item.schema),
                .init("instances", .array(item.instances)),
            ])
        })
        let run = try ExternalTool.run("python3", ["-c", Self.judge], stdin: batch.serialized())
        try #require(run.status == 0, "python3 with jsonschema failed (scripts/test installs it): \(run.stderr)")
        let verdicts = run.output.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        try #require(verdicts.count >= cases.count)

        var valid = [Int](repeating: 0, count: Self.dialects.count)
        var invalid = [Int](repeating: 0, count: Self.dialects.count)
        for (position, item) in cases.enumerated() {
            let dialect = Self.dialects[item.dialect]
            let contract = try Contract(schema: item.schema, options: .init(defaultDraft: dialect.draft))
            let line = verdicts[position]
            try #require(line.first != "E", "\(dialect.name): Python refused \(item.schema.jsonText): \(String(line))")
            for (index, instance) in item.instances.enumerated() {
                let ours = contract.validate(instance.jsonText).isValid
                let theirs = line[index] == "1"
                #expect(ours == theirs, "\(dialect.name) schema \(item.schema.jsonText) instance \(instance.jsonText): ours \(ours), jsonschema \(theirs)")
                if theirs { valid[item.dialect] += 1 } else { invalid[item.dialect] += 1 }
            }
        }
        // Both outcomes occur often enough in every dialect for the comparison to mean something.
        for index in Self.dialects.indices {
            #expect(valid[index] > 300, "\(Self.dialects[index].name): \(valid[index]) valid")
            #expect(invalid[index] > 300, "\(Self.dialects[index].name): \(invalid[index]) invalid")
        }
    }

    static let keys = AjvDifferentialTests.keys
    static let patterns = ["^a", "[0-9]", "^[a-z]+$", "b$", "^.{2}$"]
    static let typeNames = ["null", "boolean", "integer", "number", "string", "array", "object"]

    static func pick<T>(_ items: [T], _ generator: inout SeededGenerator) -> T { items[Int.random(in: 0..<items.count, using: &generator)] }
    static func integer(_ range: ClosedRange<Int>, _ generator: inout SeededGenerator) -> JSONValue {
        .number(String(Int.random(in: range, using: &generator)))
    }

    /// A random schema of 1–3 keywords (fewer deeper), drawn from every dialect's keywords.
    static func randomSchema(_ generator: inout SeededGenerator, draft: Draft, depth: Int) -> JSONValue {
        if depth > 0 && draft.generation >= 6 && Int.random(in: 0..<10, using: &generator) == 0 {
            return .bool(Bool.random(using: &generator))
        }
        var members: [JSONValue.Member] = []
        var used: Set<String> = []
        for _ in 0..<Int.random(in: 1...(depth >= 2 ? 1 : 3), using: &generator) {
            let keyword = keyword(&generator, draft: draft, depth: depth)
            guard used.insert(keyword.key).inserted else { continue }
            members.append(keyword)
        }
        return .object(members)
    }

    static func keyword(_ generator: inout SeededGenerator, draft: Draft, depth: Int) -> JSONValue.Member {
        func sub() -> JSONValue { randomSchema(&generator, draft: draft, depth: depth + 1) }
        func subs() -> JSONValue { .array((0..<Int.random(in: 1...3, using: &generator)).map { _ in sub() }) }
        let leaf = depth >= 2
        switch Int.random(in: 0..<(leaf ? 14 : 30), using: &generator) {
        case 0, 1:
            if Bool.random(using: &generator) { return .init("type", .string(pick(typeNames, &generator))) }
            return .init("type", .array([.string(pick(typeNames, &generator)), .string(pick(typeNames, &generator))].uniqued()))
        case 2: return .init("minimum", integer(-3...6, &generator))
        case 3: return .init("maximum", integer(-3...8, &generator))
        case 4, 5:
            let (bound, exclusive) = Bool.random(using: &generator) ? ("minimum", "exclusiveMinimum") : ("maximum", "exclusiveMaximum")
            // Draft-04's boolean form (its meta-schema wants the bound beside it), later
            // drafts' numeric form.
            guard draft.generation == 4 else { return .init(exclusive, integer(-3...6, &generator)) }
            return .init("allOf", .array([.object([.init(bound, integer(-3...6, &generator)), .init(exclusive, .bool(Bool.random(using: &generator)))])]))
        case 6: return .init("minLength", integer(0...3, &generator))
        case 7: return .init("maxLength", integer(0...3, &generator))
        case 8: return .init("pattern", .string(pick(patterns, &generator)))
        case 9: return .init("multipleOf", integer(1...3, &generator))
        case 10: return .init("enum", .array((0..<Int.random(in: 1...3, using: &generator)).map { _ in AjvDifferentialTests.randomValue(&generator, depth: 3) }.uniqued()))
        case 11: return .init("const", AjvDifferentialTests.randomValue(&generator, depth: 3))  // not in draft-04
        case 12: return .init("required", .array(Array(Set((0..<Int.random(in: 1...2, using: &generator)).map { _ in pick(keys, &generator) })).sorted().map { .string($0) }))
        case 13: return .init(pick(["minItems", "maxItems", "minProperties", "maxProperties"], &generator), integer(0...3, &generator))
        case 14: return .init("uniqueItems", .bool(Bool.random(using: &generator)))
        case 15, 16:
            var properties: [JSONValue.Member] = []
            for key in Set((0..<Int.random(in: 1...3, using: &generator)).map { _ in pick(keys, &generator) }).sorted() { properties.append(.init(key, sub())) }
            return .init("properties", .object(properties))
        case 17: return .init("additionalProperties", Bool.random(using: &generator) ? .bool(false) : sub())
        case 18: return .init("patternProperties", .object([.init(pick(patterns, &generator), sub())]))
        case 19:
            // The array form is invalid in 2020-12 (both sides refuse the schema).
            return .init("items", Bool.random(using: &generator) || draft.hasPrefixItems ? sub() : subs())
        case 20: return .init(pick(["allOf", "anyOf", "oneOf"], &generator), subs())
        case 21: return .init("not", sub())
        case 22: return .init("contains", sub())  // from draft-06
        case 23: return .init("propertyNames", .object([.init("maxLength", integer(0...1, &generator))]))  // from draft-06
        case 24: return .init("if", sub())  // from draft-07 (then/else come with it below)
        case 25: return .init(pick(["then", "else"], &generator), sub())
        case 26: return .init("additionalItems", Bool.random(using: &generator) ? .bool(false) : sub())
        case 27: return .init("prefixItems", subs())  // 2020-12
        case 28:
            // `dependencies` only up to draft-07: in 2019-09/2020-12 it is "no longer a
            // keyword"; jsonschema ignores it there, we keep applying it (the suite's optional
            // dependencies-compatibility files, and 2020-12 output as before), both allowed.
            return Bool.random(using: &generator) && draft.generation <= 7
                ? .init("dependencies", .object([.init(pick(keys, &generator), .array([.string(pick(keys, &generator))]))]))
                : .init("dependentRequired", .object([.init(pick(keys, &generator), .array([.string(pick(keys, &generator))]))]))
        default: return .init(pick(["unevaluatedProperties", "unevaluatedItems"], &generator), .bool(false))  // 2019-09+
        }
    }
}

extension Array where Element == JSONValue {
    /// The values without repeats, in first-seen order (`type` arrays must be unique).
    fileprivate func uniqued() -> [JSONValue] {
        var seen: Set<JSONValue> = []
        return filter { seen.insert($0).inserted }
    }
}
