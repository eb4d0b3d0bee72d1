import Foundation
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

/// A record whose one fault is a value the shape scan read alone is evaluated from that value
/// inside its path, the rest of the record unparsed (``Contract/validate(leaf:value:limits:document:into:)``).
/// The oracle is the general path (parse, steps, one whole evaluation): the sanitized record and
/// every violation, word for word, must be the same.
@Suite("Located leaf: one fault evaluated alone")
struct LocatedLeafTests {
    /// Paths through objects and arrays, keys a pointer escapes, values hidden by a schema on
    /// the path, an array that compares its elements, schemas that allow or refuse anything.
    static let contract = #"""
        {"type":"object","properties":{
          "id":{"type":"integer","minimum":1},
          "name":{"type":"string","maxLength":4},
          "a/b~c":{"type":"string","pattern":"^[a-z]+$"},
          "ключ":{"type":"integer"},
          "secret":{"type":"string","minLength":100,"writeOnly":true},
          "vault":{"type":"object","x-sensitive":true,"properties":{
            "pin":{"type":"string","pattern":"^[0-9]{4}$"},
            "inner":{"type":"object","properties":{"code":{"type":"integer","maximum":9}}}}},
          "list":{"type":"array","items":{"type":"object","properties":{"v":{"type":"integer","maximum":5}},
                  "additionalProperties":{"type":"string","maxLength":2}}},
          "set":{"type":"array","uniqueItems":true,"items":{"type":"string","maxLength":3}},
          "nested":{"type":"object","properties":{"deep":{"type":"array","items":{"type":"array","items":{"type":"number","exclusiveMaximum":10}}}}},
          "free":true,
          "never":false,
          "tag":{"enum":["x","y"]},
          "mail":{"type":"string","format":"email"}},
         "additionalProperties":{"type":"integer"}}
        """#

    /// Records whose one fault is a value that evaluates alone.
    static let leaves = [
        #"{"id":0}"#, #"{"id":"x"}"#, #"{"id":1.5}"#, #"{"id":true,"name":"ok"}"#, #"{"name":"toolong","id":3}"#,
        #"{"name":"a\"b\"cde"}"#, #"{"a/b~c":"ABC"}"#, #"{"ключ":"x"}"#, #"{"secret":"short"}"#,
        #"{"vault":{"pin":"12a4"}}"#, #"{"vault":{"inner":{"code":10}}}"#, #"{"vault":{"pin":1234}}"#,
        #"{"list":[{"v":1},{"v":9}]}"#, #"{"list":[{"v":1,"zz":"long"}]}"#, #"{"list":[{"v":1},7]}"#,
        #"{"nested":{"deep":[[1,2],[3,11]]}}"#, #"{"nested":{"deep":[[1,2],"x"]}}"#,
        #"{"free":"a\u0041"}"#, #"{"never":1}"#, #"{"never":{"a":[1, 2]}}"#, #"{"tag":"z"}"#, #"{"tag":"\u0078"}"#,
        #"{"mail":"not-an-email"}"#, #"{"extra":"x"}"#, #"{"id":[1, 2]}"#, #"{"id":{"a":1,"b":[true, null]}}"#,
        #""text""#, #"[1,2]"#, #"{"vault":"open"}"#, #"{"list":{"v":1}}"#,
        // Members and elements before and after the fault at every level of its path, and an
        // empty key: the path is the one the scan noted on its way out of the fault.
        #"{"id":1,"list":[{"v":1},{"zz":"ok","v":9,"yy":"a"},{"v":2}],"name":"ok"}"#,
        #"{"name":"ok","nested":{"deep":[[1],[2,3,12,4],[5]]},"id":2,"tag":"x"}"#, #"{"":"x"}"#,
        #"{"id":1,"":"x","name":"ok"}"#,
    ]

    /// Records the scan locates that are not decided from a value alone: several faults, an
    /// object's own fault, an element of an array that compares its elements (the escaped
    /// "b" equals the plain one), and values that are not JSON (the whole parse says where).
    static let others = [
        #"{"extra":"y","id":"x"}"#, #"{"id":0,"name":"toolong"}"#, #"{"list":[{"v":9},{"v":8}]}"#,
        #"{"set":["ab","a\u0062"]}"#, #"{"set":["a","b","toolong"]}"#, #"{"id":[1,,2]}"#, #"{"id":{"a":1,"a":2}}"#,
        #"{"id":[1 2]}"#, #"{"never":{"a":}}"#,
        // A missing value is an empty fault: inside its brackets alone (`[]`) it would be JSON.
        #"{"list":[{"v":1},]}"#, #"{"list":[,{"v":1}]}"#, #"{"nested":{"deep":[[1,],[2]]}}"#, #"["ab1",]"#, #"[,1]"#,
        #"{"id":1,"list":[{"v":1},],"name":"ok"}"#,
    ]

    static func filters() throws -> (checked: RecordFilter, general: RecordFilter) {
        let schema = try JSONValue(parsing: contract)
        return (
            try RecordFilter(schema: schema, resources: .init(), options: .init(), limits: .default, planning: true),
            try RecordFilter(schema: schema, resources: .init(), options: .init(), limits: .default, planning: true, shapeChecking: false)
        )
    }

    /// Whether the record's decision came from its one value: the scan located faults and
    /// described a leaf (evaluated alone, or reported from its compiled violation,
    /// ``FaultVerdicts``).
    static func decidedAlone(_ filter: RecordFilter, _ record: String) -> Bool {
        var workspace = RecordFilter.Workspace()
        let decision = Array(record.utf8).withUnsafeBytes { filter.decide($0, in: &workspace) }
        return isFromLeaf(decision, workspace)
    }

    /// Whether a decision came from a leaf the scan described.
    static func isFromLeaf(_ decision: RecordFilter.Decision, _ workspace: RecordFilter.Workspace) -> Bool {
        switch decision {
        case .located, .refusedAtScan: return workspace.leaf.schema >= 0
        default: return false
        }
    }

    @Test("a value evaluated alone is reported as the whole evaluation reports it, and written as the general path writes")
    func sameAsGeneralPath() throws {
        let (checked, general) = try Self.filters()
        for record in Self.leaves + Self.others {
            let fast = checked.process(Array(record.utf8))
            let slow = general.process(Array(record.utf8))
            #expect(fast.violations == slow.violations, "\(record)")
            #expect(fast.violations.map(\.message) == slow.violations.map(\.message), "\(record)")
            #expect(fast.sanitized == slow.sanitized, "\(record)")
        }
    }

    @Test("the records meant to be decided from their one value are, and the others are not")
    func leavesAreTaken() throws {
        let (checked, _) = try Self.filters()
        for record in Self.leaves { #expect(Self.decidedAlone(checked, record), "\(record)") }
        for record in Self.others { #expect(!Self.decidedAlone(checked, record), "\(record)") }
    }

    @Test("strings are stepped over whole, with an escape at every offset of an eight-byte word")
    func stringsSteppedOver() throws {
        let (checked, general) = try Self.filters()
        // The scan steps over a value it cannot read (a string with an escape, in a member or
        // an element) eight bytes at a time: an escaped quote or backslash anywhere in a word,
        // or across two, must not end a string there (the scan would then be unsure, and the
        // record not located, or not decided alone).
        var alone: [String] = []
        var located: [String] = []
        for escape in [#"\""#, #"\\"#, #"\u0041"#, #"\\\""#] {
            for length in 0...19 {
                for position in 0...length {
                    let text = String(repeating: "a", count: position) + escape + String(repeating: "b", count: length - position)
                    alone.append(#"{"name":"\#(text)","id":3}"#)
                    alone.append(#"{"free":"\#(text)","id":3}"#)
                    // Two such strings are two faults: located, not decided alone.
                    located.append(#"{"free":["\#(text)",{"k":"\#(text)"}],"id":3}"#)
                }
            }
        }
        for length in 1...24 { alone.append(#"{"mail":"\#(String(repeating: "m", count: length))@example.com","id":0}"#) }
        for record in alone { #expect(Self.decidedAlone(checked, record), "\(record)") }
        for record in located {
            var workspace = RecordFilter.Workspace()
            let decision = Array(record.utf8).withUnsafeBytes { checked.decide($0, in: &workspace) }
            if case .located = decision {} else { Issue.record("not located: \(record)") }
        }
        for record in alone + located {
            #expect(checked.process(Array(record.utf8)).violations == general.process(Array(record.utf8)).violations, "\(record)")
        }
    }

    @Test("with --report-key the value is evaluated alone and the record parsed for the key")
    func reportKeyReadsTheRecord() throws {
        let (checked, general) = try Self.filters()
        let key = try ReportKey(pointer: "/id", filter: checked)
        for (record, expected) in [
            (#"{"id":7,"name":"toolong"}"#, "7"), (#"{"name":"toolong","id":8}"#, "8"), (#"{"list":[{"v":9}],"id":12}"#, "12"),
            (#"{"id":"x"}"#, #""x""#), (#"{"name":"toolong"}"#, "null"),
        ] {
            var workspace = RecordFilter.Workspace()
            let decision = Array(record.utf8).withUnsafeBytes { checked.decide($0, in: &workspace, needingDocument: true) }
            guard Self.isFromLeaf(decision, workspace) else {
                Issue.record("\(record) was not located")
                continue
            }
            #expect(workspace.leaf.schema >= 0, "\(record)")
            #expect(checked.violations(of: decision, in: workspace) == general.process(Array(record.utf8)).violations, "\(record)")
            var value: [UInt8] = []
            key.appendValue(in: workspace.document, to: &value)
            #expect(String(decoding: value, as: UTF8.self) == expected, "\(record)")
        }
    }

    @Test("under a writeOnly or x-sensitive schema, on the path or at the value, a message shows no value")
    func sensitiveValuesHidden() throws {
        let (checked, _) = try Self.filters()
        for (record, secret) in [
            (#"{"secret":"short"}"#, "short"), (#"{"vault":{"pin":"12a4"}}"#, "12a4"), (#"{"vault":{"inner":{"code":10}}}"#, "10"),
        ] {
            let outcome = checked.process(Array(record.utf8))
            #expect(!outcome.violations.isEmpty, "\(record)")
            for violation in outcome.violations { #expect(!violation.message.contains(secret), "\(record): \(violation.message)") }
        }
        // Outside them the value is shown, so the check above can fail.
        let shown = checked.process(Array(#"{"a/b~c":"ABC"}"#.utf8))
        #expect(shown.violations.contains { $0.message.contains("ABC") })
    }

    @Test("a missing value is never valid: Contract.validate and the filter refuse it as JSON")
    func missingValues() throws {
        // Found by FuzzContract: `[1,]` against `{"items":{}}` was called valid, the empty
        // fault's brackets (`[]`) being JSON.
        for schema in [#"{"items":{}}"#, #"{"type":"array","items":{"type":"integer"}}"#, #"{"properties":{"a":{"items":{}}}}"#] {
            let contract = try Contract(schema: schema)
            for instance in [#"[1,]"#, #"[,1]"#, #"{"a":[1,]}"#, #"{"a":[,]}"#, #"{"a":[[1],]}"#] {
                let result = contract.validate(instance)
                #expect(!result.isValid, "\(schema) \(instance)")
                #expect(result.violations.map(\.code.rawValue) == ["json-syntax"], "\(schema) \(instance)")
            }
        }
        let (checked, _) = try Self.filters()
        for record in [#"{"list":[{"v":1},]}"#, #"["ab1",]"#] {
            let outcome = checked.process(Array(record.utf8))
            #expect(outcome.sanitized == nil && outcome.violations.map(\.code.rawValue) == ["json-syntax"], "\(record)")
        }
    }

    @Test("one workspace through leaf and other records: no pointer of one leaks into the next")
    func workspaceReusedAcrossKinds() throws {
        // A leaf's pointer is written before the instance locations of its own evaluation only
        // (`ViolationSink.instancePrefix`, emptied after it): the records after it in the same
        // workspace (the filter keeps one per thread) must report as from a fresh one.
        let (checked, general) = try Self.filters()
        var workspace = RecordFilter.Workspace()
        var leavesMet = 0
        for record in (Self.leaves + Self.others + Self.leaves.reversed()).map({ Array($0.utf8) }) {
            let decision = record.withUnsafeBytes { checked.decide($0, in: &workspace) }
            if Self.isFromLeaf(decision, workspace) { leavesMet += 1 }
            let reused = checked.violations(of: decision, in: workspace)
            #expect(reused == general.process(record).violations, "\(String(decoding: record, as: UTF8.self))")
        }
        #expect(leavesMet == 2 * Self.leaves.count)
    }

    @Test("the levels a value's path takes count against the depth limit, as in the whole parse")
    func pathDepthCountsAgainstTheLimit() throws {
        // The value alone is parsed with what is left of the limit once its path is taken
        // (``Contract/validate(leaf:value:limits:document:into:)``): at every limit around the
        // record's own depth the filter must say what the whole parse says, not-JSON included.
        let schema = try JSONValue(parsing: Self.contract)
        let records = [
            #"{"never":[[[1]]]}"#, #"{"vault":{"inner":{"code":[[10]]}}}"#, #"{"nested":{"deep":[[1,2],[[[3]]]]}}"#,
            #"{"list":[{"v":1},{"zz":[[["x"]]]}]}"#, #"{"id":{"a":{"b":{"c":{}}}}}"#,
        ]
        var refusedAsTooDeep = 0
        for maxDepth in 1...7 {
            let limits = JSONLimits(maxDepth: maxDepth)
            let checked = try RecordFilter(schema: schema, resources: .init(), options: .init(), limits: limits, planning: true)
            let general = try RecordFilter(
                schema: schema, resources: .init(), options: .init(), limits: limits, planning: true, shapeChecking: false)
            for record in records {
                let fast = checked.process(Array(record.utf8))
                let slow = general.process(Array(record.utf8))
                #expect(fast.violations == slow.violations, "depth \(maxDepth): \(record)")
                #expect(fast.sanitized == slow.sanitized, "depth \(maxDepth): \(record)")
                if slow.violations.map(\.code.rawValue) == ["json-too-deep"] { refusedAsTooDeep += 1 }
            }
        }
        // Both sides of the limit were met (so the comparison above could fail either way).
        #expect(refusedAsTooDeep > 5 && refusedAsTooDeep < 30)
        let (checked, _) = try Self.filters()
        for record in records { #expect(Self.decidedAlone(checked, record), "\(record)") }
    }

    @Test("a key on a value's path that is not JSON sends the record to the whole parse")
    func keysThatAreNotJSON() throws {
        // The pointer is built from the key's bytes (`ShapeScan.leafPointer`); a control byte or
        // bytes that are not UTF-8 there must come out as the parser's error, not as a violation.
        // (Today the scan gives up on such a key before any pointer is built; this holds the
        // outcome, whichever of the two refuses it.)
        let (checked, general) = try Self.filters()
        let prefix = Array(#"{"extra":1,""#.utf8)
        for key in [[0xFF], [0xC3], [0xE2, 0x82], [0x61, 0x01, 0x62], [0xED, 0xA0, 0x80], [0xC3, 0xA9]] as [[UInt8]] {
            for value in [#""x""#, "1"] {
                let record = prefix + key + Array(#"":\#(value)}"#.utf8)
                let fast = checked.process(record)
                let slow = general.process(record)
                #expect(fast.violations == slow.violations, "\(key) \(value)")
                #expect(fast.sanitized == slow.sanitized, "\(key) \(value)")
            }
        }
        // The well-formed key (é) is a member the contract refuses to be a string: a violation
        // at its pointer, so the comparison above covers a key that is JSON too.
        let valid = checked.process(prefix + [0xC3, 0xA9] + Array(#"":"x"}"#.utf8))
        #expect(valid.violations.map(\.instanceLocation) == ["/é"])
    }

    @Test("every record one byte away from a leaf record is decided as the general path decides it")
    func oneByteAway() throws {
        // Deleting a byte, or putting a comma or a bracket in at any offset, makes records the
        // scan locates in every way it can: missing values (`[1,]`), broken keys, values of
        // another type, containers cut short; each must come out as the whole parse says.
        let (checked, general) = try Self.filters()
        var compared = 0
        for record in Self.leaves.map({ Array($0.utf8) }) {
            for offset in 0...record.count {
                var variants: [[UInt8]] = []
                if offset < record.count {
                    var deleted = record
                    deleted.remove(at: offset)
                    variants.append(deleted)
                    var replaced = record
                    replaced[offset] = UInt8(ascii: ",")
                    variants.append(replaced)
                }
                for byte in [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")] {
                    var inserted = record
                    inserted.insert(byte, at: offset)
                    variants.append(inserted)
                }
                for variant in variants {
                    let fast = checked.process(variant)
                    let slow = general.process(variant)
                    #expect(fast.violations == slow.violations, "\(String(decoding: variant, as: UTF8.self))")
                    #expect(fast.sanitized == slow.sanitized, "\(String(decoding: variant, as: UTF8.self))")
                    compared += 1
                }
            }
        }
        #expect(compared > 3_000)
    }

    @Test("the instance location is the pointer to the value, its keys escaped")
    func pointers() throws {
        let (checked, _) = try Self.filters()
        for (record, pointer) in [
            (#"{"a/b~c":"ABC"}"#, "/a~1b~0c"), (#"{"ключ":"x"}"#, "/ключ"), (#"{"list":[{"v":1},{"v":9}]}"#, "/list/1/v"),
            (#"{"nested":{"deep":[[1,2],[3,11]]}}"#, "/nested/deep/1/1"), (#""text""#, ""),
            (#"{"id":1,"list":[{"v":1},{"zz":"ok","v":9,"yy":"a"},{"v":2}],"name":"ok"}"#, "/list/1/v"),
            (#"{"name":"ok","nested":{"deep":[[1],[2,3,12,4],[5]]},"id":2,"tag":"x"}"#, "/nested/deep/1/2"),
            (#"{"id":1,"":"x","name":"ok"}"#, "/"),
        ] {
            #expect(checked.process(Array(record.utf8)).violations.map(\.instanceLocation) == [pointer], "\(record)")
        }
    }
}
