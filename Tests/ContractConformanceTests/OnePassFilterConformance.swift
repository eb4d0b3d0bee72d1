import Foundation
import TestSupport
import Testing

@testable import SanitizeKit

/// The filter decides a record of a contract without a step plan in one evaluation: the one
/// that finds where the `x-sanitize` steps apply also gives the verdict, which stands when no
/// step changed a value. Held here against the two-pass order it replaces, written out in the
/// test (find the steps, apply them, then validate the sanitized record), over every suite
/// schema with steps on every subschema (``FastPathConformance/withSteps(_:draft:counter:)``:
/// `trim`, which rarely changes a suite value, and `truncate` to 2 bytes, which often does).
@Suite(.corpus(.jsonSchemaTestSuite))
struct OnePassFilterConformance {
    /// What the filter wrote before the one-pass decision: steps found by a quiet evaluation,
    /// applied, then a second evaluation of the sanitized record.
    static func twoPass(_ contract: Contract, _ record: [UInt8]) -> RecordFilter.Outcome? {
        guard var document = try? JSONDocument(parsing: record) else { return nil }
        var violations: [Violation] = []
        var applied = Set<[Int]>()
        for (node, list) in contract.sanitizeSteps(for: document) where applied.insert([node, list]).inserted {
            guard document.kind(node) == .string, let original = document.string(node) else { continue }
            var text = original
            do throws(SanitizeError) {
                for step in contract.stepList(list) { text = try step.apply(to: text) }
            } catch {
                violations.append(
                    Violation(
                        instanceLocation: document.pointer(to: node), keywordLocation: "", absoluteKeywordLocation: "",
                        code: .sanitizeStepFailed, message: "x-sanitize step failed: \(error.reason)"))
                continue
            }
            if Array(text.utf8) != Array(original.utf8) { document.setString(text, at: node) }
        }
        if violations.isEmpty { violations = contract.validate(document).violations }
        var sanitized: [UInt8] = []
        document.write(to: &sanitized)
        return RecordFilter.Outcome(sanitized: sanitized, violations: violations)
    }

    @Test("one evaluation decides as the two-pass order did, changed values or not")
    func agreesWithTwoPasses() throws {
        var compared = 0
        var changed = 0
        var invalid = 0
        var failures: [String] = []
        for group in FastPathConformance.groups {
            var counter = 0
            let schema = FastPathConformance.withSteps(group.schema, draft: group.draft, counter: &counter)
            let options = Contract.Options(defaultDraft: group.draft)
            guard
                let filter = try? RecordFilter(
                    schema: schema, resources: TestSuiteRunner.remotes, options: options, limits: .default, planning: false,
                    shapeChecking: false),
                let contract = filter.contract
            else { continue }
            for instance in group.instances {
                let record = instance.serialized()
                guard let expected = Self.twoPass(contract, record) else { continue }
                let actual = filter.process(record)
                compared += 1
                if expected.sanitized != record { changed += 1 }
                if !expected.violations.isEmpty { invalid += 1 }
                if actual.sanitized != expected.sanitized || actual.violations != expected.violations {
                    failures.append("\(group.place): \(instance.jsonText)")
                }
            }
        }
        print("one pass: \(compared) records, \(changed) changed by a step, \(invalid) invalid")
        #expect(failures.isEmpty, "the one-pass filter disagrees with the two-pass order: \(failures.prefix(20))")
        // Both branches of the decision are exercised: values changed (second evaluation) and not.
        #expect(changed > 500)
        #expect(compared - changed > 500)
        #expect(invalid > 500)
    }
}
