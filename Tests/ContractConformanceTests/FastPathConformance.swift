import Foundation
import TestSupport
import Testing

@testable import SanitizeKit

/// The fast paths derived from a compiled contract (the validation shortcut, the filter's step
/// plan and shape check) against the general path (the evaluator), over every group of the
/// official JSON-Schema-Test-Suite in every dialect folder, optional files and the files the
/// suite runner skips included: wherever a fast path answers, its answer must be the
/// evaluator's. (The suite's own verdicts are the runner's business: here the evaluator is the
/// oracle, whatever it says.)
@Suite(.corpus(.jsonSchemaTestSuite))
struct FastPathConformance {
    /// One group of the suite: its schema, read in its folder's dialect, and its instances.
    struct Group {
        let place: String
        let draft: Draft
        let schema: JSONValue
        let instances: [JSONValue]
    }

    /// Every group of every `.json` file under `tests/<dialect>/`.
    static let groups: [Group] = {
        var result: [Group] = []
        for (folder, draft) in TestSuiteRunner.dialects {
            let base = TestSuiteRunner.root.appendingPathComponent("tests/\(folder)")
            let walker = FileManager.default.enumerator(atPath: base.path)
            var paths: [String] = []
            while let relative = walker?.nextObject() as? String { if relative.hasSuffix(".json") { paths.append(relative) } }
            for relative in paths.sorted() {
                guard let data = try? Data(contentsOf: base.appendingPathComponent(relative)),
                    case .array(let groups)? = try? JSONValue(parsing: String(decoding: data, as: UTF8.self))
                else { continue }
                for group in groups {
                    guard case .string(let description)? = group["description"], let schema = group["schema"],
                        case .array(let tests)? = group["tests"]
                    else { continue }
                    result.append(
                        Group(place: "\(folder)/\(relative) «\(description)»", draft: draft, schema: schema, instances: tests.compactMap { $0["data"] }))
                }
            }
        }
        return result
    }()

    @Test func theWholeSuiteIsRead() {
        #expect(Self.groups.count > 1500)
        #expect(Set(Self.groups.map { "\($0.draft)" }).count == TestSuiteRunner.dialects.count)
    }

    /// `Contract.validate(bytes)` (the shortcut first) and the evaluator on the parsed instance
    /// give the same verdict and violations; an instance the shortcut passes is valid.
    @Test("the validation shortcut agrees with the evaluator", arguments: [true, false])
    func shortcutAgrees(assertFormats: Bool) throws {
        var contracts = 0
        var shortcuts = 0
        var passed = 0
        var located = 0
        var stepped = 0
        var alone = 0
        var faults: [UInt32] = []
        var skippable: [UInt32] = []
        var leaf = ShapeCheck.Leaf()
        var failures: [String] = []
        for group in Self.groups {
            let options = Contract.Options(assertFormats: assertFormats, defaultDraft: group.draft)
            guard let contract = try? Contract(schema: group.schema, resources: TestSuiteRunner.remotes, options: options) else { continue }
            contracts += 1
            guard let shortcut = contract.buffers.shortcut else { continue }
            shortcuts += 1
            for instance in group.instances {
                let bytes = instance.serialized()
                let general = contract.validate(try JSONDocument(parsing: bytes))
                let passes = bytes.withUnsafeBytes { shortcut.passes($0) }
                let quick = bytes.withUnsafeBytes { contract.validate($0) }
                var validator = contract.makeValidator()
                let line = bytes.withUnsafeBytes { validator.validateQuickly($0) }
                if passes { passed += 1 }
                if bytes.withUnsafeBytes({ shortcut.scanner.locate($0, faults: &faults, skippable: &skippable, leaf: &leaf) }) == .faults {
                    located += 1
                    if !skippable.isEmpty { stepped += 1 }
                    if leaf.schema >= 0 { alone += 1 }
                }
                if (passes && !general.isValid) || quick.isValid != general.isValid || quick.violations != general.violations
                    || line.isValid != general.isValid || line.violations != general.violations
                {
                    failures.append("\(group.place): \(instance.jsonText)")
                }
            }
        }
        print(
            "validation shortcut: \(contracts) suite contracts, \(shortcuts) with a shortcut, \(passed) instances passed in one read, \(located) evaluated only where located (\(stepped) of them parsed in part, \(alone) from their one value alone)")
        #expect(failures.isEmpty, "the shortcut disagrees with the evaluator: \(failures)")
        #expect(shortcuts > 300)
        #expect(passed > 500)
        #expect(located > 300)
        #expect(stepped > 0)
        #expect(alone > 100)
    }

