import Foundation
import Testing

@testable import SanitizeKit

/// The evaluator's shortcuts around the general machinery must answer as the general machinery
/// does: a literal-prefix pattern as PCRE2, JSON equality as a plain recursive reading of the
/// specification, a property found through a shape's hash index as one found by name.
@Suite("Evaluation shortcuts")
struct EvaluationShortcutTests {
    @Test("literal prefixes: what is read and what is not", arguments: [
        ("^x-", true), ("^/", true), ("^a_Z-9:@~!%&,;<=", true), ("^>'\"", true), ("^", false), ("x-", false),
        ("^x.", false), ("^x-$", false), ("^x*", false), ("^x+", false), ("^x?", false), ("^(x)", false),
        ("^[x]", false), ("^x|y", false), ("^x{2}", false), ("^\\x", false), ("^é", false), ("^x y", false),
        ("^x#", false), ("^0123456789abcdef", true), ("^0123456789abcdefg", false), ("^^x", false), ("^x}", false), ("^x]", false),
    ])
    func readsPrefixes(source: String, isLiteral: Bool) {
        #expect((LiteralPrefixPattern(source) != nil) == isLiteral)
    }

    @Test("a literal prefix matches exactly where PCRE2 (ECMAScript flavour) matches")
    func prefixAgreesWithPCRE2() throws {
        let sources = ["^x-", "^/", "^a", "^ab", "^0123456789abcdef", "^x-y:z", "^'\"<>", "^--", "^@"]
        var samples = ["", "x", "x-", "x-a", "X-a", "ax-", "/", "//", "a/", "\nx-", "x\n-", "x-\n", "é", "x-é", "éx-", "0123456789abcdef",
                       "0123456789abcdeF", "0123456789abcdefXYZ", "'\"<>", "--", "-", "@home", " x-", "\u{0}x-"]
        for byte in UInt8(0x20)...UInt8(0x7E) {
            let character = String(UnicodeScalar(byte))
            samples += [character, "x-" + character, character + "x-", "a" + character]
        }
        let matched = try expectShortcutAgreesWithPCRE2(sources: sources, samples: samples) { source in
            LiteralPrefixPattern(source).map { prefix in { prefix.matches($0) } }
        }
        #expect(matched > 30)
    }

    @Test("patternProperties with a literal prefix give the verdicts and violations of the same schema through PCRE2")
    func prefixPatternsInContracts() throws {
        // `^x-` is read as a prefix; `(?:^x-)` is the same language, left to PCRE2.
        let schema = { (pattern: String) in
            """
            {"type": "object", "properties": {"name": {"type": "string"}},
             "patternProperties": {"\(pattern)": {"type": "integer"}, "^/": {"type": "object"}},
             "additionalProperties": false}
            """
        }
        let shortcut = try Contract(schema: schema("^x-"))
        let general = try Contract(schema: schema("(?:^x-)"))
        let instances = [
            #"{"name": "a", "x-rate": 1}"#, #"{"x-rate": "1"}"#, #"{"X-rate": 1}"#, #"{"ax-rate": 1}"#, #"{"x-": 2, "/a": {}}"#,
            #"{"/": 1}"#, #"{"x-é": 1, "é": 1}"#, #"{"x\u002drate": 1}"#, #"{"x-rate": 1.5, "/p": []}"#,
        ]
        for instance in instances {
            // Through the evaluator, parsed first: no shape check passes a clean instance before it.
            let a = shortcut.validate(try JSONDocument(parsing: instance))
            let b = general.validate(try JSONDocument(parsing: instance))
            #expect(a.isValid == b.isValid, "\(instance)")
            #expect(a.violations.map(\.instanceLocation) == b.violations.map(\.instanceLocation), "\(instance)")
            #expect(a.violations.map(\.code) == b.violations.map(\.code), "\(instance)")
        }
        #expect(shortcut.validate(try JSONDocument(parsing: #"{"x-rate": 1, "/a": {}}"#)).isValid)
        #expect(!shortcut.validate(try JSONDocument(parsing: #"{"x-rate": "1"}"#)).isValid)
    }

    /// JSON equality as the specification words it (2020-12 core §4.2.2), read plainly from
    /// `JSONValue`s: numbers by value, strings by their characters, arrays in order, objects as
    /// sets of members.
    private static func specEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return Decimal(string: x) == Decimal(string: y)
        case (.string(let x), .string(let y)): return Array(x.unicodeScalars) == Array(y.unicodeScalars)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { specEqual($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { member in y.contains { $0.key == member.key && specEqual($0.value, member.value) } }
        default: return false
        }
    }

