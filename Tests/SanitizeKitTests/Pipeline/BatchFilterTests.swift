import Foundation
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

@Suite("BatchFilter report lines")
struct BatchFilterTests {
    static let violations: [Violation] = [
        ("", "", Violation.Code.recordTooLarge), ("/a", "/properties/a/maxLength", .maxLength), ("/t/0", "/properties/t/items/", .type),
        ("/x~1y", "/$ref/properties/x~1y/pattern", .pattern), ("/q\"", "/", .format), ("/", "noSlash", .required),
        ("/é\u{1}", "//a//", .sanitizeStepFailed),
    ].map { instance, keyword, code in
        Violation(
            instanceLocation: instance, keywordLocation: keyword, absoluteKeywordLocation: "https://x#" + keyword, code: code,
            message: "a \"quoted\" message\twith \\ and \u{7F} and é")
    }

    /// The members describing a violation as a JSON value: the oracle the byte writer
    /// (``BatchFilter/appendMembers(of:to:)``) is held to.
    static func describe(_ violation: Violation) -> [JSONValue.Member] {
        let keyword = BatchFilter.keyword(of: violation) ?? ""
        return [
            .init("instanceLocation", .string(violation.instanceLocation)),
            .init("keywordLocation", .string(violation.keywordLocation)),
            .init("keyword", keyword.isEmpty ? .null : .string(keyword)),
            .init("code", .string(violation.code.rawValue)),
            .init("message", .string(violation.message)),
        ]
    }

    @Test("written straight as bytes, a line is what the JSON value of its members would write")
    func sameAsJSONValue() {
        for violation in Self.violations {
            for fileName in [nil, "in \"put\".ndjson"] as [String?] {
                var direct: [UInt8] = []
                BatchFilter.appendReportLine(line: 42, fileName: fileName, violation: violation, to: &direct)
                var entry: [JSONValue.Member] = [.init("line", .number("42"))]
                if let fileName { entry.append(.init("file", .string(fileName))) }
                entry += Self.describe(violation)
                var viaValue: [UInt8] = []
                JSONValue.object(entry).write(to: &viaValue)
                viaValue.append(0x0A)
                #expect(direct == viaValue, "\(violation)")
            }
        }
    }

    @Test("written straight as bytes, _violations is what the JSON value of the members would write")
    func annotateSameAsJSONValue() throws {
        let list = JSONValue.array(Self.violations.map { .object(Self.describe($0)) })
        for sanitized in [#"{"a":"b","c":[1,{}]}"#, "{}", #"[1,"x"]"#, #""text""#, "null", nil] as [String?] {
            var direct: [UInt8] = []
            BatchFilter.annotate(.init(sanitized: sanitized.map { Array($0.utf8) }, violations: Self.violations), into: &direct)
            var members: [JSONValue.Member] = []
            switch try sanitized.map({ try JSONValue(parsing: $0) }) {
            case .object(let existing)?: members = existing
            case let other?: members = [.init("_record", other)]
            case nil: break
            }
            members.append(.init("_violations", list))
            var viaValue: [UInt8] = []
            JSONValue.object(members).write(to: &viaValue)
            #expect(String(decoding: direct, as: UTF8.self) == String(decoding: viaValue, as: UTF8.self))
        }
    }

