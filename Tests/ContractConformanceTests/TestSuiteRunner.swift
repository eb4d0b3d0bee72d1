import Foundation
import SanitizeKit
import TestSupport
import Testing

/// One file of the official JSON-Schema-Test-Suite and how to run it.
struct SuiteFile: CustomTestStringConvertible, Sendable {
    /// Path below `tests/`, e.g. `draft2020-12/optional/format/date.json`.
    let path: String
    let draft: Draft
    /// Optional format files run with format assertion on, as upstream asks.
    let assertFormats: Bool
    var testDescription: String { path }
}

/// Runs the official JSON-Schema-Test-Suite (draft-04, draft-06, draft-07, 2019-09 and
/// 2020-12) against `Contract`.
///
/// Every required file must pass 100%; the optional files we claim (the formats we implement,
/// bignum, float-overflow, ecmascript-regex, non-bmp-regex, …) must pass 100% too. What is not
/// run is listed in ``ConformanceSkips`` with its reason; nothing is skipped silently. The suite
/// is read where it lives (``Corpus/jsonSchemaTestSuite``); without it the suite is reported
/// skipped with the command that gets it (failed under `CI=true`).
@Suite(.corpus(.jsonSchemaTestSuite))
struct TestSuiteRunner {
    static let root = Corpus.jsonSchemaTestSuite.urlIfPresent("")

    /// Every remote schema, served from memory at `http://localhost:1234/` as upstream expects.
    static let remotes: ContractResources = {
        var resources = ContractResources()
        try? resources.register(directory: root.appendingPathComponent("remotes"), as: "http://localhost:1234/")
        return resources
    }()

    static func files(_ directory: String, draft: Draft) -> [SuiteFile] {
        let base = root.appendingPathComponent("tests/\(directory)").path
        let walker = FileManager.default.enumerator(atPath: base)
        var result: [SuiteFile] = []
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let path = "\(directory)/\(relative)"
            guard ConformanceSkips.files[path] == nil else { continue }
            result.append(SuiteFile(path: path, draft: draft, assertFormats: relative.hasPrefix("optional/format/")))
        }
        return result.sorted { $0.path < $1.path }
    }

    /// Every dialect's folder, read in that dialect (its tests have no `$schema`).
    static let dialects: [(String, Draft)] = [
        ("draft4", .draft4), ("draft6", .draft6), ("draft7", .draft7), ("draft2019-09", .draft2019_09),
        ("draft2020-12", .draft2020_12),
    ]

    static let allFiles = dialects.flatMap { files($0.0, draft: $0.1) }

    @Test func remotesAreRegistered() {
        #expect(TestSuiteRunner.remotes.count > 50)
    }

    @Test func everySkipNamesARealFile() {
        let named = Array(ConformanceSkips.files.keys) + ConformanceSkips.groups.keys.map { String($0.prefix { $0 != "#" }) }
            + ConformanceSkips.tests.keys.map { String($0.prefix { $0 != "#" }) }
        for path in named {
            #expect(FileManager.default.fileExists(atPath: TestSuiteRunner.root.appendingPathComponent("tests/\(path)").path), "\(path)")
        }
        #expect(TestSuiteRunner.allFiles.count > 100)
    }

    @Test func everyOppositeVerdictNamesARealTest() throws {
        for key in ConformanceSkips.opposite.keys {
            let parts = key.components(separatedBy: "#")
            try #require(parts.count == 3, "\(key)")
            let data = try Data(contentsOf: TestSuiteRunner.root.appendingPathComponent("tests/\(parts[0])"))
            guard case .array(let groups) = try JSONValue(parsing: String(decoding: data, as: UTF8.self)) else {
                Issue.record("\(parts[0]) is not an array")
                continue
            }
            let found = groups.contains { group in
                guard case .string(parts[1])? = group["description"], case .array(let tests)? = group["tests"] else { return false }
                return tests.contains { test in
                    if case .string(parts[2])? = test["description"] { return true }
                    return false
                }
            }
            #expect(found, "\(key)")
        }
    }

    @Test(arguments: allFiles)
    func suiteFile(_ file: SuiteFile) throws {
        let data = try Data(contentsOf: TestSuiteRunner.root.appendingPathComponent("tests/\(file.path)"))
        let groups = try JSONValue(parsing: String(decoding: data, as: UTF8.self))
        guard case .array(let cases) = groups else {
            Issue.record("\(file.path) is not an array")
            return
        }
        var passed = 0
        var total = 0
        var skipped = 0
        var failures: [String] = []
        let options = Contract.Options(
            assertFormats: file.assertFormats, defaultDraft: file.draft, limits: JSONLimits(duplicateKeys: .allow))
        for group in cases {
            guard case .string(let groupDescription)? = group["description"], let schema = group["schema"],
                case .array(let tests)? = group["tests"]
            else { continue }
            if let reason = ConformanceSkips.groups["\(file.path)#\(groupDescription)"] {
                skipped += tests.count
                print("skip \(file.path) «\(groupDescription)»: \(reason)")
                continue
            }
            let contract: Contract
            do {
                contract = try Contract(schema: schema, resources: TestSuiteRunner.remotes, options: options)
            } catch {
                total += tests.count
                failures.append("«\(groupDescription)»: schema did not compile: \(error)")
                continue
            }
            for test in tests {
                guard case .string(let description)? = test["description"], let instance = test["data"],
                    case .bool(let suiteExpected)? = test["valid"]
                else { continue }
                if let reason = ConformanceSkips.tests["\(file.path)#\(groupDescription)#\(description)"] {
                    skipped += 1
                    print("skip \(file.path) «\(groupDescription)» / «\(description)»: \(reason)")
                    continue
                }
                let difference = ConformanceSkips.opposite["\(file.path)#\(groupDescription)#\(description)"]
                let expected = difference == nil ? suiteExpected : !suiteExpected
                if let difference { print("opposite \(file.path) «\(description)»: \(difference)") }
                total += 1
                let document = try JSONDocument(parsing: instance.serialized(), limits: JSONLimits(duplicateKeys: .allow))
                let result = contract.validate(document)
                let quick = contract.isValid(document)
                // The reusable validator's two paths, as `sanitize validate` (and `--quiet`) runs them.
                var validator = contract.makeValidator()
                let text = instance.serialized()
                let streamed = text.withUnsafeBytes { validator.validate($0).isValid }
                let verdictOnly = text.withUnsafeBytes { validator.isValid($0) }
                if result.isValid == expected && quick == expected && streamed == expected && verdictOnly == expected
                    && result.violations.isEmpty == expected
                {
                    passed += 1
                } else {
                    failures.append(
                        "«\(groupDescription)» / «\(description)»: expected \(expected ? "valid" : "invalid"), got \(result.isValid) (quick \(quick), streamed \(streamed), verdict only \(verdictOnly)) \(result.violations.prefix(2))"
                    )
                }
            }
        }
        print("conformance \(file.path): \(passed)/\(total) passed\(skipped > 0 ? ", \(skipped) skipped (see ConformanceSkips)" : "")")
        for failure in failures { print("  FAIL \(file.path) \(failure)") }
        #expect(failures.isEmpty, "\(file.path): \(failures.count) of \(total) failed")
        #expect(total + skipped > 0, "\(file.path) ran no test")
    }
}
