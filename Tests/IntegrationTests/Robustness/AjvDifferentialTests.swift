import Foundation
import Testing

@testable import SanitizeKit

/// Differential test of the contract validator against Ajv (Debian `node-ajv`, Ajv 6, whose
/// default dialect is draft-07): seeded random instances, valid and invalid, for a set of
/// draft-07 schemas; every verdict must agree. One `node` process judges the whole batch.
///
/// The other differential tests of the package: percent-encoding against Python's
/// `urllib.parse` in `URL/PythonDifferentialTests.swift`, SQL literals against the real
/// `sqlite3` in `SQL/SQLiteRoundTripTests.swift` (and PostgreSQL in `PostgresRoundTripTests.swift`).
@Suite("Differential: contract validator vs Ajv (draft-07)", .integration)
struct AjvDifferentialTests {
    /// Schemas over the keywords both sides implement identically for draft-07. Left out on
    /// purpose: `format` (Ajv 6's own format regexes differ from the RFCs), and non-integer
    /// `multipleOf` (Ajv uses floating-point division).
    static let schemas: [String] = [
        #"{"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}, "required": ["a"]}"#,
        #"{"type": "string", "minLength": 2, "maxLength": 4}"#,
        #"{"type": "string", "pattern": "^[a-z]+[0-9]*$"}"#,
        #"{"type": ["number", "null"], "minimum": -2, "exclusiveMaximum": 10, "multipleOf": 2}"#,
        #"{"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": 3, "uniqueItems": true}"#,
        #"{"type": "array", "items": [{"type": "string"}, {"type": "boolean"}], "additionalItems": false}"#,
        #"{"type": "array", "contains": {"const": 3}}"#,
        #"{"properties": {"a": {"type": "integer"}}, "patternProperties": {"^b": {"type": "string"}}, "additionalProperties": false}"#,
        #"{"type": "object", "propertyNames": {"maxLength": 1}, "minProperties": 1, "maxProperties": 2}"#,
        #"{"dependencies": {"a": ["b"], "c": {"required": ["d"]}}}"#,
        #"{"enum": [1, "a", null, [1, 2], {"a": 1}]}"#,
        #"{"const": {"a": [1, true]}}"#,
        #"{"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 5}]}"#,
        #"{"oneOf": [{"type": "integer"}, {"minimum": 2}]}"#,
        #"{"allOf": [{"type": "object"}, {"required": ["a"]}], "not": {"required": ["c"]}}"#,
        #"{"if": {"properties": {"a": {"const": 1}}, "required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}}"#,
        ##"{"definitions": {"node": {"type": "object", "properties": {"next": {"$ref": "#/definitions/node"}, "v": {"type": "integer"}}}}, "$ref": "#/definitions/node"}"##,
        #"{"type": "array", "items": {"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string", "maxLength": 1}}}}}"#,
        #"{"type": "integer", "maximum": 7, "exclusiveMinimum": 0}"#,
        #"{"type": "object", "additionalProperties": {"type": ["boolean", "array"]}}"#,
    ]

    static let instancesPerSchema = 300

    /// The Ajv side: reads `{"schemas": [...], "instances": [[...], ...]}` and prints one line
    /// of `1`/`0` per schema.
    static let judge = """
        const Ajv = require('ajv');
        const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
        const ajv = new Ajv({ schemaId: 'auto' });
        input.schemas.forEach((schema, index) => {
          const validate = ajv.compile(schema);
          process.stdout.write(input.instances[index].map(i => validate(i) ? '1' : '0').join('') + '\\n');
        });
        """

    @Test func validatorAgreesWithAjvOnGeneratedInstances() throws {
        var generator = SeededGenerator(seed: 0x5EED_07)
        var instances: [[JSONValue]] = []
        for _ in Self.schemas {
            instances.append((0..<Self.instancesPerSchema).map { _ in Self.randomValue(&generator, depth: 0) })
        }
        let batch = JSONValue.object([
            .init("schemas", .array(try Self.schemas.map { try JSONValue(parsing: $0) })),
            .init("instances", .array(instances.map { .array($0) })),
        ])
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("ajv-judge-\(UUID().uuidString).js")
        try Self.judge.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        // Debian installs Node modules under /usr/share/nodejs, which is not on the default path.
        let run = try ExternalTool.run("env", ["NODE_PATH=/usr/share/nodejs", "node", script.path], stdin: batch.serialized())
        try #require(run.status == 0, "node with Ajv failed (scripts/test installs node-ajv): \(run.stderr)")
        let verdicts = run.output.split(separator: "\n").map { Array($0) }
        try #require(verdicts.count == Self.schemas.count)

        var valid = 0
        var invalid = 0
        for (index, schemaText) in Self.schemas.enumerated() {
            let schema = try JSONValue(parsing: schemaText)
            guard case .object(let members) = schema else { continue }
            let draft07 = JSONValue.object([.init("$schema", .string("http://json-schema.org/draft-07/schema#"))] + members)
            let contract = try Contract(schema: draft07)
            var schemaValid = 0
            for (position, instance) in instances[index].enumerated() {
                let ours = contract.validate(instance.jsonText).isValid
                let ajv = verdicts[index][position] == "1"
                #expect(ours == ajv, "schema \(schemaText) instance \(instance.jsonText): ours \(ours), Ajv \(ajv)")
                if ajv { schemaValid += 1 }
            }
            valid += schemaValid
            invalid += Self.instancesPerSchema - schemaValid
        }
        // Both outcomes occur often enough for the comparison to mean something.
        #expect(valid > 1_000)
        #expect(invalid > 1_000)
    }

    static let keys = ["a", "b", "c", "d", "bb", "next", "v", "ab"]
    static let strings = ["", "a", "b", "ab", "abc", "abcd", "abcde", "ab12", "A1", "é", "😀", "x😀", "1", "a b", "zz9"]

    /// A random JSON value from a small vocabulary, so keys and values hit the schemas' cases.
    static func randomValue(_ generator: inout SeededGenerator, depth: Int) -> JSONValue {
        let choice = Int.random(in: 0..<(depth >= 3 ? 5 : 8), using: &generator)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(String(Int.random(in: -4...12, using: &generator)))
        case 3: return .number(["2.5", "-0.5", "4.0", "1e1", "0.0", "6"][Int.random(in: 0..<6, using: &generator)])
        case 4: return .string(strings[Int.random(in: 0..<strings.count, using: &generator)])
        case 5, 6:
            var members: [JSONValue.Member] = []
            var used: Set<String> = []
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let key = keys[Int.random(in: 0..<keys.count, using: &generator)]
                guard used.insert(key).inserted else { continue }
                members.append(.init(key, randomValue(&generator, depth: depth + 1)))
            }
            return .object(members)
        default:
            return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(&generator, depth: depth + 1) })
        }
    }
}