    @Test("report lines copied from the rendered kinds are the lines written piece by piece")
    func middlesCopiedAsRendered() {
        // Kinds that differ in one part only (the path, the keyword, the code), met again
        // after others, in more kinds than the cache keeps, through separately built strings.
        var kinds: [Violation] = Self.violations
        for index in 0..<(ReportLineMiddles.capacity + 4) {
            kinds.append(
                Violation(
                    instanceLocation: "/k\(index)", keywordPath: "/properties/k\(index % 5)", schemaLocation: "",
                    keyword: index % 2 == 0 ? "maxLength" : "minLength", code: index % 3 == 0 ? .maxLength : .type,
                    message: "m\(index)"))
        }
        let sequence = kinds + kinds.reversed() + kinds.map { kind in
            // The same parts in new strings: equal, not identical.
            var copy = kind
            copy.keywordLocation = String(decoding: Array(kind.keywordLocation.utf8), as: UTF8.self)
            return copy
        }
        var middles = ReportLineMiddles()
        for (line, violation) in sequence.enumerated() {
            var cached: [UInt8] = []
            BatchFilter.appendReportLine(
                line: line, fileName: nil, key: nil, violations: ReportedViolations(listed: [violation]), 0, middles: &middles,
                to: &cached)
            var direct: [UInt8] = []
            BatchFilter.appendReportLine(line: line, fileName: nil, violation: violation, to: &direct)
            var entry: [JSONValue.Member] = [.init("line", .number("\(line)"))]
            entry += Self.describe(violation)
            var viaValue: [UInt8] = []
            JSONValue.object(entry).write(to: &viaValue)
            viaValue.append(0x0A)
            #expect(String(decoding: cached, as: UTF8.self) == String(decoding: viaValue, as: UTF8.self), "\(violation)")
            #expect(cached == direct)
        }
    }

    @Test("a compiled violation's line end is copied only for the place it was kept for, the last per verdict, past compaction too")
    func keptLineEnds() {
        var middles = ReportLineMiddles()
        var out: [UInt8] = []
        /// The end a verdict's line would have at a place: made from all three.
        func end(_ verdict: Int, _ pointer: [UInt8], _ shown: [UInt8]) -> [UInt8] {
            Array(",v\(verdict):".utf8) + pointer + Array(":".utf8) + shown + Array("}\n".utf8)
        }
        let pointer = Array("/address/country".utf8)
        #expect(!middles.appendEnd(verdict: 0, pointer: pointer, shown: [], to: &out) && out.isEmpty)
        middles.keepEnd(end(0, pointer, []), verdict: 0, pointer: pointer, shown: [])
        #expect(middles.appendEnd(verdict: 0, pointer: pointer, shown: [], to: &out) && out == end(0, pointer, []))
        // Another place, another shown string, another verdict: not the kept end.
        out.removeAll()
        #expect(!middles.appendEnd(verdict: 0, pointer: Array("/address/city".utf8), shown: [], to: &out))
        #expect(!middles.appendEnd(verdict: 0, pointer: pointer, shown: Array("x".utf8), to: &out))
        #expect(!middles.appendEnd(verdict: 1, pointer: pointer, shown: [], to: &out) && out.isEmpty)
        // Every verdict's end replaced again and again with long shown strings, far past the
        // bytes kept before the replaced ends are dropped: each verdict still gives its last end.
        var last: [Int: ([UInt8], [UInt8])] = [:]
        for round in 0..<600 {
            let verdict = round % (ReportLineMiddles.capacity + 3)
            let shown = Array(String(repeating: "s\(round)", count: 40).utf8)
            middles.keepEnd(end(verdict, pointer, shown), verdict: verdict, pointer: pointer, shown: shown)
            last[verdict] = (pointer, shown)
            for (kept, place) in last {
                out.removeAll()
                let copied = middles.appendEnd(verdict: kept, pointer: place.0, shown: place.1, to: &out)
                // A copy is always the right end; the first verdicts met, as many as there is room
                // for, are kept (the others are rendered each time).
                if copied { #expect(out == end(kept, place.0, place.1), "verdict \(kept), round \(round)") }
                #expect(copied == (kept < ReportLineMiddles.capacity), "verdict \(kept), round \(round)")
            }
        }
    }

    @Test("the keyword is the last non-empty segment of the keyword location", arguments: [
        ("/properties/a/maxLength", "maxLength"), ("/properties/t/items/", "items"), ("/", nil), ("", nil), ("//a//", "a"),
        ("noSlash", "noSlash"), ("/$ref/x~1y", "x~1y"),
    ])
    func keyword(location: String, expected: String?) {
        let violation = Violation(instanceLocation: "", keywordLocation: location, absoluteKeywordLocation: "", code: .type, message: "")
        #expect(BatchFilter.keyword(of: violation) == expected)
    }
}
