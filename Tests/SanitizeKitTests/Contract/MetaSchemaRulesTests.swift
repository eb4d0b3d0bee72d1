import Foundation
import Testing

@testable import SanitizeKit

/// The compiled-in metaschemas equal `Rules/contracts/metaschemas/` byte for byte, and each compiles.
struct MetaSchemaRulesTests {
    @Test func compiledInCopyMatchesRules() throws {
        let directory = Fixtures.repositoryRoot.appendingPathComponent("Rules/contracts/metaschemas")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == MetaSchemas.defaultFiles.map(\.0))
        for (name, text) in MetaSchemas.defaultFiles {
            let onDisk = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            #expect(onDisk == text + "\n", "\(name) differs from the compiled-in copy: run scripts/generate-metaschemas")
        }
    }

    @Test(arguments: [
        "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema",
        "http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-06/schema#", "http://json-schema.org/draft-04/schema#",
    ])
    func metaschemaValidatesSchemas(_ uri: String) throws {
        let contract = try Contract(schema: .object([JSONValue.Member("$ref", .string(uri))]))
        #expect(contract.validate(#"{"type":"string","minLength":1}"#).isValid)
        #expect(!contract.validate(#"{"type":"strin"}"#).isValid)
        #expect(!contract.validate(#"{"minLength":-1}"#).isValid)
    }
}
