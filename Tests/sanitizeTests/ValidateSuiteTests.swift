import Foundation
import SanitizeKit
import Testing

/// One required file of the JSON-Schema-Test-Suite, for the command-line run.
struct SuiteCase: CustomTestStringConvertible, Sendable {
    /// Path below `tests/`, e.g. `draft4/ref.json`.
    let path: String
    /// The dialect's meta-schema URI, written into each root schema as `$schema`.
    let metaschema: String
    var testDescription: String { path }
}

/// Every required test of the official JSON-Schema-Test-Suite, in all five dialects, through
/// `sanitize validate` as a user runs it: the schema in a file, every remote registered with
/// `--ref URI=FILE`, the instances as NDJSON on standard input, one verdict line each.
///
/// The suite's schemas carry no `$schema` (their folder names the dialect), and the command
/// has no option for a default dialect, so each root object schema gets its folder's `$schema`
/// as its first member, the way harnesses such as Bowtie run the suite.
@Suite(.corpus(.jsonSchemaTestSuite))
struct ValidateSuiteTests {
    static let root = Corpus.jsonSchemaTestSuite.urlIfPresent("")

    static let dialects: [(folder: String, metaschema: String)] = [
        ("draft4", "http://json-schema.org/draft-04/schema#"), ("draft6", "http://json-schema.org/draft-06/schema#"),
        ("draft7", "http://json-schema.org/draft-07/schema#"), ("draft2019-09", "https://json-schema.org/draft/2019-09/schema"),
        ("draft2020-12", "https://json-schema.org/draft/2020-12/schema"),
    ]

    /// The required files (those outside `optional/`) of every dialect.
    static let cases: [SuiteCase] = dialects.flatMap { dialect in
        let folder = root.appendingPathComponent("tests/\(dialect.folder)").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { SuiteCase(path: "\(dialect.folder)/\($0)", metaschema: dialect.metaschema) }
    }

    /// `--ref` for every file under `remotes/`, at `http://localhost:1234/` + its path.
    static let referenceArguments: [String] = {
        let remotes = root.appendingPathComponent("remotes").path
        var arguments: [String] = []
        let walker = FileManager.default.enumerator(atPath: remotes)
        var files: [String] = []
        while let relative = walker?.nextObject() as? String {
            if relative.hasSuffix(".json") { files.append(relative) }
        }
        for relative in files.sorted() { arguments += ["--ref", "http://localhost:1234/\(relative)=\(remotes)/\(relative)"] }
        return arguments
    }()

    @Test func everyDialectHasRequiredFiles() {
        for dialect in Self.dialects {
            #expect(Self.cases.filter { $0.path.hasPrefix(dialect.folder + "/") }.count > 20, "\(dialect.folder)")
        }
        #expect(Self.referenceArguments.count / 2 > 50)
    }

    /// An unknown `$schema` is a configuration error: exit 2, one line on standard error.
    @Test func unknownDialectExitsTwo() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("draft3-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data(#"{"$schema":"http://json-schema.org/draft-03/schema#","type":"string"}"#.utf8).write(to: scratch)
        let run = try SanitizeProcess.run(["validate", "--schema", scratch.path], stdin: Array("\"x\"\n".utf8))
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("contract-unknown-dialect"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: cases)
    func requiredFile(_ file: SuiteCase) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("tests/\(file.path)"))
        guard case .array(let groups) = try JSONValue(parsing: String(decoding: data, as: UTF8.self)) else {
            Issue.record("\(file.path) is not an array")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var failures: [String] = []
        var total = 0
        for group in groups {
            guard case .string(let description)? = group["description"], var schema = group["schema"],
                case .array(let tests)? = group["tests"]
            else { continue }
            if case .object(var members) = schema, schema["$schema"] == nil {
                members.insert(JSONValue.Member("$schema", .string(file.metaschema)), at: 0)
                schema = .object(members)
            }
            try Data(schema.serialized()).write(to: scratch)
            var input: [UInt8] = []
            var expected: [String] = []
            for test in tests {
                guard let instance = test["data"], case .bool(let valid)? = test["valid"] else { continue }
                input += instance.serialized() + [0x0A]
                expected.append(valid ? "valid" : "invalid")
            }
            total += expected.count
            // The required tests take `format` as the annotation the specifications make it;
            // `validate` asserts formats unless told otherwise.
            let run = try SanitizeProcess.run(
                ["validate", "--schema", scratch.path, "--no-assert-formats"] + Self.referenceArguments, stdin: input)
            let wantedStatus: Int32 = expected.contains("invalid") ? 1 : 0
            if run.lines != expected || run.status != wantedStatus {
                failures.append("«\(description)»: expected \(expected) (exit \(wantedStatus)), got \(run.lines) (exit \(run.status)) \(run.stderr.prefix(300))")
            }
        }
        for failure in failures { print("  CLI FAIL \(file.path) \(failure)") }
        #expect(failures.isEmpty, "\(file.path): \(failures.count) groups failed")
        #expect(total > 0, "\(file.path) ran no test")
    }
}