    /// Two step lists that do not commute, so that a list applied in another order, twice, or
    /// at another place than the evaluator says changes the output.
    static let stepLists: [JSONValue] = [.array([.string("trim")]), .array([.object([.init("truncate", .object([.init("bytes", .number("2"))]))])])]

    /// `value` with `x-sanitize` added to every schema object it holds (the lists alternate).
    static func withSteps(_ value: JSONValue, draft: Draft, counter: inout Int) -> JSONValue {
        guard case .object(var members) = value else { return value }
        for index in members.indices {
            let key = members[index].key
            guard ContractCompiler.subschemaForm(key, draft: draft) != nil else { continue }
            switch members[index].value {
            case .object(var children) where ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions", "dependencies"].contains(key):
                for child in children.indices { children[child].value = withSteps(children[child].value, draft: draft, counter: &counter) }
                members[index].value = .object(children)
            case .array(let items):
                members[index].value = .array(items.map { withSteps($0, draft: draft, counter: &counter) })
            default:
                members[index].value = withSteps(members[index].value, draft: draft, counter: &counter)
            }
        }
        counter += 1
        members.append(.init("x-sanitize", stepLists[counter % stepLists.count]))
        return .object(members)
    }

    /// Every suite schema with steps on every subschema: the filter with its plan and shape
    /// check writes and reports exactly what the filter that asks the evaluator does, the
    /// instances whose one fault it reports from a compiled violation (``FaultVerdicts``) among them.
    @Test("the step plan and the shape check agree with the evaluator-driven filter")
    func filterAgrees() throws {
        var filters = 0
        var planned = 0
        var plannedWithSteps = 0
        var compiled = 0
        var failures: [String] = []
        for group in Self.groups {
            var counter = 0
            for schema in [group.schema, Self.withSteps(group.schema, draft: group.draft, counter: &counter)] {
                let options = Contract.Options(defaultDraft: group.draft)
                guard
                    let fast = try? RecordFilter(
                        schema: schema, resources: TestSuiteRunner.remotes, options: options, limits: .default, planning: true),
                    let general = try? RecordFilter(
                        schema: schema, resources: TestSuiteRunner.remotes, options: options, limits: .default, planning: false,
                        shapeChecking: false)
                else { continue }
                filters += 1
                if let contract = fast.contract, let plan = contract.stepPlan() {
                    planned += 1
                    if !plan.lists.isEmpty { plannedWithSteps += 1 }
                }
                for instance in group.instances {
                    let record = instance.serialized()
                    let a = fast.process(record)
                    let b = general.process(record)
                    var workspace = RecordFilter.Workspace()
                    if case .refusedAtScan = record.withUnsafeBytes({ fast.decide($0, in: &workspace) }) { compiled += 1 }
                    if a.sanitized != b.sanitized || a.violations != b.violations { failures.append("\(group.place): \(instance.jsonText)") }
                }
            }
        }
        print(
            "filter: \(filters) suite contracts, \(planned) planned, \(plannedWithSteps) of them with steps; \(compiled) invalid instances reported from a compiled violation")
        #expect(failures.isEmpty, "the fast filter disagrees with the general one: \(failures)")
        #expect(plannedWithSteps > 800)
        #expect(compiled > 1_000)
    }
}
