import Foundation
import Testing

@testable import SanitizeKit

/// "Limits that hold": hostile inputs each get a clear error (or a bounded, well-defined result),
/// never a crash, a hang or unbounded memory. The 1 GiB record is in
/// `sanitizeTests/Robustness/HugeRecordTests.swift`; chunk boundaries in `ChunkBoundaryTests.swift`;
/// the deepest documents against recursive schemas on small stacks in `DeepNestingStackTests.swift`.
@Suite("Hostile input limits")
struct HostileLimitsTests {
    // MARK: JSON nested 100 000 deep

    static let depth = 100_000

    @Test(arguments: [("[", "]"), ("{\"a\":", "}")])
    func jsonNestedOneHundredThousandDeepIsRefused(open: String, close: String) throws {
        let text = String(repeating: open, count: Self.depth) + "0" + String(repeating: close, count: Self.depth)
        do {
            _ = try JSONDocument(parsing: text)
            Issue.record("a document \(Self.depth) deep was accepted")
        } catch {
            #expect(error.code == .jsonTooDeep)
            // The error points at the first opening past the limit, not somewhere deep inside.
            let limit = JSONLimits.default.maxDepth
            #expect(error.location?.byteOffset == limit * open.utf8.count)
        }
        // The tree form refuses it the same way (no recursion over the input).
        #expect(throws: SanitizeError.self) { try JSONValue(parsing: text) }
    }

    @Test func jsonNestedOneHundredThousandDeepAndUnclosedIsRefused() {
        let text = String(repeating: "[", count: Self.depth)
        #expect { try JSONDocument(parsing: text) } throws: { ($0 as? SanitizeError)?.code == .jsonTooDeep }
    }

    @Test func nestingJustUnderTheLimitParses() throws {
        let depth = JSONLimits.default.maxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = try JSONDocument(parsing: text)
        #expect(document.nodeCount == depth)
        #expect(document.serialized() == Array(text.utf8))
    }

    // MARK: 10 million combining marks into grapheme truncation

    @Test func tenMillionCombiningMarksAreOneCharacterKeptOrDroppedWhole() {
        let marks = String(repeating: "\u{0301}", count: 10_000_000)
        let text = "a" + marks + "b"
        // "a" + the marks is one extended grapheme cluster (UAX #29 GB9): truncation never splits it.
        let one = TextHygiene.truncate(text, maxGraphemes: 1)
        #expect(one.utf8.count == 1 + 2 * 10_000_000)
        #expect(one.unicodeScalars.last == "\u{0301}")
        #expect(TextHygiene.truncate(text, maxGraphemes: 2) == text)
        #expect(TextHygiene.truncate(text, maxGraphemes: 0) == "")
        // A byte limit smaller than the cluster drops the cluster whole rather than cut a mark off.
        #expect(TextHygiene.truncate(text, maxUTF8Bytes: 64) == "")
        #expect(TextHygiene.truncate("x" + text, maxUTF8Bytes: 64) == "x")
    }

