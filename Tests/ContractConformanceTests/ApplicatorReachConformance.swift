import Foundation
import Testing
import TestSupport

@testable import SanitizeKit

/// The applicator visitor (``ContractProgram/forEachApplied(by:_:)``) is what every static walk
/// over a compiled contract reads: the step plan, the shape check, and `--report-key`'s
/// sensitivity check, which must never accept a pointer under which a `writeOnly` value may
/// sit. Here the evaluator is the oracle: for every schema and every instance of the official
/// suite (each dialect folder), each schema the evaluator enters (going on past failures) at
/// an instance location must be among the schemas the static walk says may apply along that
/// location. Every schema is tried as the sensitive one this way, so a form the static walk
/// misses (as the discriminated `oneOf` once was) shows up as soon as one suite instance
/// reaches it.
struct ApplicatorReachConformance {
    @Test(arguments: TestSuiteRunner.allFiles)
    func reachCoversEvaluation(_ file: SuiteFile) throws {
        let data = try Data(contentsOf: TestSuiteRunner.root.appendingPathComponent("tests/\(file.path)"))
        guard case .array(let groups) = try JSONValue(parsing: String(decoding: data, as: UTF8.self)) else {
            Issue.record("\(file.path) is not an array")
            return
        }
        let options = Contract.Options(
            assertFormats: file.assertFormats, defaultDraft: file.draft, limits: JSONLimits(duplicateKeys: .allow))
        for group in groups {
            guard case .string(let description)? = group["description"], let schema = group["schema"],
                case .array(let tests)? = group["tests"],
                let contract = try? Contract(schema: schema, resources: TestSuiteRunner.remotes, options: options)
            else { continue }
            for test in tests {
                guard let instance = test["data"] else { continue }
                let document = try JSONDocument(parsing: instance.serialized(), limits: JSONLimits(duplicateKeys: .allow))
                let keys = document.memberNameNodes()
                var applying: [[String]: Set<Int>] = [:]
                for (node, schema) in contract.schemasEntered(for: document) where !keys.contains(node) {
                    let tokens = JSONPointer(to: node, in: document).tokens
                    let reach = applying[tokens] ?? contract.program.schemasApplying(along: tokens)
                    applying[tokens] = reach
                    if !reach.contains(schema) {
                        let place = contract.program.locations[schema].documentPointer
                        let location = JSONPointer(tokens: tokens).description
                        Issue.record("\(file.path) «\(description)»: schema \(place) applies at \(location); the static walk misses it")
                    }
                }
            }
        }
    }

    /// The oracle sees what it must: on `properties.json`, the evaluator enters subschemas
    /// below the root, and the static walk places each of them.
    @Test func theOracleSeesSubschemas() throws {
        let contract = try Contract(schema: #"{"properties":{"a":{"items":{"minimum":1}}}}"#)
        let document = try JSONDocument(parsing: #"{"a":[0,2]}"#)
        let entered = contract.schemasEntered(for: document)
        #expect(Set(entered.map { JSONPointer(to: $0.node, in: document).description }) == ["", "/a", "/a/0", "/a/1"])
        let deepest = try #require(entered.last)
        #expect(contract.program.schemasApplying(along: ["a", "1"]).contains(deepest.schema))
        #expect(!contract.program.schemasApplying(along: ["b", "1"]).contains(deepest.schema))
    }
}
