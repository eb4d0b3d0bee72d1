import Foundation
import SanitizeYAML
import Testing
import TestSupport

@testable import SanitizeKit

/// The applicator visitor's reach (``ContractProgram/schemasApplying(along:)``, what
/// `--report-key`'s sensitivity check reads) held to the evaluator on real schemas: for every
/// schema of the SchemaStore subset and every example the catalog ships for it (JSON and YAML),
/// each schema the evaluator enters at an instance location must be among the schemas the
/// static walk says may apply there. The suites' counterpart is `ApplicatorReachConformance`;
/// this one reaches forms the suites do not have, the discriminated `oneOf` among them.
@Suite("Applicator reach on the SchemaStore subset", .integration, .corpus(.schemaStoreSubset))
struct SchemaStoreApplicatorReachTests {
    @Test(arguments: SchemaStoreCatalogTests.schemas)
    func reachCoversEvaluation(_ entry: CatalogSchema) throws {
        let root = SchemaStoreCatalogTests.root
        var resources = ContractResources()
        for (uri, file) in entry.refs { try resources.register(file: root.appendingPathComponent(file), as: uri) }
        let contract = try Contract(contentsOf: root.appendingPathComponent(entry.schema), resources: resources)
        var checked = 0
        var read = 0
        // TOML examples are left to SchemaStoreCatalogTests; an example that is not JSON or YAML
        // the reader accepts (a negative example may not be) has no locations to check.
        for (file, _) in entry.instances where !file.hasSuffix(".toml") {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(file)))
            guard let value = file.hasSuffix(".json") ? try? JSONValue(JSONDocument(parsing: bytes)) : try? YAMLReader.read(bytes)
            else { continue }
            read += 1
            let document = try JSONDocument(parsing: value.serialized())
            let keys = document.memberNameNodes()
            var applying: [[String]: Set<Int>] = [:]
            for (node, schema) in contract.schemasEntered(for: document) where !keys.contains(node) {
                let tokens = JSONPointer(to: node, in: document).tokens
                let reach = applying[tokens] ?? contract.program.schemasApplying(along: tokens)
                applying[tokens] = reach
                checked += 1
                if !reach.contains(schema) {
                    let place = contract.program.locations[schema].documentPointer
                    Issue.record("\(entry.name) \(file): schema \(place) applies at \(JSONPointer(tokens: tokens)); the static walk misses it")
                }
            }
        }
        #expect(read == 0 || checked > 0, "\(entry.name): no schema entered on its examples")
    }

    /// The subset holds the form the sensitivity walk once skipped: at least one schema
    /// compiles a `oneOf` with a discriminator, and the test above covers it.
    @Test func theSubsetHasADiscriminatedOneOf() throws {
        let root = SchemaStoreCatalogTests.root
        var found: [String] = []
        for entry in SchemaStoreCatalogTests.schemas {
            var resources = ContractResources()
            for (uri, file) in entry.refs { try resources.register(file: root.appendingPathComponent(file), as: uri) }
            let contract = try Contract(contentsOf: root.appendingPathComponent(entry.schema), resources: resources)
            if !contract.program.discriminators.isEmpty { found.append(entry.name) }
        }
        #expect(!found.isEmpty, "no SchemaStore schema compiles a discriminated oneOf")
    }
}
