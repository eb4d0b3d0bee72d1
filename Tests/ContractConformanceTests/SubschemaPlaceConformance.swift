import Foundation
import TestSupport
import Testing

@testable import SanitizeKit

/// The compiler registers only documents, resources and anchors, and places every other
/// subschema when a parent or a pointer reaches it. Here, for every subschema of every schema
/// of the official suite (each dialect folder) and of its remotes, the place a pointer from the
/// document's root finds (``ContractCompiler/schema(at:below:document:)``, which steps as
/// compiling does) must be the place an independent walk gives it: the walk the compiler made
/// up front before (each identifier opens a resource, `$schema` sets the dialect below it,
/// draft-04 to draft-07 ignore an identifier beside `$ref`).
@Suite(.corpus(.jsonSchemaTestSuite))
struct SubschemaPlaceConformance {
    /// A subschema's place by the independent walk.
    struct Place: Equatable, CustomStringConvertible {
        let resourceURI: String
        let pointer: String
        let documentPointer: String
        let draft: Draft
        var description: String { "\(resourceURI)#\(pointer) (document \(documentPointer), \(draft))" }
    }

    /// The subschemas of a schema object in `draft`, with their pointer suffixes: the
    /// subschema keywords of JSON Schema (draft-04 to 2020-12), written out apart from the
    /// compiler's own tables.
    static func children(_ members: [JSONValue.Member], _ draft: Draft) -> [(suffix: String, value: JSONValue)] {
        var result: [(suffix: String, value: JSONValue)] = []
        let single: Set = ["additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "contentSchema"]
        let singleOrArray: Set = ["unevaluatedItems", "unevaluatedProperties", "prefixItems", "items"]
        let maps: Set = ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions", "dependencies"]
        for member in members {
            let key = member.key
            if single.contains(key) || (key == "additionalItems" && draft.generation <= 2019) {
                result.append(("/" + key, member.value))
            } else if singleOrArray.contains(key) || ["allOf", "anyOf", "oneOf"].contains(key) {
                if case .array(let items) = member.value {
                    for (index, item) in items.enumerated() { result.append(("/\(key)/\(index)", item)) }
                } else if singleOrArray.contains(key) {
                    result.append(("/" + key, member.value))
                }
            } else if maps.contains(key), case .object(let entries) = member.value {
                for entry in entries {
                    switch entry.value {
                    case .object, .bool: result.append(("/\(key)/\(JSONPointer.escape(entry.key))", entry.value))
                    default: break
                    }
                }
            }
        }
        return result
    }

    /// Every subschema's place by document pointer (the first one met wins, as registration
    /// did). `nil` when a `$schema` names no built-in dialect (a custom meta-schema: its
    /// reading is the meta-schema tests' business).
    static func walk(
        _ value: JSONValue, base: URIReference, resource: (uri: String, pointer: String), documentPointer: String, draft: Draft,
        into places: inout [String: Place]
    ) -> Bool {
        var base = base
        var resource = resource
        var draft = draft
        if case .object(let members) = value {
            if case .string(let name)? = value["$schema"] {
                guard let known = Draft.named(name) else { return false }
                draft = known
            }
            let idKeyword = draft == .draft4 ? "id" : "$id"
            let ignored = draft.generation <= 7 && value["$ref"] != nil
            if case .string(let id)? = value[idKeyword], !ignored, !(draft.generation <= 7 && id.hasPrefix("#")) {
                base = base.resolve(URIReference(id)).withoutFragment
                resource = (base.text, "")
            }
            if places[documentPointer] == nil {
                places[documentPointer] = Place(resourceURI: resource.uri, pointer: resource.pointer, documentPointer: documentPointer, draft: draft)
            }
            for (suffix, child) in children(members, draft) {
                let known = walk(
                    child, base: base, resource: (resource.uri, resource.pointer + suffix), documentPointer: documentPointer + suffix,
                    draft: draft, into: &places)
                if !known { return false }
            }
        } else if places[documentPointer] == nil {
            places[documentPointer] = Place(resourceURI: resource.uri, pointer: resource.pointer, documentPointer: documentPointer, draft: draft)
        }
        return true
    }

    /// The suite's schemas (each in its folder's dialect) and its remote documents.
    static var documents: [(name: String, schema: JSONValue, draft: Draft)] {
        var result = FastPathConformance.groups.map { ($0.place, $0.schema, $0.draft) }
        for remote in TestSuiteRunner.remotes.documents {
            result.append((remote.uri, remote.document, .draft2020_12))
        }
        return result
    }

    @Test func pointersFindTheWalksPlaces() throws {
        var compared = 0
        var differences: [String] = []
        for document in Self.documents {
            let uri = "https://example.com/root.json"
            let base = URIReference(uri)
            var expected: [String: Place] = [:]
            guard Self.walk(document.schema, base: base, resource: (uri, ""), documentPointer: "", draft: document.draft, into: &expected)
            else { continue }
            var compiler = ContractCompiler(options: .init(defaultDraft: document.draft, baseURI: uri))
            for (remoteURI, remote) in TestSuiteRunner.remotes.documents { compiler.addPending(document: remote, uri: remoteURI) }
            for (metaURI, meta) in MetaSchemas.documents { compiler.addPending(document: meta, uri: metaURI) }
            compiler.index(document: document.schema, uri: uri)
            let root = try #require(compiler.entries[uri + "#"])
            for (pointer, place) in expected.sorted(by: { $0.key < $1.key }) {
                let tokens = try #require(JSONPointer(parsing: pointer)).tokens
                guard let found = compiler.schema(at: tokens, below: root, document: uri) else {
                    differences.append("\(document.name) \(pointer): no schema found, expected \(place)")
                    continue
                }
                let got = Place(resourceURI: found.resource.uri, pointer: found.pointer, documentPointer: found.documentPointer, draft: found.draft)
                if got != place { differences.append("\(document.name) \(pointer): \(got), expected \(place)") }
                compared += 1
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
        // Thousands of subschemas, nested resources among them.
        #expect(compared > 4000)
    }
}
