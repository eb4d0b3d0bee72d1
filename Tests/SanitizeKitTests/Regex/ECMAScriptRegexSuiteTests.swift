import Foundation
import SanitizeKit
import Testing

/// Every case of the JSON-Schema-Test-Suite `draft2020-12/optional/ecmascript-regex.json`
/// (MIT licence, read from ``Corpus/jsonSchemaTestSuite``) against `PCRE2Pattern` in ECMAScript mode. The file's schemas use only
/// `type: string`, `pattern`, and `patternProperties` with `additionalProperties: false`; this
/// runner gives those three keywords their JSON Schema meaning and nothing else.
@Suite("JSON-Schema-Test-Suite ecmascript-regex", .corpus(.jsonSchemaTestSuite))
struct ECMAScriptRegexSuiteTests {
    struct SuiteCase: Sendable, CustomTestStringConvertible {
        let group: String
        let description: String
        let pattern: String
        let appliesToKeys: Bool
        let requiresString: Bool
        /// The instance: a string, the keys of an object, or nil for any other JSON value.
        let string: String?
        let keys: [String]?
        let valid: Bool
        var testDescription: String { "\(group): \(description)" }
    }

    static let cases: [SuiteCase] = {
        guard let data = try? Data(contentsOf: Corpus.jsonSchemaTestSuite.urlIfPresent("tests/draft2020-12/optional/ecmascript-regex.json")),
            let groups = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [] }
        var cases: [SuiteCase] = []
        for group in groups {
            let schema = group["schema"] as? [String: Any] ?? [:]
            let properties = schema["patternProperties"] as? [String: Any]
            guard let pattern = schema["pattern"] as? String ?? properties?.keys.first else { continue }
            for test in group["tests"] as? [[String: Any]] ?? [] {
                cases.append(
                    SuiteCase(
                        group: group["description"] as? String ?? "", description: test["description"] as? String ?? "",
                        pattern: pattern, appliesToKeys: properties != nil,
                        requiresString: schema["type"] as? String == "string",
                        string: test["data"] as? String, keys: (test["data"] as? [String: Any]).map { Array($0.keys) },
                        valid: test["valid"] as? Bool ?? false))
            }
        }
        return cases
    }()

    @Test func everyGroupOfTheFileIsRun() {
        // 20 groups, 74 tests in the file at the pinned commit.
        #expect(Set(Self.cases.map(\.group)).count == 20)
        #expect(Self.cases.count == 74)
    }

    @Test(arguments: cases)
    func ecmaScriptRegex(_ example: SuiteCase) throws {
        let pattern = try PCRE2Pattern(example.pattern, options: .init(ecmaScriptCompatible: true))
        let valid: Bool
        if example.appliesToKeys {
            // patternProperties + additionalProperties: false: every key must match.
            valid = try (example.keys ?? []).allSatisfy { try pattern.matches($0) }
        } else if let string = example.string {
            valid = try pattern.matches(string)
        } else {
            valid = !example.requiresString
        }
        #expect(valid == example.valid)
    }
}
