import Foundation
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

/// A record whose one fault has a compiled violation (``FaultVerdicts``: a value of a refused
/// type where `type` is all that applies, one missing required property, one refused member, a
/// string failing only its pattern or its format) is reported from that violation, with nothing
/// parsed or evaluated. The oracle is the general path (parse, steps, one whole evaluation):
/// the sanitized record, every violation word for word and every report line must be the same.
@Suite("Fault verdicts: one fault reported from its compiled violation")
struct FaultVerdictsTests {
    /// Objects with required properties and `additionalProperties: false` at the root, nested
    /// and in array elements; member counts at their bounds; values hidden on the path and at
    /// the value; keys a pointer escapes; each kind of scalar schema.
    static let contract = #"""
        {"type":"object","required":["id","kind"],"additionalProperties":false,
         "properties":{
           "id":{"type":"integer","minimum":1},
           "kind":{"type":"string","enum":["a","b"]},
           "name":{"type":"string","minLength":2,"maxLength":8,"pattern":"^[A-Za-z ]+$"},
           "code":{"type":"string","pattern":"^[A-Z]{2}$"},
           "mail":{"type":"string","format":"email"},
           "when":{"type":"string","format":"date","maxLength":10},
           "flag":{"type":"boolean"},
           "none":{"type":"null"},
           "any":{},
           "never":false,
           "a/b~c":{"type":"string","pattern":"^x+$"},
           "ключ":{"type":["integer","null"]},
           "secret":{"type":"string","pattern":"^s+$","writeOnly":true},
           "vault":{"type":"object","x-sensitive":true,"required":["pin"],"additionalProperties":false,
                    "properties":{"pin":{"type":"string","pattern":"^[0-9]{4}$"},"note":{"type":"string"}}},
           "address":{"type":"object","required":["city","zip"],"additionalProperties":false,"minProperties":2,"maxProperties":3,
                      "properties":{"city":{"type":"string"},"zip":{"type":"string","pattern":"^[0-9]{5}$"},"street":{"type":"string"}}},
           "items":{"type":"array","items":{"type":"object","required":["n"],"additionalProperties":false,
                    "properties":{"n":{"type":"integer"},"s":{"type":"string","maxLength":3}}}},
           "open":{"type":"object","required":["k"],"properties":{"k":{"type":"string"}},"additionalProperties":{"type":"integer"}}
         }}
        """#

    /// A valid record with every member.
    static let valid = #"""
        {"id":1,"kind":"a","name":"Ada","code":"GB","mail":"a@example.com","when":"2024-01-02","flag":true,"none":null,"any":1,"a/b~c":"xx","ключ":1,"secret":"ss","vault":{"pin":"1234","note":"n"},"address":{"city":"X","zip":"12345"},"items":[{"n":1},{"n":2,"s":"ab"}],"open":{"k":"v","z":3}}
        """#

    /// Values put in place of a scalar: every JSON type, strings that pass or fail patterns and
    /// formats, long and non-ASCII ones (their shown value clipped), values that are not
    /// strict scalars (a fraction, an escape, containers: left to the evaluator).
    static let values: [JSONValue] = [
        .null, .bool(true), .bool(false), .number("0"), .number("-12"), .number("1.5"), .number("1e3"), .string(""), .string("x"),
        .string("GB"), .string("Britain"), .string("2024-13-40"), .string("not-an-email"), .string("b@example.org"),
        .string("é€ü"), .string(String(repeating: "ab", count: 30)), .string(String(repeating: "é", count: 45)),
        .string("tab\there"), .string("q\"uote"), .object([]), .array([.number("1")]),
    ]

    /// Names for a member the schema does not list: plain, and escaped in a pointer, non-ASCII,
    /// empty, and one with an escape in its key (left to the evaluator).
    static let refusedNames = ["role", "a/b", "~x", "é", "", "q\"k"]

    static func filters() throws -> (checked: RecordFilter, general: RecordFilter) {
        let schema = try JSONValue(parsing: contract)
        return (
            try RecordFilter(schema: schema, resources: .init(), options: .init(), limits: .default, planning: true),
            try RecordFilter(schema: schema, resources: .init(), options: .init(), limits: .default, planning: true, shapeChecking: false)
        )
    }

    /// `value` with the value at `path` (keys and indices) changed by `change` (`nil`: removed).
    static func editing(_ value: JSONValue, at path: [String], _ change: (JSONValue?) -> JSONValue?) -> JSONValue {
        guard let first = path.first else { return change(value) ?? .null }
        switch value {
        case .object(var members):
            let rest = Array(path.dropFirst())
            if let index = members.firstIndex(where: { $0.key == first }) {
                if rest.isEmpty, let changed = change(members[index].value) {
                    members[index].value = changed
                } else if rest.isEmpty {
                    members.remove(at: index)
                } else {
                    members[index].value = editing(members[index].value, at: rest, change)
                }
            } else if rest.isEmpty, let added = change(nil) {
                members.append(.init(first, added))
            }
            return .object(members)
        case .array(var elements):
            guard let index = Int(first), elements.indices.contains(index) else { return value }
            elements[index] = editing(elements[index], at: Array(path.dropFirst()), change)
            return .array(elements)
        default:
            return value
        }
    }

    /// Records with one fault (and a few with two), made from ``valid``.
    static func records() throws -> [String] {
        let base = try JSONValue(parsing: valid)
        var records: [JSONValue] = []
        let scalars: [[String]] = [
            ["id"], ["kind"], ["name"], ["code"], ["mail"], ["when"], ["flag"], ["none"], ["any"], ["never"], ["a/b~c"], ["ключ"],
            ["secret"], ["vault", "pin"], ["vault", "note"], ["address", "zip"], ["address", "city"], ["items", "0", "n"], ["items", "1", "n"],
            ["items", "1", "s"], ["open", "k"], ["open", "z"],
        ]
        for path in scalars {
            for value in values { records.append(editing(base, at: path, { _ in value })) }
        }
        let required: [[String]] = [["id"], ["kind"], ["vault", "pin"], ["address", "city"], ["address", "zip"], ["items", "0", "n"], ["open", "k"]]
        for path in required { records.append(editing(base, at: path, { _ in nil })) }
        for object in [[], ["vault"], ["address"], ["items", "1"], ["open"]] as [[String]] {
            for name in refusedNames {
                for value in [JSONValue.string("admin"), .number("7"), .bool(true), .null, .string("a\"b"), .array([])] {
                    records.append(editing(base, at: object + [name], { _ in value }))
                }
            }
        }
        // Member counts past the bounds, two missing, a refused member beside a missing one,
        // two faults in two places: none of them has one compiled violation.
        records.append(editing(editing(base, at: ["address", "street"], { _ in .string("s") }), at: ["address", "extra"], { _ in .number("1") }))
        records.append(editing(editing(base, at: ["id"], { _ in nil }), at: ["kind"], { _ in nil }))
        records.append(editing(editing(base, at: ["id"], { _ in nil }), at: ["role"], { _ in .string("x") }))
        records.append(editing(editing(base, at: ["code"], { _ in .string("Britain") }), at: ["flag"], { _ in .null }))
        records.append(editing(base, at: ["address"], { _ in .object([]) }))
        return records.map(\.jsonText)
    }

    @Test("each record reports what the general path reports, and writes what it writes")
    func sameAsGeneralPath() throws {
        let (checked, general) = try Self.filters()
        var compiled = 0
        for record in try Self.records() {
            let fast = checked.process(Array(record.utf8))
            let slow = general.process(Array(record.utf8))
            #expect(fast.violations == slow.violations, "\(record)")
            #expect(fast.violations.map(\.message) == slow.violations.map(\.message), "\(record)")
            #expect(fast.violations.map(\.absoluteKeywordLocation) == slow.violations.map(\.absoluteKeywordLocation), "\(record)")
            #expect(fast.sanitized == slow.sanitized, "\(record)")
            var workspace = RecordFilter.Workspace()
            if case .refusedAtScan = Array(record.utf8).withUnsafeBytes({ checked.decide($0, in: &workspace) }) { compiled += 1 }
        }
        #expect(compiled > 300, "\(compiled) records reported from a compiled violation")
    }

    @Test("every cause is met, and the records with more than one fault are left to the evaluator")
    func causesMet() throws {
        let (checked, _) = try Self.filters()
        var causes: Set<String> = []
        for record in try Self.records() {
            var workspace = RecordFilter.Workspace()
            let decision = Array(record.utf8).withUnsafeBytes { checked.decide($0, in: &workspace) }
            guard case .refusedAtScan = decision else { continue }
            switch workspace.leaf.cause {
            case .value(let type): causes.insert("value \(TypeBits.foundNames[type])")
            case .string(let check): causes.insert("string \(check)")
            case .missing: causes.insert("missing")
            case .refused: causes.insert("refused")
            case .unknown: Issue.record("a compiled violation without a cause: \(record)")
            }
        }
        #expect(
            causes == ["value null", "value boolean", "value integer", "value string", "string pattern", "string format", "missing", "refused"])
        for record in [
            #"{"name":"Ada"}"#, #"{"id":1,"kind":"a","address":{"city":"X","zip":"1","street":"s","x":1}}"#,
            #"{"kind":"a","role":"x"}"#, #"{"id":1,"kind":"a","code":"Britain","flag":null}"#,
            #"{"id":1.5,"kind":"a"}"#, #"{"id":1,"kind":"a","name":"A"}"#, #"{"id":1,"kind":"a","name":"12345678901"}"#,
            #"{"id":1,"kind":"a","secret":"s\u0041"}"#, #"{"id":1,"kind":"a","role":"a\"b"}"#,
        ] {
            var workspace = RecordFilter.Workspace()
            let decision = Array(record.utf8).withUnsafeBytes { checked.decide($0, in: &workspace) }
            if case .refusedAtScan = decision { Issue.record("reported from a compiled violation: \(record)") }
        }
    }

    @Test("under a writeOnly or x-sensitive schema no compiled message shows the value; elsewhere it does")
    func hiddenValues() throws {
        let (checked, _) = try Self.filters()
        for (record, secret) in [(#"{"id":1,"kind":"a","secret":"topsecret"}"#, "topsecret"), (#"{"id":1,"kind":"a","vault":{"pin":"12a4"}}"#, "12a4")] {
            var workspace = RecordFilter.Workspace()
            let decision = Array(record.utf8).withUnsafeBytes { checked.decide($0, in: &workspace) }
            guard case .refusedAtScan = decision else {
                Issue.record("not reported from a compiled violation: \(record)")
                continue
            }
            let violations = checked.violations(of: decision, in: workspace)
            #expect(violations.count == 1 && !violations[0].message.contains(secret), "\(violations)")
        }
        let shown = checked.process(Array(#"{"id":1,"kind":"a","code":"Britain"}"#.utf8))
        #expect(shown.violations.map(\.message) == [#"string does not match the pattern "^[A-Z]{2}$" (got "Britain")"#])
    }

    @Test("report lines through one batch, each place's line end copied, are the general path's")
    func reportLines() throws {
        let (checked, general) = try Self.filters()
        // The same places again and again, and each verdict at other places in turn (its
        // kept line end then belongs to another place).
        let records = try Self.records()
        let sequence = (records + records.reversed() + records).map { Array($0.utf8) }
        for reportKey in [nil, "/id"] as [String?] {
            func report(_ filter: RecordFilter) throws -> String {
                var batch = RecordBatch()
                for (index, record) in sequence.enumerated() { record.withUnsafeBytes { batch.append(line: $0, number: index + 1) } }
                let batchFilter = BatchFilter(
                    filter: filter, policy: .annotate, maxRecordBytes: 1 << 20, fileName: "in.ndjson",
                    reportKey: try reportKey.map { try ReportKey(pointer: $0, filter: filter) })
                let result = batchFilter.process(batch)
                return String(decoding: result.report + result.output, as: UTF8.self)
            }
            let fast = try report(checked)
            let slow = try report(general)
            #expect(fast == slow)
            #expect(fast.contains(#""instanceLocation":"/address/a~1b""#), "the refused member's pointer, escaped")
        }
    }

    @Test(
        "member-count bounds no object meets, or that the stand-ins miss, compile no verdict of their own",
        arguments: [
            #"{"type":"object","minProperties":3,"maxProperties":1,"required":["a"],"properties":{"a":{}},"additionalProperties":false}"#,
            #"{"type":"object","minProperties":2,"maxProperties":2,"required":["a","b"],"properties":{"a":{},"b":{},"c":{}},"additionalProperties":false}"#,
            #"{"type":"object","maxProperties":0,"required":["a"],"properties":{"a":{"type":"string"}}}"#,
        ])
    func unmeetableCounts(contract: String) throws {
        // Found in the final reread: a range of the bounds was formed before any count was
        // compared, and `minProperties` above `maxProperties` stopped the process at start-up.
        let schema = try JSONValue(parsing: contract)
        let checked = try RecordFilter(schema: schema, resources: .init(), options: .init(), limits: .default, planning: true)
        let general = try RecordFilter(
            schema: schema, resources: .init(), options: .init(), limits: .default, planning: true, shapeChecking: false)
        #expect(checked.shapeCheck != nil, "the contract is read by the shape check, so its verdicts are compiled")
        for record in [#"{}"#, #"{"a":1}"#, #"{"a":1,"b":2}"#, #"{"a":"x","b":2,"z":3}"#, #"{"b":1}"#, #"{"a":1,"z":true}"#, #"{"a":1,"b":2,"c":3}"#] {
            let fast = checked.process(Array(record.utf8))
            let slow = general.process(Array(record.utf8))
            #expect(fast.violations == slow.violations, "\(record)")
            #expect(fast.sanitized == slow.sanitized, "\(record)")
        }
    }

    @Test("one workspace through compiled, evaluated and valid records: nothing of one leaks into the next")
    func workspaceReused() throws {
        let (checked, general) = try Self.filters()
        var workspace = RecordFilter.Workspace()
        let records = try Self.records() + [Self.valid] + (try Self.records()).reversed()
        for record in records.map({ Array($0.utf8) }) {
            let decision = record.withUnsafeBytes { checked.decide($0, in: &workspace) }
            #expect(checked.violations(of: decision, in: workspace) == general.process(record).violations)
        }
    }
}