    /// A random value of at most `depth` levels, from few enough parts that equal pairs are common.
    private static func randomValue(_ generator: inout SeededGenerator, depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(["1", "1.0", "10e-1", "2", "0.5", "5e-1", "-0", "0"].randomElement(using: &generator)!)
        case 3, 4: return .string(["a", "b", "é", "\"", "line\nbreak", "", "ab"].randomElement(using: &generator)!)
        case 5: return .string("x")
        case 6, 7:
            let names = ["a", "b", "c", "é", "a\nb"].shuffled(using: &generator)
            let count = Int.random(in: 0...3, using: &generator)
            return .object(names.prefix(count).map { .init($0, randomValue(&generator, depth: depth - 1)) })
        default:
            return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(&generator, depth: depth - 1) })
        }
    }

    /// The same value written differently: members in another order, strings with escapes, numbers as they were.
    private static func rewritten(_ value: JSONValue, _ generator: inout SeededGenerator) -> String {
        switch value {
        case .object(let members):
            let parts = members.shuffled(using: &generator).map { member in
                escapedAll(member.key, Bool.random(using: &generator)) + ":" + rewritten(member.value, &generator)
            }
            return "{" + parts.joined(separator: ",") + "}"
        case .array(let elements):
            return "[" + elements.map { rewritten($0, &generator) }.joined(separator: ",") + "]"
        case .string(let text):
            return escapedAll(text, Bool.random(using: &generator))
        default:
            return value.jsonText
        }
    }

    /// A JSON string literal; with `everything`, every character as a `\u` escape.
    private static func escapedAll(_ text: String, _ everything: Bool) -> String {
        guard everything else { return JSONValue.string(text).jsonText }
        return "\"" + text.utf16.map { String(format: "\\u%04x", $0) }.joined() + "\""
    }

    @Test("equality of any two values is the specification's, however they are written")
    func equalityAgreesWithSpecification() throws {
        var generator = SeededGenerator(seed: 31)
        var equalPairs = 0
        var unequalPairs = 0
        for _ in 0..<3000 {
            let a = Self.randomValue(&generator, depth: 3)
            let b = Bool.random(using: &generator) ? a : Self.randomValue(&generator, depth: 3)
            let left = try JSONDocument(parsing: Self.rewritten(a, &generator))
            let right = try JSONDocument(parsing: Self.rewritten(b, &generator))
            let expected = Self.specEqual(a, b)
            #expect(JSONEquality.equal(left, 0, right, 0) == expected, "\(a.jsonText) vs \(b.jsonText)")
            #expect(JSONEquality.equal(right, 0, left, 0) == expected, "\(b.jsonText) vs \(a.jsonText)")
            if expected { equalPairs += 1 } else { unequalPairs += 1 }
        }
        #expect(equalPairs > 1000 && unequalPairs > 1000)
    }

    @Test("a shape with many properties finds each by name, in any order, and refuses the others")
    func indexedShape() throws {
        // 40 properties (an index of 128 slots), each holding its own number.
        let names = (0..<40).map { "p\($0)" } + ["", "é", "a\"b", "longer-than-eight-bytes-name"]
        let properties = names.enumerated().map { JSONValue.Member($0.element, .object([.init("const", .number(String($0.offset)))])) }
        let schema = JSONValue.object([
            .init("type", .string("object")), .init("properties", .object(properties)), .init("additionalProperties", .bool(false)),
        ])
        let contract = try Contract(schema: schema.jsonText)
        var generator = SeededGenerator(seed: 7)
        var valid = 0
        for _ in 0..<400 {
            var members: [JSONValue.Member] = []
            var expected = true
            for (index, name) in names.enumerated().shuffled(using: &generator).prefix(Int.random(in: 0...12, using: &generator)) {
                let right = Int.random(in: 0..<10, using: &generator) > 0
                members.append(.init(name, .number(String(right ? index : index + 1))))
                if !right { expected = false }
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                members.append(.init(["p40", "P1", "p1 ", "q", "longer-than-eight-bytes-namf"].randomElement(using: &generator)!, .number("0")))
                expected = false
            }
            // Through the evaluator, parsed first: the shape check would pass a valid one on its own.
            let result = contract.validate(try JSONDocument(parsing: JSONValue.object(members).jsonText))
            #expect(result.isValid == expected, "\(JSONValue.object(members).jsonText)")
            if expected { valid += 1 }
        }
        #expect(valid > 50)
    }

    @Test("a schema that is only a $ref, evaluated for its verdict alone, enters its target at the depths a reporting evaluation counts")
    func plainReferencesKeepTheirDepths() throws {
        // A chain of plain references at one instance location: every schema entered counts
        // towards the in-place limit, in a quiet evaluation (which skips the reference's step)
        // as in a reporting one.
        var verdicts: Set<Bool> = []
        for length in 55...75 {
            let links = (0..<length).map { ##""a\##($0)": {"$ref": "#/$defs/a\##($0 + 1)"}"## }
            let schema = ##"{"$ref": "#/$defs/a0", "$defs": {"## + links.joined(separator: ", ")
                + ##", "a\##(length)": {"type": "integer"}}}"##
            var validator = try Contract(schema: schema).makeValidator()
            for instance in ["1", "\"1\""] {
                let reported = validator.validate(Array(instance.utf8))
                let quiet = validator.isValid(Array(instance.utf8))
                #expect(quiet == reported.isValid, "\(length) links, \(instance)")
                if instance == "1" {
                    verdicts.insert(reported.isValid)
                    #expect(reported.isValid || reported.violations.map(\.code) == [.depthLimit], "\(length) links")
                }
            }
        }
        #expect(verdicts == [true, false])  // the limit falls inside the range
        // A cycle of plain references never reaches a value: refused either way.
        var cycle = try Contract(schema: ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##)
            .makeValidator()
        let quiet = cycle.isValid(Array("1".utf8))
        let reported = cycle.validate(Array("1".utf8))
        #expect(!quiet && reported.violations.map(\.code) == [.depthLimit])
    }
}
