import Foundation
import Testing

@testable import SanitizeKit

/// A failed `anyOf`/`oneOf` says why each branch failed. The reasons come from where each
/// branch's probe failed (the innermost schema that failed, evaluated again alone, not the
/// whole branch); they must read exactly as the first violation of that branch evaluated whole,
/// as a contract of its own, stopping at its first error.
@Suite("Branch reasons")
struct BranchReasonsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var definitions = "{}"
        var branches: [String]
        var instance: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a failure after a long valid member",
            branches: (0..<4).map { #"{"type":"object","properties":{"items":{"type":"array","items":{"type":"integer"}},"kind":{"const":"k\#($0)"}}}"# },
            instance: #"{"items":[1,2,3,4,5,6,7,8,9],"kind":"zz"}"#),
        Case(
            name: "a sensitive value",
            branches: [#"{"properties":{"secret":{"x-sensitive":true,"type":"string","minLength":40}}}"#, #"{"required":["other"]}"#],
            instance: #"{"secret":"TOPSECRET"}"#),
        Case(
            name: "under a sensitive schema",
            branches: [#"{"x-sensitive":true,"properties":{"pin":{"type":"string","pattern":"^[0-9]+$"}}}"#, #"{"type":"array"}"#],
            instance: #"{"pin":"12ab"}"#),
        Case(
            name: "through references",
            definitions: ##"{"item":{"type":"object","properties":{"n":{"$ref":"#/$defs/positive"}}},"positive":{"type":"integer","minimum":1}}"##,
            branches: [##"{"type":"array","items":{"$ref":"#/$defs/item"}}"##, ##"{"type":"array","maxItems":1}"##],
            instance: #"[{"n":3},{"n":0}]"#),
        Case(
            name: "unevaluatedProperties, which reads annotations",
            branches: [
                #"{"properties":{"a":{"type":"integer"}},"unevaluatedProperties":false}"#,
                #"{"allOf":[{"properties":{"a":true}}],"unevaluatedProperties":{"type":"string"}}"#,
            ],
            instance: #"{"a":1,"b":2}"#),
        Case(
            name: "a nested anyOf",
            branches: [#"{"properties":{"x":{"anyOf":[{"type":"string"},{"minimum":10}]}}}"#, #"{"type":"array"}"#],
            instance: #"{"x":3}"#),
        Case(
            name: "a false schema, a type and a not",
            branches: ["false", #"{"type":"string"}"#, #"{"not":{"type":"integer"}}"#],
            instance: "5"),
        Case(
            name: "an if/then failure",
            branches: [
                #"{"if":{"properties":{"a":{"const":1}}},"then":{"required":["b"]},"else":{"required":["c"]}}"#,
                #"{"properties":{"a":{"type":"string"}}}"#,
            ],
            instance: #"{"a":1}"#),
        Case(
            name: "deep nesting",
            branches: [#"{"items":{"items":{"items":{"properties":{"z":{"enum":[1,2]}}}}}}"#, #"{"items":{"items":{"maxItems":0}}}"#],
            instance: #"[[[{"z":3}]]]"#),
        Case(
            name: "a reference cycle that never reaches a value",
            definitions: ##"{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}}"##,
            branches: [##"{"properties":{"x":{"$ref":"#/$defs/a"}}}"##, ##"{"type":"string"}"##],
            instance: #"{"x":1}"#),
    ]

    @Test(arguments: cases, ["anyOf", "oneOf"])
    func reasonsReadAsEachBranchAlone(_ example: Case, keyword: String) throws {
        let wrapped = #"{"$defs":\#(example.definitions),"\#(keyword)":[\#(example.branches.joined(separator: ","))]}"#
        let result = try Contract(schema: wrapped).validate(example.instance)
        #expect(result.violations.count == 1, "\(result.violations)")
        let message = try #require(result.violations.first?.message)
        var reasons: [String] = []
        for (position, branch) in example.branches.enumerated() {
            let alone = try Contract(
                schema: #"{"$defs":\#(example.definitions),"allOf":[\#(branch)]}"#, options: .init(stopAtFirstError: true))
            let first = try #require(alone.validate(example.instance).violations.first, "branch \(position) passes")
            // A nested anyOf/oneOf that is being explained gives no reasons of its own.
            var text = first.message
            if [.anyOf, .oneOf].contains(first.code), let open = text.range(of: " (") { text = String(text[..<open.lowerBound]) }
            reasons.append("\(position): " + (first.instanceLocation.isEmpty ? "" : first.instanceLocation + ": ") + text + " [\(first.code.rawValue)]")
        }
        let allowed = keyword == "anyOf" ? "allowed " : ""
        #expect(message == "value matches none of the \(example.branches.count) \(allowed)schemas (\(reasons.joined(separator: "; ")))")
        #expect(!message.contains("TOPSECRET") && !message.contains("12ab"))
    }

    /// Past 16 branches the message counts the rest, and nothing is recorded for them.
    @Test(arguments: ["anyOf", "oneOf"])
    func manyBranchesNameSixteen(keyword: String) throws {
        let branches = (0..<40).map { #"{"properties":{"items":{"items":{"minimum":0}},"k":{"const":\#($0)}}}"# }
        let contract = try Contract(schema: #"{"\#(keyword)":[\#(branches.joined(separator: ","))]}"#)
        let message = try #require(contract.validate(#"{"items":[1,2,3],"k":"x"}"#).violations.first?.message)
        let reasons = (0..<16).map { #"\#($0): /k: value is not the required constant (got "x") [const]"# }
        let allowed = keyword == "anyOf" ? "allowed " : ""
        #expect(message == "value matches none of the 40 \(allowed)schemas (\(reasons.joined(separator: "; ")); and 24 more)")
    }
}
