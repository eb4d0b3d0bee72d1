import Foundation
import Testing

@testable import SanitizeKit

/// The shape check lets a record skip the general path; it may say "not sure" as often as it
/// likes, but a "yes" must never change what the filter writes or reports.
@Suite("Shape check")
struct ShapeCheckTests {
    static let userContract = Fixtures.repositoryRoot.appendingPathComponent("Rules/contracts/user.schema.json")

    /// A contract that uses every keyword the check reads.
    static let wideContract = #"""
        {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/wide",
         "title":"wide","type":"object","minProperties":1,"maxProperties":7,"x-note":"ignored",
         "properties":{
           "n":{"type":"integer","minimum":-5,"exclusiveMaximum":100},
           "m":{"type":["number","null"],"exclusiveMinimum":-3,"maximum":3},
           "b":{"type":"boolean"},
           "s":{"type":"string","minLength":2,"maxLength":5,"x-sanitize":["trim","strip-controls",{"truncate":{"bytes":8}}]},
           "d":{"type":"string","format":"email","x-sanitize":["lowercase-domain"]},
           "p":{"type":"string","pattern":"^[a-z]+$","x-sanitize":[{"strip":"shell"}]},
           "a":{"type":"array","minItems":1,"maxItems":4,"uniqueItems":true,
                "items":{"type":"string","x-sanitize":["nfkc",{"strip":"sql"},{"truncate":{"graphemes":6}}]}},
           "o":{"type":"object","properties":{"k":true,"never":false,"deep":{"type":"array","items":{"type":"array"}}},
                "required":["k"],"additionalProperties":true},
           "e":{"type":"string","x-sanitize":[{"encode":"url-query"}]},
           "r":{"enum":["admin","editor","é"]},"c":{"const":"x"},"f":{"type":"number","minimum":0,"exclusiveMaximum":100}
         },
         "required":["n"],"additionalProperties":false}
        """#

    static func filters(_ schemaText: String, assertFormats: Bool = true) throws -> (checked: RecordFilter, general: RecordFilter) {
        let schema = try JSONValue(parsing: schemaText)
        let options = Contract.Options(assertFormats: assertFormats)
        return (
            try RecordFilter(schema: schema, resources: .init(), options: options, limits: .default, planning: true),
            try RecordFilter(
                schema: schema, resources: .init(), options: options, limits: .default, planning: true, shapeChecking: false)
        )
    }

    /// The check derived from the compiled contract, as the filter builds it.
    static func check(_ schemaText: String, assertFormats: Bool = true) throws -> ShapeCheck? {
        let contract = try Contract(schema: try JSONValue(parsing: schemaText), options: .init(assertFormats: assertFormats))
        return contract.shapeCheck(limits: .default)
    }

    static func passes(_ check: ShapeCheck, _ record: String) -> Bool {
        var record = record
        return record.withUTF8 { check.scanner.passes(UnsafeRawBufferPointer($0)) }
    }

    /// Valid, clean records for the wide contract (the first ``cleanCount``), and variations
    /// of them that are invalid, would be changed by a step, or are left to the general path.
    static let cleanCount = 16
    static let wideRecords: [String] = {
        let valid = [
            #"{"n":1}"#, #"{"n":-5,"m":null,"b":true}"#, #"{"n":99,"m":3,"b":false,"s":"ab"}"#,
            #"{"n":0,"s":"héllo","d":"a.b@example.com","p":"abc"}"#, #"{"a":["x","y","日本"],"n":7}"#,
            #"{"n":2,"o":{"k":[1,[null,"x"],{}],"deep":[[],[1]]}}"#, #"{"n":3,"o":{"k":{}}}"#, #"{"n":-0}"#,
            "{\"n\":1,\"s\":\"a\u{202E}b\"}",  // no strip-bidi among s's steps
            #"{"n":1,"o":{"k":1,"extra":[1,{"x":"y","z":-0.5e-3}]}}"#, #"{"n":2,"o":{"k":[{"z":null,"é":1.5E+3}]}}"#,
            #"{"n":1,"o":{"k":0,"a":1,"b":2,"c":3,"d":4}}"#, #"{"n":1,"r":"admin","c":"x","f":13.95}"#,
            #"{"n":1,"r":"é","f":98.99999}"#, #"{"n":1,"f":0.0}"#, #"{"n":1,"m":0.5}"#,
        ]
        let odd = [
            #"{"n":100}"#, #"{"n":-6}"#, #"{"n":1.0}"#, #"{"n":1e2}"#, #"{"n":01}"#,
            #"{"n":1234567890123456789}"#, #"{"n":1,"m":-3}"#, #"{"n":1,"s":" ab"}"#,
            #"{"n":1,"s":"ab "}"#, #"{"n":1,"s":"a\u007fb"}"#, "{\"n\":1,\"s\":\"a\u{7F}b\"}", #"{"n":1,"s":"abcdefghi"}"#,
            #"{"n":1,"s":"a"}"#, #"{"n":1,"s":"ééééé"}"#, #"{"n":1,"s":"éééééé"}"#, #"{"n":1,"d":"a@EXAMPLE.com"}"#,
            #"{"n":1,"d":"not-an-email"}"#, #"{"n":1,"p":"ab;c"}"#, #"{"n":1,"p":"ABC"}"#, #"{"n":1,"a":[]}"#,
            #"{"n":1,"a":["x","x"]}"#, #"{"n":1,"a":["x","y","z","w","v"]}"#, #"{"n":1,"a":["x'--"]}"#,
            #"{"n":1,"a":["ｆｕｌｌ"]}"#, #"{"n":1,"a":["abcdefg"]}"#, #"{"n":1,"a":[1]}"#, #"{"n":1,"o":{}}"#,
            #"{"n":1,"o":{"k":1,"never":1}}"#, #"{"n":1,"o":{"k":1,"deep":[1]}}"#, #"{"n":1,"o":{"k":1.}}"#,
            #"{"n":1,"o":{"k":1e}}"#, #"{"n":1,"o":{"k":.5}}"#, #"{"n":1,"o":{"k":-}}"#, #"{"n":1,"o":{"k":1,"a":1,"a":2}}"#,
            #"{"n":1,"r":"root"}"#, #"{"n":1,"r":1}"#, #"{"n":1,"r":"Admin"}"#, #"{"n":1,"c":"y"}"#, #"{"n":1,"f":99.5}"#,
            #"{"n":1,"f":100.5}"#, #"{"n":1,"f":-0.5}"#, #"{"n":1,"f":1e1}"#, #"{"n":1,"f":12345678901234567890.5}"#,
            #"{"n":1,"o":{"k":1,"\u00e9":1}}"#, #"{"n":1,"o":{"k":1,"x\"y":1}}"#, #"{"n":1,"o":{"k":01}}"#,
            #"{"n":1,"o":{"k":1,"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"l":1,"m":1,"n":1,"o":1,"p":1,"q":1,"r":1}}"#,
            #"{"n":1,"e":"plain"}"#, #"{"n":1,"n":1}"#, #"{"n":1,"zz":1}"#, #"{"m":1}"#, #"{}"#, #"[]"#, #""n""#,
            #"{"n":1 }"#, #" {"n":1}"#, #"{"n":1}x"#, #"{"n":1,}"#, #"{"n" :1}"#, #"{"n":1,"s":"a\"b"}"#,
            #"{"n":1,"b":tru}"#, #"{"n":1,"b":nul}"#, #"{"n":1,"m":nulll}"#, #"{"\u006e":1}"#,
            "{\"n\":1,\"s\":\"a\u{1}b\"}", "{\"n\":1,\"s\":\"ab\u{00A0}\"}",
            #"{"n":1,"m":-}"#, #"{"n":-}"#, #"{"n":1,"o":{"k":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}"#,
        ]
        return valid + odd
    }()

    /// Runs both filters over `records` and every prefix and one-byte change of them; returns
    /// how many records the check let through, in how many it located faults (so that the
    /// filter evaluated only those values), and how many of those it parsed in part.
    static func expectSameResults(
        _ filters: (checked: RecordFilter, general: RecordFilter), _ records: [[UInt8]], mutate: Bool
    ) -> (passed: Int, located: Int, stepped: Int) {
        let variants = mutate ? Self.mutations(of: records) : records
        var passed = 0
        var located = 0
        var stepped = 0
        var faults: [UInt32] = []
        var skippable: [UInt32] = []
        var leaf = ShapeCheck.Leaf()
        for record in variants {
            let a = filters.checked.process(record)
            let b = filters.general.process(record)
            #expect(a.sanitized == b.sanitized, "\(String(decoding: record, as: UTF8.self))")
            #expect(a.violations == b.violations, "\(String(decoding: record, as: UTF8.self))")
            if a.isValid && a.sanitized == record { passed += 1 }
            if let check = filters.checked.shapeCheck,
                record.withUnsafeBytes({ check.scanner.locate($0, faults: &faults, skippable: &skippable, leaf: &leaf) }) == .faults
            {
                located += 1
                if !skippable.isEmpty { stepped += 1 }
            }
        }
        return (passed, located, stepped)
    }

    /// The records, then every prefix and every one-byte change of each (to bytes that matter
    /// to JSON, to UTF-8, or to a step).
    static func mutations(of records: [[UInt8]]) -> [[UInt8]] {
        var variants = records
        let replacements: [UInt8] = [0x20, 0x22, 0x5C, 0x2C, 0x7D, 0x5D, 0x30, 0x41, 0xC3, 0xFF, 0x7F, 0x00]
        for record in records {
            for end in 0..<record.count { variants.append(Array(record[..<end])) }
            for index in record.indices {
                for byte in replacements where byte != record[index] {
                    var changed = record
                    changed[index] = byte
                    variants.append(changed)
                }
            }
        }
        return variants
    }

    @Test("the wide contract: same output and report with and without the check, under every mutation")
    func wideContractAgrees() throws {
        let filters = try Self.filters(Self.wideContract)
        let records = Self.wideRecords.map { Array($0.utf8) }
        let counts = Self.expectSameResults(filters, records, mutate: true)
        #expect(counts.located > 1_000, "\(counts.located) variants took the located path")
        #expect(counts.stepped > 100, "\(counts.stepped) of them were parsed in part")
        let check = try #require(try Self.check(Self.wideContract))
        // Non-vacuous: the valid, clean records do take the shortcut.
        for record in Self.wideRecords.prefix(Self.cleanCount) { #expect(Self.passes(check, record), "\(record)") }
    }

    static func locate(_ check: ShapeCheck, _ record: String) -> (ShapeCheck.Location, [UInt32]) {
        locating(check, record).0
    }

    /// The scan's location and faults, and the objects and arrays it says may be stepped over.
    static func locating(_ check: ShapeCheck, _ record: String) -> ((ShapeCheck.Location, [UInt32]), [UInt32]) {
        var record = record
        var faults: [UInt32] = []
        var skippable: [UInt32] = []
        var leaf = ShapeCheck.Leaf()
        let location = record.withUTF8 { check.scanner.locate(UnsafeRawBufferPointer($0), faults: &faults, skippable: &skippable, leaf: &leaf) }
        return ((location, faults), skippable)
    }

    @Test("locating: the objects and arrays read to the end and free of faults may be stepped over; the parse makes each one node")
    func skippableSpans() throws {
        let check = try #require(try Self.check(Self.wideContract))
        let record = #"{"n":100,"a":["x","y"],"o":{"k":{"z":[1]},"deep":[[],[2]]},"s":"ab"}"#
        let ((location, faults), skippable) = Self.locating(check, record)
        #expect(location == .faults)
        #expect(faults == Self.span(of: "100", in: record))
        // Each as it closes (an empty one is not worth noting); the root overlaps the fault.
        let spans = [#"["x","y"]"#, "[1]", #"{"z":[1]}"#, "[2]", #"[[],[2]]"#, #"{"k":{"z":[1]},"deep":[[],[2]]}"#]
        #expect(skippable == spans.flatMap { Self.span(of: $0, in: record) })
        var document = JSONDocument.empty
        try Array(record.utf8).withUnsafeBytes { try document.reparse($0, limits: .default, skipping: skippable) }
        #expect(document.isPartial)
        // The root, then per member its key and value: the stepped-over values are one node each.
        #expect(document.nodeCount == 1 + 2 * 4)
        let a = try #require(document.member("a", of: document.root))
        #expect(document.kind(a) == .array && document.count(a) == 0)
        let whole = try JSONDocument(parsing: Array(record.utf8))
        #expect(!whole.isPartial && whole.nodeCount > document.nodeCount)
        // What is stepped over must have been read: a span elsewhere than at a bracket is parsed as usual.
        try Array(record.utf8).withUnsafeBytes { try document.reparse($0, limits: .default, skipping: [5, 9]) }
        #expect(document.nodeCount == whole.nodeCount)
        // Outside the spans the text is as strict as ever.
        #expect(throws: SanitizeError.self) {
            try Array(#"{"a":["x","y"],"b":01}"#.utf8).withUnsafeBytes { try document.reparse($0, limits: .default, skipping: [5, 14]) }
        }
    }

    @Test("a repeated member name is refused wherever it is, also where the located parse leaves the names to the scan")
    func duplicateNamesRefused() throws {
        let filters = try Self.filters(Self.wideContract)
        let check = try #require(try Self.check(Self.wideContract))
        // Inside a value the scan stepped over whole (a member the contract refuses, a value of
        // the `false` schema): the record is located, and the parse must check that object.
        let steppedOver = [
            #"{"n":1,"x":{"a":1,"a":2}}"#, #"{"n":1,"o":{"k":1,"never":{"x":1,"x":2}}}"#,
            #"{"n":1,"x":[{"a":1},{"b":[{"c":1,"c":1}]}]}"#,
        ]
        for record in steppedOver {
            #expect(Self.locate(check, record).0 == .faults, "\(record)")
            let outcome = filters.checked.process(Array(record.utf8))
            #expect(outcome.violations.map(\.code.rawValue) == ["json-duplicate-key"], "\(record): \(outcome.violations)")
        }
        // In objects the scan read member by member it sees the repetition itself and leaves
        // the record to the general path.
        let read = [#"{"n":1,"n":2}"#, #"{"n":"bad","o":{"k":1,"k":2}}"#, #"{"n":1,"x":0,"x":0}"#, #"{"o":{"k":1,"z":0,"z":0},"n":"bad"}"#]
        for record in read { #expect(Self.locate(check, record).0 == .unsure, "\(record)") }
        #expect(Self.expectSameResults(filters, (steppedOver + read).map { Array($0.utf8) }, mutate: true).located > 0)
    }

    @Test("the located parse checks the names of an object only where it starts inside a fault of two bytes or more")
    func namesComparedOutsideFaults() throws {
        let record = Array(#"{"a":{"b":1,"b":2},"c":3}"#.utf8)
        var document = JSONDocument.empty
        func parses(_ faults: [UInt32]?) -> Bool {
            record.withUnsafeBytes { bytes in (try? document.reparse(bytes, namesComparedOutside: faults)) != nil }
        }
        #expect(!parses(nil))  // a whole parse checks every object
        #expect(parses([]))  // no fault: every object's names were compared
        #expect(parses([5, 6]))  // the object's own fault, its brace: its names were compared
        #expect(!parses([5, 18]))  // stepped over whole: not compared
        #expect(!parses([0, 25]))
        #expect(parses([22, 23]))  // a fault elsewhere
    }

    /// The byte range of `part`'s first occurrence in `record`, as the scan's faults give it.
    static func span(of part: String, in record: String) -> [UInt32] {
        let bytes = Array(record.utf8)
        let wanted = Array(part.utf8)
        let start = (0...(bytes.count - wanted.count)).first { Array(bytes[$0..<$0 + wanted.count]) == wanted }!
        return [UInt32(start), UInt32(start + wanted.count)]
    }

    @Test("locating: a failing value is located and the scan goes on; an object's own failure is its brace")
    func locatesFaults() throws {
        let check = try #require(try Self.check(Self.wideContract))
        // A member value: its bytes, quotes included; the members after it are still read.
        var record = #"{"n":100,"s":"ab"}"#
        #expect(Self.locate(check, record) == (.faults, Self.span(of: "100", in: record)))
        record = #"{"n":1,"p":"ABC","b":true}"#
        #expect(Self.locate(check, record) == (.faults, Self.span(of: #""ABC""#, in: record)))
        // Two faults, in the order read.
        record = #"{"n":1,"r":"root","o":{"k":1,"deep":[1]}}"#
        let element = Self.span(of: "[1]", in: record)[0] + 1
        #expect(Self.locate(check, record) == (.faults, Self.span(of: #""root""#, in: record) + [element, element + 1]))
        // Not an object where one is required: the whole value, not read.
        record = #"{"n":1,"o":[1,{"k":2}]}"#
        #expect(Self.locate(check, record) == (.faults, Self.span(of: #"[1,{"k":2}]"#, in: record)))
        // The object's own checks: `required`, a name `additionalProperties: false` refuses,
        // `maxProperties`; the array's `uniqueItems` and `minItems`.
        #expect(Self.locate(check, #"{"m":1}"#) == (.faults, [0, 1]))
        // (The refused member's value is not read by the scan: the parser must read it.)
        #expect(Self.locate(check, #"{"n":1,"zz":[1,{"x":"y"}]}"#) == (.faults, [0, 1, 12, 25]))
        #expect(Self.locate(check, #"{"n":1,"m":1,"b":true,"s":"ab","p":"abc","r":"admin","c":"x","f":1}"#) == (.faults, [0, 1]))
        // A member the `false` schema refuses, then the object's missing `k`.
        record = #"{"n":1,"o":{"never":1}}"#
        let object = Self.span(of: #"{"never"#, in: record)[0]
        let refused = Self.span(of: ":1}", in: record)[0] + 1
        #expect(Self.locate(check, record) == (.faults, [refused, refused + 1, object, object + 1]))
        record = #"{"n":1,"a":["x","x"]}"#
        let array = Self.span(of: "[", in: record)[0]
        #expect(Self.locate(check, record) == (.faults, [array, array + 1]))
        #expect(Self.locate(check, #"{"n":1,"a":[]}"#).1 == [11, 12])
        // Clean and valid: passes, as `passes` says.
        #expect(Self.locate(check, #"{"n":1,"s":"ab"}"#) == (.passes, []))
    }

    @Test("locating: whatever a step may change, and what the scan cannot read past, is left to the general path")
    func locatingGivesUp() throws {
        let check = try #require(try Self.check(Self.wideContract))
        for record in [
            #"{"n":100,"s":" ab"}"#,  // a step trims s: the general path sanitizes before it validates
            #"{"n":100,"s":"a\u0041"}"#,  // an escape where steps apply
            #"{"n":100,"a":["ｆｕｌｌ"]}"#, #"{"n":1,"s":"abcdefghi"}"#,  // truncate would shorten it
            #"{"n":"x","a":{"k":" x"}}"#,  // not an array, but its node's items have steps: not read, so not sure
            #"{"n":1,"n":2}"#, #"{"n":1,"n":1}"#, #"{"n":1 }"#, #"{"n":100}x"#, #"{"n":100"#, #"{"n":100,"a":["x","#,
            #"{"n":1,"o":{"k":1,"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"l":1,"m":1,"n":1,"o":1,"p":1,"q":1,"r":1}}"#,
            #"{"n":1,"a":["x",1]}"#,  // uniqueness over other than strings
            #"[1,2]"#,  // the root, not read: its node has steps below
        ] {
            #expect(Self.locate(check, record).0 == .unsure, "\(record)")
        }
        // More faults than the scan keeps.
        let many = "{\"n\":1,\"o\":{\"k\":1,\"deep\":[" + Array(repeating: "1", count: ShapeCheck.maxFaults + 1).joined(separator: ",") + "]}}"
        #expect(Self.locate(check, many).0 == .unsure)
        let enough = "{\"n\":1,\"o\":{\"k\":1,\"deep\":[" + Array(repeating: "1", count: ShapeCheck.maxFaults).joined(separator: ",") + "]}}"
        #expect(Self.locate(check, enough).0 == .faults)
    }

    @Test("every odd record is left to the general path")
    func oddRecordsAreNotPassed() throws {
        let check = try #require(try Self.check(Self.wideContract))
        for record in Self.wideRecords.dropFirst(Self.cleanCount) { #expect(!Self.passes(check, record), "\(record)") }
    }

    @Test("the example contract: same results on the examples, generated records and their mutations", arguments: [true, false])
    func userContractAgrees(assertFormats: Bool) throws {
        let filters = try Self.filters(String(contentsOf: Self.userContract, encoding: .utf8), assertFormats: assertFormats)
        let examples = Fixtures.repositoryRoot.appendingPathComponent("Examples/users.ndjson")
        let lines = try String(contentsOf: examples, encoding: .utf8).split(separator: "\n").map { Array($0.utf8) }
        var generator = SeededGenerator(seed: 11)
        let generated = (0..<200).map { Self.userRecord(number: $0, using: &generator) }
        let passed = Self.expectSameResults(filters, lines + generated, mutate: false).passed
        #expect(passed >= 190, "\(passed) of 200 clean records took the shortcut")
        let counts = Self.expectSameResults(filters, lines + generated.prefix(12), mutate: true)
        #expect(counts.located > 500, "\(counts.located) variants took the located path")
        #expect(counts.stepped > 200, "\(counts.stepped) of them were parsed in part")
    }

    @Test("naughty strings in every string member of the example contract", .corpus(.naughtyStrings))
    func naughtyStringsAgree() throws {
        let filters = try Self.filters(String(contentsOf: Self.userContract, encoding: .utf8))
        var records: [[UInt8]] = []
        for text in TextCorpus.all {
            let quoted = JSONValue.string(text).jsonText
            let raw = "\"" + text + "\""  // unescaped, as far as the text allows: mostly not JSON
            for value in [quoted, raw] {
                records.append(Array(#"{"id":1,"name":\#(value),"email":"a@b.co"}"#.utf8))
                records.append(Array(#"{"id":1,"name":"n","email":\#(value)}"#.utf8))
                records.append(Array(#"{"id":1,"name":"n","email":"a@b.co","tags":[\#(value)]}"#.utf8))
                records.append(Array(#"{"id":1,"name":"n","email":"a@b.co","address":{"city":\#(value),"country":"GB","postcode":\#(value)}}"#.utf8))
            }
        }
        _ = Self.expectSameResults(filters, records, mutate: false)
    }

    @Test("without a contract: the default policy's results are the same with and without the check", .corpus(.naughtyStrings))
    func policyAgrees() throws {
        let steps = RecordFilter.defaultPolicy().stringSteps
        #expect(!steps.isEmpty)
        let filters = (
            checked: RecordFilter(stringSteps: steps, limits: .default, shapeChecking: true),
            general: RecordFilter(stringSteps: steps, limits: .default, shapeChecking: false)
        )
        let check = ShapeCheck.build(policySteps: steps, limits: .default)
        let clean = [
            #"{"a":"text","b":[1,-2.5e-3,true,false,null,{"c":"日本語","d":[]}],"é":{"":""}}"#, #""just a string""#, "[]", "{}",
            "0", "-0.0", "1E+2", "null", #"[[[["deep"]]]]"#, #"{"k":"v","K":"w"}"#, #"{"zwj":"👨‍👩‍👧","combined":"é"}"#,
        ]
        let odd = [
            #"{"a":1,"a":2}"#, #"{"a":"x\u0041"}"#, "{\"a\":\"\u{7F}\"}", "{\"a\":\"\u{202E}\"}", "{\"a\":\"e\u{301}\"}",
            #"{"a" : 1}"#, "[1,]", "01", "1.", "-", "tru", #"{"a":1}x"#, #"{"\u0061":1}"#, "",
        ]
        for record in clean { #expect(Self.passes(check, record), "\(record)") }
        for record in odd { #expect(!Self.passes(check, record), "\(record)") }
        let naughty = TextCorpus.all.flatMap { text -> [[UInt8]] in
            let quoted = JSONValue.string(text).jsonText
            return [Array(#"{"v":\#(quoted),"w":[\#(quoted)]}"#.utf8), Array(#"{\#(quoted):1}"#.utf8), Array("[\"\(text)\"]".utf8)]
        }
        let passed = Self.expectSameResults(filters, (clean + odd).map { Array($0.utf8) } + naughty, mutate: false).passed
        #expect(passed > 300, "\(passed) records took the shortcut")
        _ = Self.expectSameResults(filters, clean.map { Array($0.utf8) }, mutate: true)
    }

    @Test("contracts with keywords the check does not read have no check", arguments: [
        #"{"anyOf":[{"type":"string"}]}"#, ##"{"$ref":"#/$defs/a","$defs":{"a":{}}}"##, #"{"enum":[1]}"#, #"{"const":1}"#,
        #"{"patternProperties":{"a":{}}}"#, #"{"prefixItems":[{}]}"#, ##"{"$schema":"http://json-schema.org/draft-07/schema#","items":[{}]}"##, #"{"minimum":1.5}"#,
        #"{"required":["a"]}"#, #"{"multipleOf":2}"#, #"{"enum":["a",1]}"#, #"{"enum":[]}"#, #"{"enum":["a"],"const":"a"}"#, #"{"dependentRequired":{"a":["b"]}}"#, #"{"contains":{}}"#,
        ##"{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"a":{"$ref":"#/definitions/s","maxLength":1}},"definitions":{"s":{}}}"##,
    ])
    func unreadKeywordsMeanNoCheck(schema: String) throws {
        #expect(try Self.check(schema) == nil)
    }

    /// Read from the compiled contract, these need nothing the check lacks: the compiler has
    /// applied the dialect (draft-04's boolean exclusiveMinimum, its `integer`), dropped what
    /// is no keyword, and resolved identifiers.
    @Test("contracts the compiler reduces to read keywords have a check, and it agrees with the general path", arguments: [
        ##"{"$schema":"http://json-schema.org/draft-04/schema#","properties":{"n":{"type":"integer","minimum":1,"exclusiveMinimum":true}}}"##,
        #"{"maxLength":1e3}"#, #"{"properties":{"a":{"$anchor":"x","type":"string"}}}"#,
        #"{"properties":{"a":{"$id":"https://example.com/a","type":"string"}}}"#, #"{"unknownKeyword":1,"type":"object"}"#,
        #"{"additionalProperties":{"type":"string","maxLength":2}}"#,
    ])
    func compiledKeywordsAreRead(schema: String) throws {
        #expect(try Self.check(schema) != nil)
        let filters = try Self.filters(schema)
        let records = [
            #"{"n":2}"#, #"{"n":1}"#, #"{"n":1.0}"#, #"{"n":"x"}"#, #"{"a":"xy"}"#, #"{"a":"xyz"}"#, #"{"a":1}"#, #""text""#,
            #"{"b":"é"}"#, #"{}"#, #"[]"#, #"{"a":null,"b":"ab"}"#,
        ].map { Array($0.utf8) }
        #expect(Self.expectSameResults(filters, records, mutate: false).passed > 0)
    }

    @Test("the check is built for the example contract and for a contract without keywords")
    func builtForReadableContracts() throws {
        #expect(try Self.check(String(contentsOf: Self.userContract, encoding: .utf8)) != nil)
        #expect(try Self.check("{}") != nil)
        #expect(try Self.check("true") != nil)
    }

    /// A clean user record in the benchmark's shape.
    static func userRecord(number: Int, using generator: inout SeededGenerator) -> [UInt8] {
        let names = ["Ada Lovelace", "Zoë Ng", "Émile Müller", "Øystein Kim", "José Martí", "李 明"]
        let cities = ["London", "São Paulo", "Tokyo"]
        let tags = ["admin", "beta", "staff", "vip", "new"].shuffled(using: &generator).prefix(3)
        let name = names.randomElement(using: &generator)!
        let city = cities.randomElement(using: &generator)!
        let age = Int.random(in: 0...120, using: &generator)
        let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
        return Array(
            #"{"id":\#(number + 1),"name":"\#(name)","email":"user\#(number)@example.com","age":\#(age),"address":{"street":"\#(number) Main St","city":"\#(city)","postcode":"AB 12","country":"GB"},"tags":[\#(tagList)]}"#
                .utf8)
    }
}

/// The ASCII summary of a step list must never say "unchanged" where a step changes the value.
@Suite("ASCII step guard")
struct ASCIIStepGuardTests {
    @Test("a guard that says unchanged is right, for every step alone and for lists")
    func guardIsSound() throws {
        let lists: [[SanitizeStep]] = StepShortcutTests.steps.map { [$0] } + [
            [.text(.trim), .text(.nfc), .text(.stripControls), .text(.stripBidi), .text(.truncateGraphemes(8))],
            [.text(.trim), .lowercaseDomain], [.text(.nfkc), .text(.stripSQL), .text(.truncateBytes(4))],
        ]
        let samples = StepShortcutTests.samples.filter { $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x80 } }
            + ["a@B", "A@b", "ABC", "x@y@Z", "x@Y@z", "--", "a-b", "a--b", "/*", "a;b"]
        var unchanged = 0
        for steps in lists {
            let summary = ASCIIStepGuard(steps)
            for sample in samples {
                var text = sample
                let says = text.withUTF8 { summary.leavesUnchanged(UnsafeRawBufferPointer($0), hasDelete: sample.utf8.contains(0x7F)) }
                guard says else { continue }
                unchanged += 1
                var applied = sample
                for step in steps { applied = try step.apply(to: applied) }
                #expect(Array(applied.utf8) == Array(sample.utf8), "\(steps) on \(sample.debugDescription)")
            }
        }
        #expect(unchanged > 1_000)
    }

    @Test("the tests that read every byte see every byte, across words: a stop byte anywhere, a capital after the last @")
    func byteTestsAcrossWords() throws {
        let strip = ASCIIStepGuard([.text(.stripSQL)])
        let lowercase = ASCIIStepGuard([.lowercaseDomain])
        func says(_ summary: ASCIIStepGuard, _ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBytes { summary.leavesUnchanged($0, hasDelete: false) }
        }
        var random = SeededGenerator(seed: 13)
        let plain = Array("abcxyz0189".utf8)
        var changedByLowercase = 0
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...40, using: &random)
            let bytes = (0..<count).map { _ in plain.randomElement(using: &random)! }
            // Letters and digits only (runs stepped over a word at a time): nothing to strip.
            #expect(says(strip, bytes))
            var withStop = bytes
            withStop[Int.random(in: 0..<count, using: &random)] = UInt8(ascii: ";")
            #expect(!says(strip, withStop), "\(String(decoding: withStop, as: UTF8.self))")
            // `@`s and capitals anywhere: the guard says "unchanged" exactly when the step leaves the text so.
            var mixed = bytes
            for _ in 0..<Int.random(in: 0...3, using: &random) { mixed[Int.random(in: 0..<count, using: &random)] = UInt8(ascii: "@") }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                mixed[Int.random(in: 0..<count, using: &random)] = UInt8.random(in: UInt8(ascii: "A")...UInt8(ascii: "Z"), using: &random)
            }
            let text = String(decoding: mixed, as: UTF8.self)
            let unchanged = try SanitizeStep.lowercaseDomain.apply(to: text) == text
            changedByLowercase += unchanged ? 0 : 1
            #expect(says(lowercase, mixed) == unchanged, "\(text)")
        }
        #expect(changedByLowercase > 300, "\(changedByLowercase)")
    }

    @Test("what each step looks at", arguments: [
        ([SanitizeStep.text(.trim)], " a", false), ([.text(.trim)], "a b", true), ([.text(.stripControls)], "a\u{7F}", false),
        ([.text(.truncateGraphemes(2))], "abc", false), ([.text(.truncateBytes(3))], "abc", true), ([.text(.stripSQL)], "a;b", false),
        ([.text(.stripSQL)], "a-b", false), ([.text(.stripShell)], "a|b", false), ([.lowercaseDomain], "Ab@c", true),
        ([.lowercaseDomain], "ab@C", false), ([.lowercaseDomain], "ABC", true), ([.text(.encode(.shell))], "a", false),
        ([.text(.nfc), .text(.nfkc), .text(.stripBidi), .text(.stripZeroWidth)], "plain text", true),
    ])
    func eachStep(steps: [SanitizeStep], sample: String, unchanged: Bool) {
        var text = sample
        let says = text.withUTF8 { ASCIIStepGuard(steps).leavesUnchanged(UnsafeRawBufferPointer($0), hasDelete: sample.utf8.contains(0x7F)) }
        #expect(says == unchanged)
    }
}

/// Simple character-class patterns are checked without PCRE2; a "matches" must be PCRE2's too.
@Suite("ASCII class patterns")
struct ASCIIClassPatternTests {
    @Test("what is read and what is not", arguments: [
        ("^[A-Z]{2}$", true), ("^[A-Za-z0-9 -]{2,10}$", true), ("^[a-z]+$", true), ("^[a-z]*$", true), ("^[xyz]$", true),
        ("^[a-c-e]{1,}$", true), ("^[^a]$", false), ("^[a\\d]$", true), ("[a-z]{2}", false), ("^[a-z]{2}", false),
        ("^[z-a]$", false), ("^[a-z]{3,2}$", false), ("^[a-z]{,2}$", false), ("^[a-z]?$", false), ("^[]$", false),
        ("^[a-z]{2}x$", false), ("^[é]$", false), ("^[[:alpha:]]$", false), ("^(a|b)$", false),
        ("^[ \\r\\n\\t\\S]+$", true), ("^\\S*$", true), ("^[A-Za-z0-9\\-\\.]{1,64}$", true), ("^\\d{3}$", true),
        ("^[\\d-z]$", false), ("^[a-\\d]$", false), ("^[\\b]$", false), ("^[\\x41]$", false), ("^[\\u0041]$", false),
        ("^\\$", false), ("^\\.+$", false), ("^[a\\]]$", true), ("^[a]\\$", false), ("^[\\q]$", false),
    ])
    func reads(source: String, isSimple: Bool) {
        #expect((ASCIIClassPattern(source) != nil) == isSimple)
    }

    @Test("a match here is a match for PCRE2 (ECMAScript flavour)")
    func agreesWithPCRE2() throws {
        let sources = ["^[A-Z]{2}$", "^[A-Za-z0-9 -]{2,10}$", "^[a-z]+$", "^[a-z]*$", "^[xyz]$", "^[a-c-e]{1,}$", "^[.$*()|{}]{1,3}$",
                       "^[ -~]{0,4}$", "^[-a]{2}$", "^[a-]{2}$",
                       // Escapes (FHIR's string, code and id patterns among them): ECMA-262's
                       // class escapes, control escapes and escaped punctuation.
                       #"^[ \r\n\t\S]+$"#, #"^\S*$"#, #"^[A-Za-z0-9\-\.]{1,64}$"#, #"^\d{1,3}$"#, #"^\w+$"#, #"^\s*$"#,
                       #"^[\D]{2}$"#, #"^[\W\d]+$"#, #"^[\s\S]{0,2}$"#, #"^[\v\f]+$"#, #"^[\--\/]+$"#, #"^[a\]\[\^\\]+$"#]
        var samples = [""]
        for byte in UInt8(0x00)...UInt8(0x7F) { samples.append(String(UnicodeScalar(byte))) }
        for a in ["a", "A", "-", " ", "z", ".", "\t", "\u{0B}", "\r\n", "_", "7"] { samples += samples.prefix(129).map { a + $0 } }
        samples += ["GB", "SW1Y 4JH", "abcdefghijk", "abc-de", "e-a", "...", "$$$$", "a\n", "\n", "1234", "x y", "a\u{0C}b"]
        let matched = try expectShortcutAgreesWithPCRE2(sources: sources, samples: samples) { source in
            ASCIIClassPattern(source).map { simple in { simple.matches(ascii: $0) } }
        }
        #expect(matched > 1000)
    }
}

@Suite("Whitespace prefilter")
struct WhitespacePrefilterTests {
    @Test("the profile's quick White_Space test agrees with Unicode on every scalar")
    func everyScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TextProfile.isWhitespace(value) != scalar.properties.isWhitespace { disagreements.append(value) }
        }
        #expect(disagreements.isEmpty)
    }
}
