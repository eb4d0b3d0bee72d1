import Foundation
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

@Suite("ReportKey (--report-key)")
struct ReportKeyTests {
    static func filter(_ schema: String) throws -> RecordFilter {
        try RecordFilter(schema: try JSONValue(parsing: schema))
    }

    /// The key a pointer gives for a record, as the report writes it.
    static func key(_ pointer: String, in record: String, filter: RecordFilter = .defaultPolicy()) throws -> (String, Bool) {
        let key = try ReportKey(pointer: pointer, filter: filter)
        let document = try? JSONDocument(parsing: record)
        var out: [UInt8] = []
        let found = key.appendValue(in: document, to: &out)
        return (String(decoding: out, as: UTF8.self), found)
    }

    @Test(
        "scalars come out as minimal JSON; anything else is null",
        arguments: [
            ("/id", #"{"id":7}"#, "7"),
            ("/id", #"{"id":-1.50e3}"#, "-1.50e3"),
            ("/id", #"{"id":"a\"b\u00e9\n"}"#, #""a\"bé\n""#),
            ("/id", #"{"id":true}"#, "true"),
            ("/id", #"{"id":false}"#, "false"),
            ("/id", #"{"id":null}"#, "null"),
            ("/id", #"{"name":"x"}"#, "null"),
            ("/id", #"{"id":{"a":1}}"#, "null"),
            ("/id", #"{"id":[1]}"#, "null"),
            ("/id", #"[1,2]"#, "null"),
            ("/id", #""id""#, "null"),
            ("/user/id", #"{"user":{"id":"u-1"}}"#, #""u-1""#),
            ("/tags/1", #"{"tags":["a","b"]}"#, #""b""#),
            ("/tags/2", #"{"tags":["a","b"]}"#, "null"),
            ("/tags/01", #"{"tags":["a","b"]}"#, "null"),
            ("/tags/-", #"{"tags":["a","b"]}"#, "null"),
            ("/a~1b/c~0d", #"{"a/b":{"c~d":5}}"#, "5"),
            ("/", #"{"":"empty name"}"#, #""empty name""#),
            ("/0", #"{"0":"member named 0"}"#, #""member named 0""#),
        ])
    func values(pointer: String, record: String, expected: String) throws {
        let (text, found) = try Self.key(pointer, in: record)
        #expect(text == expected)
        #expect(found == (expected != "null"))
    }

    @Test("a key over 1 KiB as JSON is null; one of exactly 1 KiB is kept")
    func longKeys() throws {
        let fits = String(repeating: "k", count: ReportKey.maxValueBytes - 2)  // + two quotes
        #expect(try Self.key("/id", in: #"{"id":"\#(fits)"}"#) == ("\"\(fits)\"", true))
        let over = fits + "k"
        #expect(try Self.key("/id", in: #"{"id":"\#(over)"}"#) == ("null", false))
        // Escapes count as written: 600 quotes take 1 200 bytes of JSON.
        let quotes = String(repeating: #"\""#, count: 600)
        #expect(try Self.key("/id", in: #"{"id":"\#(quotes)"}"#) == ("null", false))
        let digits = String(repeating: "9", count: ReportKey.maxValueBytes + 1)
        #expect(try Self.key("/id", in: #"{"id":\#(digits)}"#) == ("null", false))
    }

    @Test("a line that is not JSON has the key null")
    func notJSON() throws {
        #expect(try Self.key("/id", in: #"{"id":1,"#) == ("null", false))
    }

    @Test("pointers that are not JSON Pointers to a member are configuration errors", arguments: ["", "id", "/a~2", "/a~", "/a\nb"])
    func badPointers(pointer: String) throws {
        let error = #expect(throws: SanitizeError.self) { try ReportKey(pointer: pointer, filter: .defaultPolicy()) }
        #expect(error?.code == .configuration)
    }

    static let sensitiveSchema = #"""
        {"type":"object",
         "properties":{
           "id":{"type":"integer"},
           "password":{"type":"string","writeOnly":true},
           "api_token":{"type":"string","x-sensitive":true},
           "vault":{"x-sensitive":true,"type":"object","properties":{"label":{"type":"string"}}},
           "card":{"$ref":"#/$defs/card"},
           "either":{"anyOf":[{"type":"integer"},{"type":"string","writeOnly":true}]},
           "list":{"type":"array","items":{"type":"object","properties":{"pin":{"writeOnly":true},"n":{}}}},
           "tuple":{"type":"array","prefixItems":[{},{"x-sensitive":true}]},
           "named":{"type":"object","properties":{"safe":{"type":"string"}},"additionalProperties":{"x-sensitive":true}},
           "patterned":{"type":"object","patternProperties":{"^s_":{"writeOnly":true}}},
           "conditional":{"if":{"type":"object"},"then":{"properties":{"x":{"x-sensitive":true}}}}
         },
         "allOf":[{"properties":{"nested":{"properties":{"secret":{"writeOnly":true}}}}}],
         "$defs":{"card":{"type":"object","properties":{"number":{"x-sensitive":true},"brand":{"type":"string"}}}}}
        """#

    @Test(
        "a pointer that may reach a writeOnly or x-sensitive value is refused",
        arguments: [
            "/password", "/api_token", "/vault", "/vault/label", "/card/number", "/either", "/list/0/pin", "/list/3/pin",
            "/tuple/1", "/named/other", "/patterned/s_1", "/patterned/anything", "/conditional/x", "/nested/secret",
        ])
    func sensitiveRefused(pointer: String) throws {
        let filter = try Self.filter(Self.sensitiveSchema)
        let error = #expect(throws: SanitizeError.self) { try ReportKey(pointer: pointer, filter: filter) }
        #expect(error?.code == .configuration)
        #expect(error?.reason.contains("sensitive") == true)
    }

    @Test(
        "a pointer no sensitive schema reaches is accepted",
        arguments: ["/id", "/card/brand", "/list/0/n", "/tuple/0", "/named/safe", "/unknown", "/nested/other"])
    func othersAccepted(pointer: String) throws {
        let filter = try Self.filter(Self.sensitiveSchema)
        #expect(throws: Never.self) { try ReportKey(pointer: pointer, filter: filter) }
    }

    /// Issue #31's leak: a `oneOf` of four or more branches tagged by a `const` is compiled
    /// with a discriminator, a form the sensitivity walk once skipped (`default: continue`), so
    /// a `writeOnly` value in a branch became a report key.
    static func discriminated(branches: Int) -> String {
        let list = (0..<branches).map { index in
            index == 0
                ? #"{"properties":{"kind":{"const":"k0"},"secret":{"type":"string","writeOnly":true,"minLength":100}}}"#
                : #"{"properties":{"kind":{"const":"k\#(index)"},"n":{"type":"integer"}}}"#
        }
        return #"{"type":"object","oneOf":["# + list.joined(separator: ",") + "]}"
    }

    @Test("a writeOnly value under a oneOf, discriminated or not, is never a report key", arguments: [2, 3, 4, 6, 12])
    func discriminatedOneOf(branches: Int) throws {
        let filter = try Self.filter(Self.discriminated(branches: branches))
        let error = #expect(throws: SanitizeError.self) { try ReportKey(pointer: "/secret", filter: filter) }
        #expect(error?.code == .configuration)
        #expect(throws: Never.self) { try ReportKey(pointer: "/kind", filter: filter) }
        #expect(throws: Never.self) { try ReportKey(pointer: "/n", filter: filter) }
    }

    /// Every applicator form, each holding a sensitive value where the pointer leads, and a
    /// pointer beside it that no sensitive schema reaches.
    static let applicatorForms: [(schema: String, refused: String, accepted: String)] = [
        (#"{"properties":{"a":{"writeOnly":true},"b":{}}}"#, "/a", "/b"),
        // A pattern is taken to match any name: the sensitive pattern sits one level down.
        (#"{"properties":{"p":{"patternProperties":{"^s":{"writeOnly":true}}},"t":{}}}"#, "/p/s1", "/t"),
        (#"{"properties":{"a":{}},"additionalProperties":{"writeOnly":true}}"#, "/other", "/a"),
        (#"{"prefixItems":[{},{"writeOnly":true}]}"#, "/1", "/0"),
        (#"{"prefixItems":[{}],"items":{"writeOnly":true}}"#, "/1", "/0"),
        (#"{"$schema":"http://json-schema.org/draft-07/schema#","items":[{}],"additionalItems":{"writeOnly":true}}"#, "/3", "/0"),
        (#"{"contains":{"writeOnly":true}}"#, "/0", "/name"),
        // An unevaluated member may be any member: the sensitive schema sits one level down.
        (#"{"properties":{"o":{"unevaluatedProperties":{"writeOnly":true}},"t":{}}}"#, "/o/b", "/t"),
        (#"{"properties":{"l":{"unevaluatedItems":{"writeOnly":true}}}}"#, "/l/2", "/l/name"),
        (#"{"propertyNames":{"writeOnly":true},"properties":{"a":{}}}"#, "", "/a"),
        (#"{"allOf":[{"properties":{"a":{"writeOnly":true}}}]}"#, "/a", "/b"),
        (#"{"anyOf":[{"properties":{"a":{"writeOnly":true}}},{}]}"#, "/a", "/b"),
        (#"{"oneOf":[{"properties":{"a":{"writeOnly":true}}},{}]}"#, "/a", "/b"),
        (#"{"not":{"properties":{"a":{"writeOnly":true}}}}"#, "/a", "/b"),
        (#"{"if":{"properties":{"a":{"writeOnly":true}}}}"#, "/a", "/b"),
        (#"{"if":{},"then":{"properties":{"a":{"writeOnly":true}}}}"#, "/a", "/b"),
        (#"{"if":{},"else":{"properties":{"a":{"writeOnly":true}}}}"#, "/a", "/b"),
        (#"{"dependentSchemas":{"k":{"properties":{"a":{"writeOnly":true}}}}}"#, "/a", "/b"),
        (##"{"$ref":"#/$defs/d","$defs":{"d":{"properties":{"a":{"writeOnly":true}}}}}"##, "/a", "/b"),
        (
            // The tree's `$dynamicRef` picks the outermost `node` anchor in scope: the root's.
            ##"{"$id":"https://example.com/root","$dynamicAnchor":"node","$ref":"tree","properties":{"k":{"writeOnly":true}},"##
                + ##""$defs":{"tree":{"$id":"tree","$dynamicAnchor":"node","properties":{"child":{"$dynamicRef":"#node"}}}}}"##,
            "/child/k", "/child/other"
        ),
        (
            #"{"$schema":"https://json-schema.org/draft/2019-09/schema","$recursiveAnchor":true,"#
                + ##""properties":{"a":{"$recursiveRef":"#"},"k":{"writeOnly":true}}}"##,
            "/a/a/k", "/a/b"
        ),
        (discriminated(branches: 6), "/secret", "/kind"),
    ]

    @Test("every applicator form is followed to a sensitive value, and no further", arguments: applicatorForms.indices)
    func applicatorForm(index: Int) throws {
        let form = Self.applicatorForms[index]
        let filter = try Self.filter(form.schema)
        if form.refused.isEmpty {
            // propertyNames applies to names, not values: no pointer reaches a value under it.
            #expect(!filter.contract!.mayBeSensitive(at: ["a"]))
        } else {
            let error = #expect(throws: SanitizeError.self, "\(form.schema) \(form.refused)") {
                try ReportKey(pointer: form.refused, filter: filter)
            }
            #expect(error?.code == .configuration)
        }
        #expect(throws: Never.self, "\(form.schema) \(form.accepted)") { try ReportKey(pointer: form.accepted, filter: filter) }
    }

    @Test("a $ref cycle ends, and the walk follows it as deep as the pointer goes")
    func referenceCycles() throws {
        let cyclic = try Self.filter(
            ##"{"$defs":{"node":{"properties":{"next":{"$ref":"#/$defs/node"},"v":{},"s":{"writeOnly":true}}}},"$ref":"#/$defs/node"}"##)
        #expect(throws: Never.self) { try ReportKey(pointer: "/next/next/next/v", filter: cyclic) }
        #expect(throws: SanitizeError.self) { try ReportKey(pointer: "/next/next/next/s", filter: cyclic) }
    }
}

/// The key of an invalid record that the filter evaluated only where its shape scan found
/// faults is read from that partial parse, reaching into the objects and arrays it stepped
/// over, and is the key the whole record holds.
@Suite("ReportKey on records parsed in part")
struct ReportKeyPartialParseTests {
    /// The report lines of `records` through a filter, with `pointer` as the report key.
    static func report(_ filter: RecordFilter, _ records: [[UInt8]], pointer: String) throws -> [UInt8] {
        var batch = RecordBatch()
        for (index, record) in records.enumerated() {
            record.withUnsafeBytes { batch.append(line: $0, number: index + 1) }
        }
        let batchFilter = BatchFilter(
            filter: filter, policy: .drop, maxRecordBytes: 1 << 20, fileName: nil,
            reportKey: try ReportKey(pointer: pointer, filter: filter))
        return batchFilter.process(batch).report
    }

    @Test(
        "the same report lines as through the whole parse, under every mutation of the wide records",
        arguments: ["/n", "/o/k", "/o/k/1/1", "/o/deep/1/0", "/o/extra/1/z", "/a/0", "/a/2", "/s", "/o", "/absent", "/o/absent"])
    func sameKeys(pointer: String) throws {
        let filters = try ShapeCheckTests.filters(ShapeCheckTests.wideContract)
        var records = ShapeCheckTests.wideRecords.map { Array($0.utf8) }
        // Invalid at the top (a member "x" the contract does not allow: the object's own fault),
        // with every container below left for the scan to step over.
        records += ShapeCheckTests.wideRecords.compactMap { record in
            guard record.hasPrefix(#"{"n":"#) else { return nil }
            return Array(record.replacingOccurrences(of: #"{"n":"#, with: #"{"x":0,"n":"#).utf8)
        }
        // Every prefix and one-byte change, as the shape check's own agreement test makes them.
        let variants = ShapeCheckTests.mutations(of: records)
        let located = String(decoding: try Self.report(filters.checked, variants, pointer: pointer), as: UTF8.self)
        let whole = String(decoding: try Self.report(filters.general, variants, pointer: pointer), as: UTF8.self)
        let (locatedLines, wholeLines) = (located.split(separator: "\n"), whole.split(separator: "\n"))
        #expect(locatedLines.count == wholeLines.count)
        let firstDifference = zip(locatedLines, wholeLines).first { $0 != $1 }
        #expect(firstDifference == nil, "located: \(firstDifference?.0 ?? "")\nwhole:   \(firstDifference?.1 ?? "")")
        #expect(located.contains(#""key":"#) && wholeLines.count > 1_000)
        // Not vacuous: records were judged on the located path with containers stepped over.
        var faults: [UInt32] = []
        var skippable: [UInt32] = []
        var leaf = ShapeCheck.Leaf()
        let check = try #require(filters.checked.shapeCheck)
        let stepped = variants.filter { variant in
            variant.withUnsafeBytes { check.scanner.locate($0, faults: &faults, skippable: &skippable, leaf: &leaf) } == .faults
                && !skippable.isEmpty
        }
        #expect(stepped.count > 100, "\(stepped.count) records were parsed in part")
    }

    @Test("a key inside a container the parse stepped over is found")
    func keyInsideSteppedOverContainer() throws {
        let filters = try ShapeCheckTests.filters(ShapeCheckTests.wideContract)
        // n is out of range: the scan locates it and steps over "o" and "a", which it read whole.
        let record = Array(#"{"n":100,"o":{"k":[1,{"id":"o-7"}]},"a":["x","y"]}"#.utf8)
        var faults: [UInt32] = []
        var skippable: [UInt32] = []
        var leaf = ShapeCheck.Leaf()
        let check = try #require(filters.checked.shapeCheck)
        let location = record.withUnsafeBytes { check.scanner.locate($0, faults: &faults, skippable: &skippable, leaf: &leaf) }
        #expect(location == .faults)
        // Pairs of offsets: "o"'s object and "a"'s array are among the spans stepped over.
        let starts = stride(from: 0, to: skippable.count, by: 2).map { Int(skippable[$0]) }
        for member in [#""o":"#, #""a":"#] {
            // The value's first byte: just past the member's name and colon (the record is ASCII).
            let name = Array(member.utf8)
            let start = try #require(record.indices.first { record[$0...].starts(with: name) }) + name.count
            #expect(starts.contains(start), "\(member) is stepped over (spans start at \(starts))")
        }
        for (pointer, key) in [("/o/k/1/id", #""o-7""#), ("/a/1", #""y""#), ("/o/k/0", "1"), ("/o/k/2", "null")] {
            let report = String(decoding: try Self.report(filters.checked, [record], pointer: pointer), as: UTF8.self)
            #expect(report.contains(#","key":\#(key),"#), "\(pointer): \(report)")
        }
    }
}
