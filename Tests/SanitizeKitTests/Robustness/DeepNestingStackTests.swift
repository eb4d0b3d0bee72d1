import Foundation
import Testing

@testable import SanitizeKit

/// A document as deep as the parser allows (512 levels) against a recursive schema, on threads
/// with small stacks: the verdict is "valid" or a `depth-limit` violation, never a crash
/// (`StackBudget`; docs/robustness.md, "Limits that hold").
@Suite("Deep nesting on small stacks")
struct DeepNestingStackTests {
    /// A test worker's or a small server thread's stack (a Dispatch thread has 512 KiB).
    static let smallStack = 256 << 10
    static let deepest = JSONLimits.default.maxDepth

    /// A recursive schema and an instance of the shape it recurses into, `depth` levels deep.
    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var schema: String
        var open: String
        var close: String
        var empty: String
        var testDescription: String { name }

        /// `depth` nested containers, the innermost empty.
        func instance(depth: Int) -> String {
            String(repeating: open, count: depth - 1) + empty + String(repeating: close, count: depth - 1)
        }
    }

    static let shapes = [
        Shape(name: "items", schema: ##"{"items": {"$ref": "#"}}"##, open: "[", close: "]", empty: "[]"),
        Shape(name: "additionalProperties", schema: ##"{"additionalProperties": {"$ref": "#"}}"##, open: #"{"a":"#, close: "}", empty: "{}"),
        Shape(
            name: "properties through $defs",
            schema: ##"{"$defs": {"node": {"type": "object", "properties": {"a": {"$ref": "#/$defs/node"}}}}, "$ref": "#/$defs/node"}"##,
            open: #"{"a":"#, close: "}", empty: "{}"),
    ]

    /// Every way of running the evaluator, each on its own small-stack thread.
    static func verdicts(_ contract: Contract, _ text: String, _ document: JSONDocument) -> [(String, ValidationResult)] {
        let stack = smallStack
        let validate = SmallStackThread.run(stackSize: stack) { contract.validate(document) }
        let isValid = SmallStackThread.run(stackSize: stack) { contract.isValid(document) }
        let reused = SmallStackThread.run(stackSize: stack) { () -> ValidationResult in
            var validator = contract.makeValidator()
            var bytes = text
            return bytes.withUTF8 { validator.validate(UnsafeRawBufferPointer($0)) }
        }
        let steps = SmallStackThread.run(stackSize: stack) { contract.sanitizeSteps(for: document).count }
        return [
            ("validate", validate),
            ("isValid", ValidationResult(isValid: isValid, violations: [])),
            ("validator", reused),
            // The x-sanitize walk evaluates the whole instance too; it only has to come back.
            ("sanitizeSteps", ValidationResult(isValid: steps == 0, violations: [])),
        ]
    }

    @Test(arguments: shapes)
    func deepestDocumentOnASmallStackIsValidOrStopsAtTheDepthLimit(shape: Shape) throws {
        let text = shape.instance(depth: Self.deepest)
        let document = try JSONDocument(parsing: text)
        let contract = try Contract(schema: shape.schema)
        for (name, result) in Self.verdicts(contract, text, document) {
            #expect(result.violations.allSatisfy { $0.code == .depthLimit }, "\(name): \(result.violations)")
            #expect(result.isValid || name == "isValid" || !result.violations.isEmpty, "\(name)")
        }
        // Two evaluation levels per nesting level: 512 levels pass the evaluator's limit of 600,
        // so whichever limit comes first, the verdict is a depth-limit violation.
        let result = SmallStackThread.run(stackSize: Self.smallStack) { contract.validate(document) }
        #expect(!result.isValid)
        #expect(result.violations.count == 1)
        #expect(result.violations.first?.code == .depthLimit)
    }

    @Test(arguments: shapes)
    func documentThatFitsOnASmallStackIsValidOrStopsAtTheDepthLimit(shape: Shape) throws {
        // 250 levels are within the evaluator's limit; whether they fit the stack depends on
        // the build (a debug or sanitizer build's frames are several times larger).
        let document = try JSONDocument(parsing: shape.instance(depth: 250))
        let contract = try Contract(schema: shape.schema)
        let result = SmallStackThread.run(stackSize: Self.smallStack) { contract.validate(document) }
        if !result.isValid {
            #expect(result.violations.map(\.code) == [.depthLimit])
            #expect(result.violations.first?.message.contains("stack") == true, "\(result.violations)")
        }
    }

    /// A leaf schema that asserts only its type is passed without being entered; the depth
    /// limit still holds at it as at any schema: against the same nesting, `{"type":"integer"}`
    /// and `{"type":"integer","multipleOf":1}` (entered as always) give the same verdicts, on
    /// both sides of the limit.
    @Test func aTypeOnlyLeafIsHeldToTheDepthLimit() throws {
        func contract(leaf: String) throws -> Contract {
            // Three evaluation levels per array; the leaf, one reference further, is at 3n + 4:
            // at 199 arrays it alone passes the limit of 600.
            try Contract(
                schema: ##"{"$defs": {"leaf": {"$ref": "#/$defs/typed"}, "typed": \##(leaf)}, "anyOf": [{"$ref": "#/$defs/leaf"}, {"type": "array", "items": {"$ref": "#"}}]}"##)
        }
        let typeOnly = try contract(leaf: #"{"type": "integer"}"#)
        let entered = try contract(leaf: #"{"type": "integer", "multipleOf": 1}"#)
        func summary(_ result: ValidationResult) -> [[String]] {
            result.violations.map { [$0.code.rawValue, $0.instanceLocation, $0.keywordLocation] }
        }
        var valid = 0
        var refused = 0
        for depth in 150...260 {
            let text = String(repeating: "[", count: depth) + "5" + String(repeating: "]", count: depth)
            let document = try JSONDocument(parsing: text)
            let (a, b, quietA, quietB) = SmallStackThread.run(stackSize: 64 << 20) {
                (typeOnly.validate(document), entered.validate(document), typeOnly.isValid(document), entered.isValid(document))
            }
            #expect(a.isValid == b.isValid && summary(a) == summary(b), "depth \(depth): \(a.violations) against \(b.violations)")
            #expect(quietA == quietB, "depth \(depth)")
            // Valid but for its depth: a refusal is the limit's (its reason is inside the anyOf's).
            if a.isValid { valid += 1 } else { refused += 1 }
        }
        #expect(valid > 0 && refused > 0, "the depths tried cross the limit: \(valid) valid, \(refused) refused")
    }

    /// The same at the limit of references followed in place (no instance nesting): a chain of
    /// `$ref`s ending in the type-only leaf gives the verdicts of one ending in an entered leaf.
    @Test func aTypeOnlyLeafIsHeldToTheInPlaceLimit() throws {
        func contract(links: Int, leaf: String) throws -> Contract {
            let chain = (0..<links).map { ##""l\##($0)": {"$ref": "#/$defs/l\##($0 + 1)"}"## }.joined(separator: ", ")
            return try Contract(schema: ##"{"$defs": {\##(chain), "l\##(links)": \##(leaf)}, "$ref": "#/$defs/l0"}"##)
        }
        var valid = 0
        var refused = 0
        for links in 55...70 {
            let typeOnly = try contract(links: links, leaf: #"{"type": "integer"}"#)
            let entered = try contract(links: links, leaf: #"{"type": "integer", "multipleOf": 1}"#)
            let a = typeOnly.validate("5")
            let b = entered.validate("5")
            #expect(a.isValid == b.isValid && a.violations.map(\.keywordLocation) == b.violations.map(\.keywordLocation), "\(links) links")
            #expect(typeOnly.isValid(try JSONDocument(parsing: "5")) == b.isValid, "\(links) links")
            if a.isValid { valid += 1 } else { refused += 1 }
        }
        #expect(valid > 0 && refused > 0, "the chains tried cross the limit: \(valid) valid, \(refused) refused")
    }

    @Test(arguments: shapes)
    func onAnEightMebibyteStackTheDepthLimitDecides(shape: Shape) throws {
        let contract = try Contract(schema: shape.schema)
        // 100 levels fit 8 MiB even in a debug build (about 30 KiB of frames per object level).
        let fits = try JSONDocument(parsing: shape.instance(depth: 100))
        let eightMiB = 8 << 20
        let fitting = SmallStackThread.run(stackSize: eightMiB) { contract.validate(fits) }
        #expect(fitting.isValid, "\(fitting.violations)")
        let deepest = try JSONDocument(parsing: shape.instance(depth: Self.deepest))
        let stopped = SmallStackThread.run(stackSize: eightMiB) { contract.validate(deepest) }
        #expect(stopped.violations.map(\.code) == [.depthLimit])
    }

    // MARK: the budget itself

    @Test func budgetSeesTheThreadStackAndShrinksWithDepth() throws {
        let rooms = SmallStackThread.run(stackSize: Self.smallStack) { () -> [UInt?] in
            var budget = StackBudget()
            let top = budget.room()
            return [top, Self.roomAfterNesting(20, &budget)]
        }
        let top = try #require(rooms[0])
        let nested = try #require(rooms[1])
        // glibc may hand the thread a cached stack larger than asked for (up to 4 times), so
        // only the lower end is certain: at least the 256 KiB less the 64 KiB margin, less the
        // thread's own first frames.
        let usable = UInt(Self.smallStack) - StackBudget.minimumMargin
        #expect(top > usable / 2)
        #expect(top < 4 * UInt(Self.smallStack))
        // Twenty nested calls take at least a return address and a frame pointer each.
        #expect(nested < top)
        #expect(top - nested >= 20 * 16)
    }

    @inline(never)
    static func roomAfterNesting(_ levels: Int, _ budget: inout StackBudget) -> UInt? {
        if levels == 0 { return budget.room() }
        let room = roomAfterNesting(levels - 1, &budget)
        return levels == Int.min ? nil : room  // keeps the call from becoming a tail call
    }

    // MARK: other recursion over a 512-deep document

    /// `JSONValue` (schemas, policies: configuration) is built and written without recursion;
    /// its synthesized `==` and `hash(into:)` recurse, which fits a Dispatch thread's 512 KiB.
    @Test(arguments: shapes)
    func treeValueOfTheDeepestDocumentRoundTripsOnADispatchSizedStack(shape: Shape) throws {
        let text = shape.instance(depth: Self.deepest)
        let document = try JSONDocument(parsing: text)
        let dispatchStack = 512 << 10
        let same = SmallStackThread.run(stackSize: dispatchStack) { () -> Bool in
            let value = JSONValue(document)
            let copy = JSONValue(document)
            var hasher = Hasher()
            hasher.combine(value)
            return value == copy && value.serialized() == Array(text.utf8) && document.serialized() == Array(text.utf8)
        }
        #expect(same)
    }

    @Test(arguments: shapes)
    func constEnumAndUniqueItemsCompareTheDeepestDocumentsOnASmallStack(shape: Shape) throws {
        let deep = shape.instance(depth: Self.deepest - 2)
        // Compiling is configuration work, done here on a large stack (see "Known limits").
        let contracts = try SmallStackThread.run(stackSize: 8 << 20) {
            Result { () throws(SanitizeError) -> [Contract] in
                try [
                    Contract(schema: #"{"const": "# + deep + "}"),
                    Contract(schema: #"{"enum": [1, "# + deep + "]}"),
                    Contract(schema: #"{"uniqueItems": true}"#),
                ]
            }
        }.get()
        let same = try JSONDocument(parsing: deep)
        let pair = try JSONDocument(parsing: "[" + deep + "," + deep + "]")
        let verdicts = SmallStackThread.run(stackSize: Self.smallStack) {
            [contracts[0].isValid(same), contracts[1].isValid(same), contracts[2].isValid(pair)]
        }
        #expect(verdicts == [true, true, false])
    }
}