    @Test func combiningMarksThroughTheStepListStayBounded() throws {
        // No "nfc" here: canonical reordering of alternating combining classes is quadratic
        // (docs/robustness.md, "Known limits"); this checks the truncation steps.
        let steps = try SanitizeStep.list(JSONValue(parsing: #"["strip-zero-width", {"truncate": {"bytes": 16}}, {"truncate": {"graphemes": 1}}]"#))
        var text = "e" + String(repeating: "\u{0301}\u{0327}", count: 1_000_000)
        for step in steps { text = try step.apply(to: text) }
        #expect(text.utf8.count <= 16)
    }

    // MARK: a schema that $refs itself in a loop

    static let refLoops = [
        ##"{"$ref": "#"}"##,
        ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##,
        ##"{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"a": {"$ref": "#/definitions/a"}}, "allOf": [{"$ref": "#/definitions/a"}]}"##,
        #"{"$id": "https://example.com/loop", "anyOf": [{"$ref": "https://example.com/loop"}]}"#,
    ]

    @Test(arguments: refLoops)
    func schemaThatRefsItselfInALoopIsRefusedOrStopsAtTheDepthLimit(schema: String) throws {
        let contract: Contract
        do {
            contract = try Contract(schema: schema)
        } catch {
            // Refusing the loop at compile time is a clear configuration error.
            #expect([.contractInvalid, .contractUnresolvedRef].contains(error.code), "\(error)")
            return
        }
        let result = contract.validate(#"{"a": [1, 2, 3]}"#)
        #expect(!result.isValid)
        // The loop ends at the evaluator's depth limit; under `anyOf` that failure is the branch's.
        #expect(result.violations.contains { [.depthLimit, .anyOf].contains($0.code) }, "\(result.violations)")
    }

    // MARK: a pattern built for catastrophic backtracking on a long string

    static let catastrophic = ["^(a+)+$", "^(a|a)*$", "^(a|aa)+$", #"^(\w+\s?)*$"#]

    @Test(arguments: catastrophic)
    func catastrophicPatternStopsWithARegexLimitError(pattern: String) throws {
        let subject = String(repeating: "a", count: 100_000) + "!"
        let compiled = try PCRE2Pattern(pattern, options: .init(ecmaScriptCompatible: true))
        #expect { try compiled.matches(subject) } throws: { ($0 as? SanitizeError)?.code == .regexLimit }
    }

    @Test(arguments: catastrophic)
    func catastrophicPatternInAContractGivesAViolationNotAHang(pattern: String) throws {
        let contract = try Contract(schema: JSONValue.object([.init("pattern", .string(pattern))]))
        let subject = String(repeating: "a", count: 100_000) + "!"
        let result = contract.validate(JSONValue.string(subject).jsonText)
        #expect(!result.isValid)
        // Refused, and the report says the pattern gave up rather than that it did not match.
        #expect(result.violations.map(\.code) == [.patternLimit])
        #expect(result.violations.first?.message.contains("gave up") == true)
        // A member name that a patternProperties pattern gives up on is refused too, even
        // though additionalProperties would let an unmatched name through.
        let members = try Contract(schema: JSONValue.object([
            .init("patternProperties", .object([.init(pattern, .object([.init("type", .string("string"))]))]))
        ]))
        let record = JSONValue.object([.init(subject, .number("1"))]).jsonText
        #expect(members.validate(record).violations.map(\.code) == [.patternLimit])
        #expect(!members.isValid(try JSONDocument(parsing: record)))
        // An ordinary miss is still an ordinary `pattern` violation.
        #expect(contract.validate(#""!""#).violations.map(\.code) == [.pattern])
    }

    // MARK: a catalog with 1 million keys

    static func catalogWithOneMillionCodes() -> [UInt8] {
        var text = #"{"locale":"en","fallback":"Something went wrong.","codes":{"#
        text.reserveCapacity(30_000_000)
        for index in 0..<1_000_000 {
            if index > 0 { text += "," }
            text += "\"code.\(index)\":\"Message \(index).\""
        }
        text += "}}"
        return Array(text.utf8)
    }

    @Test func catalogWithOneMillionKeysIsRefusedBySizeByDefault() {
        let bytes = Self.catalogWithOneMillionCodes()
        #expect(bytes.count > MessageLimits.default.maxCatalogBytes)
        #expect {
            try MessageCatalog(sources: [(fileName: "en.json", bytes: bytes)])
        } throws: { error in
            guard let error = error as? SanitizeError else { return false }
            return error.code == .limitExceeded && error.location?.file == "en.json"
        }
    }

    @Test(.timeLimit(.minutes(3))) func catalogWithOneMillionKeysLoadsWhenTheLimitAllowsIt() throws {
        let bytes = Self.catalogWithOneMillionCodes()
        let limits = MessageLimits(maxCatalogBytes: 64 << 20)
        let catalog = try MessageCatalog(sources: [(fileName: "en.json", bytes: bytes)], limits: limits)
        #expect(catalog.contains(.code("code.999999")))
        let mapper = ServerErrorMapper(catalog: catalog, limits: limits)
        let message = mapper.message(forCode: "code.123456", locale: "en")
        #expect(message.text == "Message 123456.")
        #expect(message.selectedBy == .code("code.123456"))
    }
}
