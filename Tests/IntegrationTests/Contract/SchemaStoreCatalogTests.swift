import Foundation
import SanitizeKit
import Testing

/// One schema of the SchemaStore subset (``Corpus/schemaStoreSubset``), as our manifest in
/// `Fixtures/schemastore/manifest.json` lists it.
struct CatalogSchema: CustomTestStringConvertible, Sendable {
    let name: String
    let schema: String
    let refs: [(uri: String, file: String)]
    let instances: [(file: String, expected: String)]
    var testDescription: String { name }
}

/// Real-world agreement: schemas of the SchemaStore catalog (draft-04, draft-07, 2019-09,
/// 2020-12) with the catalog's own examples (JSON, YAML, TOML), run through
/// `sanitize validate` as a user runs it: the schema file, the catalog schemas it references
/// registered with `--ref`, every example file named; `format` asserted, the command's
/// default. Every example must get the catalog's verdict (valid in `test/`, invalid in
/// `negative_test/`), except those in `EXCEPTIONS.json`, each with its reason, which must
/// still differ (so the list cannot go stale).
@Suite("SchemaStore catalog examples through sanitize validate", .integration, .corpus(.schemaStoreSubset))
struct SchemaStoreCatalogTests {
    /// The catalog's schemas and examples, read where they live (Apache-2.0, not committed).
    static let root = Corpus.schemaStoreSubset.urlIfPresent("")
    /// Our own data about them: `manifest.json` (written by Benchmarks/peers/schemastore/make-fixture.py)
    /// and `EXCEPTIONS.json` (each differing verdict with its reason).
    static let lists = Fixtures.url("schemastore")

    static let schemas: [CatalogSchema] = {
        guard let data = try? Data(contentsOf: lists.appendingPathComponent("manifest.json")),
            let manifest = try? JSONValue(parsing: String(decoding: data, as: UTF8.self)),
            case .array(let entries)? = manifest["schemas"]
        else { return [] }
        return entries.compactMap { entry in
            guard case .string(let name)? = entry["name"], case .string(let schema)? = entry["schema"],
                case .object(let refs)? = entry["refs"], case .array(let instances)? = entry["instances"]
            else { return nil }
            return CatalogSchema(
                name: name, schema: schema,
                refs: refs.compactMap { member in
                    guard case .string(let file) = member.value else { return nil }
                    return (member.key, file)
                },
                instances: instances.compactMap { instance in
                    guard case .string(let file)? = instance["file"], case .string(let expected)? = instance["expected"] else { return nil }
                    return (file, expected)
                })
        }
    }()

    static let exceptions: [String: String] = {
        guard let data = try? Data(contentsOf: lists.appendingPathComponent("EXCEPTIONS.json")),
            case .object(let members) = try? JSONValue(parsing: String(decoding: data, as: UTF8.self))
        else { return [:] }
        var result: [String: String] = [:]
        for member in members {
            if case .string(let reason) = member.value { result[member.key] = reason }
        }
        return result
    }()

    /// The subset covers what it claims: every dialect the catalog's examples use, the three
    /// instance formats, both verdicts, and exceptions that name real examples.
    @Test func subsetCoversDialectsFormatsAndVerdicts() throws {
        #expect(Self.schemas.count >= 45)
        var dialects: Set<String> = []
        for entry in Self.schemas {
            let data = try Data(contentsOf: Self.root.appendingPathComponent(entry.schema))
            if case .string(let uri)? = try JSONValue(parsing: String(decoding: data, as: UTF8.self))["$schema"] { dialects.insert(uri) }
        }
        for needle in ["draft-04", "draft-07", "2019-09", "2020-12"] {
            #expect(dialects.contains { $0.contains(needle) }, "no \(needle) schema")
        }
        let files = Self.schemas.flatMap(\.instances)
        for suffix in [".json", ".yaml", ".yml", ".toml"] {
            #expect(files.filter { $0.file.hasSuffix(suffix) }.count >= 5, "too few \(suffix) examples")
        }
        #expect(files.filter { $0.expected == "invalid" }.count >= 20)
        #expect(files.filter { $0.expected == "valid" }.count >= 200)
        let names = Set(files.map(\.file))
        for file in Self.exceptions.keys { #expect(names.contains(file), "EXCEPTIONS.json names \(file), which is not in the manifest") }
        #expect(Self.exceptions.values.allSatisfy { $0.count > 40 }, "every exception says why")
    }

    @Test(arguments: schemas)
    func examplesGetTheCatalogsVerdict(_ entry: CatalogSchema) throws {
        var arguments = ["validate", "--schema", entry.schema]
        for ref in entry.refs { arguments += ["--ref", "\(ref.uri)=\(ref.file)"] }
        arguments += entry.instances.map(\.file)
        let run = try SanitizeProcess.run(arguments, in: Self.root)
        try #require(run.status == 0 || run.status == 1, "\(entry.name) does not compile (exit \(run.status)): \(run.stderr.prefix(400))")
        var verdicts: [String: String] = [:]
        for line in run.lines {
            guard let tab = line.lastIndex(of: "\t") else { continue }
            verdicts[String(line[..<tab])] = String(line[line.index(after: tab)...])
        }
        for instance in entry.instances {
            let verdict = verdicts[instance.file]
            if let reason = Self.exceptions[instance.file] {
                #expect(verdict != nil && verdict != instance.expected, "\(instance.file) now gets the catalog's verdict: remove it from EXCEPTIONS.json (\(reason))")
            } else {
                #expect(verdict == instance.expected, "\(instance.file): catalog \(instance.expected), sanitize \(verdict ?? "no line")")
            }
        }
    }
}
