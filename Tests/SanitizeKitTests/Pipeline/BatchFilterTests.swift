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

    @Test("written straight as bytes, a line is what the JSON value of its members would write")
    func sameAsJSONValue() {
        for violation in Self.violations {
            for fileName in [nil, "in \"put\".ndjson"] as [String?] {
                var direct: [UInt8] = []
                BatchFilter.appendReportLine(line: 42, fileName: fileName, violation: violation, to: &direct)
                var entry: [JSONValue.Member] = [.init("line", .number("42"))]
                if let fileName { entry.append(.init("file", .string(fileName))) }
                entry += BatchFilter.describe(violation)
                var viaValue: [UInt8] = []
                JSONValue.object(entry).write(to: &viaValue)
                viaValue.append(0x0A)
                #expect(direct == viaValue, "\(violation)")
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
