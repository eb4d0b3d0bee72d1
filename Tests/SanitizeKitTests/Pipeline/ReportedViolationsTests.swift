import Foundation
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

/// The contract's violations are kept as records in the sink, their instance pointers and
/// messages as bytes (``ViolationSink``), and `sanitize filter` writes its report lines from
/// them (``ReportedViolations``). The oracle is the ``Violation`` built from the same record,
/// whose report line ``BatchFilterTests`` holds to the JSON value of its members.
@Suite("Report lines from the sink's records")
struct ReportedViolationsTests {
    /// ``LocatedLeafTests/contract``'s keywords, and what reaches the sink in other ways: a
    /// reference crossed (the keyword location is built then), `anyOf` and `oneOf` whose branch
    /// reasons are reported and then taken back out of the sink, `const` and `format` messages
    /// written from the value, a key that needs escaping in a pointer and in JSON.
    static let contract = #"""
        {"type":"object","$defs":{"short":{"type":"string","maxLength":2}},"properties":{
          "id":{"type":"integer","minimum":1},
          "name":{"type":"string","maxLength":4},
          "a/b~c":{"type":"string","pattern":"^[a-z]+$"},
          "q\"\u0001":{"const":"fixed"},
          "ключ":{"type":"integer"},
          "secret":{"type":"string","minLength":100,"writeOnly":true},
          "ref":{"$ref":"#/$defs/short"},
          "either":{"anyOf":[{"type":"integer"},{"$ref":"#/$defs/short"}]},
          "one":{"oneOf":[{"type":"string","pattern":"^a"},{"type":"string","maxLength":1}]},
          "list":{"type":"array","items":{"type":"object","properties":{"v":{"type":"integer","maximum":5}},
                  "required":["v"],"additionalProperties":false}},
          "mail":{"type":"string","format":"email"},
          "tag":{"enum":["x","y"]}},
         "required":["id"]}
        """#

    static let records = LocatedLeafTests.leaves + LocatedLeafTests.others + [
        #"{"id":1,"a/b~c":"Ünïcödé \"quoted\" \\ back\tslash"}"#,
        #"{"id":1,"name":"a value much longer than forty characters, with é and 😀 in it"}"#,
        #"{"id":1,"q\"\u0001":"moving"}"#, #"{"id":1,"q\"\u0001":{"nested":[1,"\u0000"]}}"#,
        #"{"id":1,"ref":"abc"}"#, #"{"id":1,"either":"abc"}"#, #"{"id":1,"either":[1]}"#,
        #"{"id":1,"one":"abc"}"#, #"{"id":1,"one":"zz"}"#, #"{"id":1,"one":5}"#,
        #"{"id":1,"list":[{"v":9,"w":1},{},{"v":"x"}]}"#, #"{"id":1,"mail":"a@@b"}"#, #"{"id":1,"mail":"ü@ex ample.com"}"#,
        #"{"list":[{"v":9}],"ref":"long","one":0,"either":true,"tag":"z","id":-1,"secret":"pw"}"#, #"{}"#, #"[]"#,
    ]

    /// The codes whose messages end with the value, when it is not sensitive.
    static let showsValue: Set<Violation.Code> = [.pattern, .const, .format, .minimum, .enum]

    /// The line a report writes for violation `index` from the records, and from the
    /// ``Violation`` built from the same record.
    static func lines(_ violations: ReportedViolations, _ index: Int, middles: inout ReportLineMiddles) -> (fromRecords: String, built: String) {
        var fromRecords: [UInt8] = []
        BatchFilter.appendReportLine(line: 7, fileName: nil, key: nil, violations: violations, index, middles: &middles, to: &fromRecords)
        var built: [UInt8] = []
        BatchFilter.appendReportLine(line: 7, fileName: nil, violation: violations.all[index], to: &built)
        return (String(decoding: fromRecords, as: UTF8.self), String(decoding: built, as: UTF8.self))
    }

    @Test("each report line written from the records is the line of the violation built from them")
    func linesFromRecords() throws {
        var fromSink = 0
        var crossedReference = false
        var branchReasons = false
        var escaped = false
        var showedValues = 0
        for shapeChecking in [true, false] {
            let filter = try RecordFilter(
                schema: try JSONValue(parsing: Self.contract), resources: .init(), options: .init(), limits: .default, planning: true,
                shapeChecking: shapeChecking)
            var workspace = RecordFilter.Workspace()
            var middles = ReportLineMiddles()
            for record in Self.records {
                let decision = Array(record.utf8).withUnsafeBytes { filter.decide($0, in: &workspace) }
                let violations = filter.reportedViolations(of: decision, in: workspace)
                let built = filter.violations(of: decision, in: workspace)
                #expect(violations.count == built.count, "\(record)")
                // The general path, in a workspace of its own, says the same.
                #expect(built == filter.process(Array(record.utf8)).violations, "\(record)")
                switch decision {
                case .parsed(.refusedByContract), .located(.refusedByContract): fromSink += 1
                default: continue
                }
                for index in 0..<violations.count {
                    #expect(violations.code(index) == built[index].code)
                    let parts = violations.keywordLocationParts(index)
                    #expect(Violation.joined(parts.path, parts.keyword) == built[index].keywordLocation)
                    let (fromRecords, viaViolation) = Self.lines(violations, index, middles: &middles)
                    #expect(fromRecords == viaViolation, "\(record)")
                    // And against the record itself: the line's instance location names a value
                    // of it, which a message that shows the value shows.
                    let line = try JSONValue(parsing: fromRecords)
                    guard case .string(let location)? = line["instanceLocation"], case .string(let message)? = line["message"],
                        let value = JSONPointer(parsing: location)?.resolve(in: try JSONValue(parsing: record))
                    else {
                        Issue.record("the instance location names no value of \(record): \(fromRecords)")
                        continue
                    }
                    if Self.showsValue.contains(built[index].code), case .string(let text) = value, text.count <= 40 {
                        var shown: [UInt8] = []
                        JSONValue.string(text).write(to: &shown)
                        #expect(message.hasSuffix(" (got \(String(decoding: shown, as: UTF8.self)))"), "\(record): \(message)")
                        showedValues += 1
                    }
                    if built[index].keywordLocation.contains("$ref") { crossedReference = true }
                    if built[index].message.contains("(0: ") { branchReasons = true }
                    if fromRecords.contains(#"\u0001"#) || fromRecords.contains(#"\\\""#) { escaped = true }
                }
            }
        }
        // Not vacuous: records refused into the sink, through each way in.
        #expect(fromSink > 60)
        #expect(crossedReference)
        #expect(branchReasons)
        #expect(escaped)
        #expect(showedValues > 10)
    }

    @Test("bytes that are not UTF-8 are kept as a string built from them holds them")
    func repairedAsStrings() {
        let sink = ViolationSink()
        let pieces: [(pointer: [UInt8], message: [UInt8])] = [
            ([0x2F, 0x61], Array("plain".utf8)), ([0x2F, 0xFF, 0x62], [0x6D, 0xC3]), ([0x2F, 0xE2, 0x82], Array("é".utf8) + [0x80]),
            ([], [0xF0, 0x9F, 0x98]), ([0x2F, 0x7A], Array("last".utf8)),
        ]
        for (pointer, message) in pieces {
            var text = sink.takeText()
            let pointerStart = text.count
            text.append(contentsOf: pointer)
            let messageStart = text.count
            text.append(contentsOf: message)
            sink.append(
                schema: 0, keyword: "type", code: .type, keywordLocation: "/type", text: &text, pointerStart: pointerStart,
                messageStart: messageStart)
        }
        for (index, (pointer, message)) in pieces.enumerated() {
            let expectedPointer = String(decoding: pointer, as: UTF8.self)
            let expectedMessage = String(decoding: message, as: UTF8.self)
            #expect(sink.instanceLocation(index) == expectedPointer)
            #expect(sink.message(index) == expectedMessage)
            #expect(Array(sink.text[sink.pointerRange(index)]) == Array(expectedPointer.utf8))
            #expect(Array(sink.text[sink.messageRange(index)]) == Array(expectedMessage.utf8))
        }
        // A message given as a string is kept as it is, with no bytes in the text.
        var text = sink.takeText()
        let pointerStart = text.count
        text.append(contentsOf: [0x2F, 0x67])
        sink.append(
            schema: 0, keyword: "required", code: .required, keywordLocation: "/required", message: "given", text: &text,
            pointerStart: pointerStart, messageStart: text.count)
        #expect(sink.message(pieces.count) == "given" && sink.messageRange(pieces.count).isEmpty)
        #expect(sink.instanceLocation(pieces.count) == "/g")
        #expect(sink.instanceLocation(pieces.count - 1) == "/z" && sink.message(pieces.count - 1) == "last")
        // Taking the last ones back leaves the first as they were, and the text ends there.
        sink.removeViolations(from: 2)
        #expect(sink.count == 2)
        #expect(sink.text.count == sink.messageRange(1).upperBound)
        #expect(sink.message(1) == String(decoding: [0x6D, 0xC3], as: UTF8.self))
        sink.removeAll()
        #expect(sink.count == 0 && sink.text.isEmpty)
    }
}
