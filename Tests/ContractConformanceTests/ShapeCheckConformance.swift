import Foundation
import Testing

@testable import SanitizeKit

/// The filter's shape check (`ShapeCheck`) against the official JSON-Schema-Test-Suite: for
/// every schema it can read, every test instance it passes must be one the suite calls valid.
/// (Its "not sure" is always allowed: the general path, which the suite runner checks, decides.)
struct ShapeCheckConformance {
    @Test func passesOnlyWhatTheSuiteCallsValid() throws {
        var checkedGroups = 0
        var passedValid = 0
        var failures: [String] = []
        for file in TestSuiteRunner.allFiles {
            let data = try Data(contentsOf: TestSuiteRunner.root.appendingPathComponent("tests/\(file.path)"))
            guard case .array(let groups) = try JSONValue(parsing: String(decoding: data, as: UTF8.self)) else { continue }
            for group in groups {
                guard case .string(let groupDescription)? = group["description"], let schema = group["schema"],
                    case .array(let tests)? = group["tests"], ConformanceSkips.groups["\(file.path)#\(groupDescription)"] == nil,
                    (try? Contract(schema: schema, resources: TestSuiteRunner.remotes,
                                   options: .init(assertFormats: file.assertFormats, defaultDraft: file.draft))) != nil,
                    let built = ShapeCheck.build(
                        schema: schema, stepLists: [:], assertFormats: file.assertFormats, limits: .default, defaultDraft: file.draft)
                else { continue }
                checkedGroups += 1
                for test in tests {
                    guard case .string(let description)? = test["description"], let instance = test["data"],
                        case .bool(let expected)? = test["valid"]
                    else { continue }
                    let passes = instance.serialized().withUnsafeBytes { built.check.passes($0) }
                    if passes && !expected { failures.append("\(file.path) «\(groupDescription)» / «\(description)»") }
                    if passes && expected { passedValid += 1 }
                }
                withExtendedLifetime(built.storage) {}
            }
        }
        print("shape check: \(checkedGroups) suite groups readable, \(passedValid) valid instances passed in one read")
        #expect(failures.isEmpty, "passed instances the suite calls invalid: \(failures)")
        #expect(checkedGroups > 100)
        #expect(passedValid > 300)
    }
}
