import Foundation
import SanitizeKit

/// Walks an OpenAPI document's `paths` into ``OpenAPIContracts/Operation`` values: follows
/// local `$ref`s of Path Item, Response and Request Body objects, and compiles each distinct
/// schema location once.
struct OpenAPIDocumentReader {
    /// The HTTP methods a Path Item may hold an operation under (OAS 3.1 §4.8.9).
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// The most `$ref` hops followed for one object before the chain counts as a loop.
    static let maxReferenceHops = 32

    let document: JSONValue
    let resources: ContractResources
    let options: Contract.Options
    /// Compiled contracts by direction and schema pointer (a shared `#/components/responses/…`
    /// compiles once).
    var compiled: [String: Contract] = [:]

    init(document: JSONValue, resources: ContractResources, options: Contract.Options) {
        self.document = document
        self.resources = resources
        self.options = options
    }

    /// Every operation with an `operationId`, by `operationId`.
    mutating func operations() throws(SanitizeError) -> [String: OpenAPIContracts.Operation] {
        // The version check first: a Swagger 2.0 or non-OpenAPI document gets that message.
        try Contract.checkOpenAPIVersion(of: document)
        guard let paths = document["paths"] else { return [:] }
        guard case .object(let members) = paths else { throw Self.invalid("paths is not an object", at: "/paths") }
        var result: [String: OpenAPIContracts.Operation] = [:]
        for member in members {
            let (item, itemPointer) = try resolve(member.value, at: "/paths/" + Self.escape(member.key))
            guard case .object = item else { throw Self.invalid("a path item is not an object", at: itemPointer) }
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                let pointer = itemPointer + "/" + method
                guard case .object = operation else { throw Self.invalid("an operation is not an object", at: pointer) }
                guard let idValue = operation["operationId"] else { continue }
                guard case .string(let id) = idValue else { throw Self.invalid("operationId is not a string", at: pointer + "/operationId") }
                if let first = result[id] {
                    throw Self.invalid(
                        "operationId \(JSONValue.string(id).jsonText) is used twice (first at \(first.pointer))",
                        at: pointer + "/operationId")
                }
                result[id] = try read(operation, at: pointer)
            }
        }
        return result
    }

    /// One operation's responses and request body.
    mutating func read(_ operation: JSONValue, at pointer: String) throws(SanitizeError) -> OpenAPIContracts.Operation {
        var result = OpenAPIContracts.Operation(pointer: pointer)
        if let responses = operation["responses"] {
            guard case .object(let members) = responses else {
                throw Self.invalid("responses is not an object", at: pointer + "/responses")
            }
            for member in members {
                let keyPointer = pointer + "/responses/" + Self.escape(member.key)
                guard let key = Self.statusKey(member.key) else {
                    throw Self.invalid(
                        "response key \(JSONValue.string(member.key).jsonText) is not a status code (100-599), a range (1XX-5XX) or default",
                        at: keyPointer)
                }
                let (response, responsePointer) = try resolve(member.value, at: keyPointer)
                result.responses[key] = try bodies(of: response, at: responsePointer, direction: .response)
            }
        }
        if let body = operation["requestBody"] {
            let (requestBody, bodyPointer) = try resolve(body, at: pointer + "/requestBody")
            var bodies = try bodies(of: requestBody, at: bodyPointer, direction: .request)
            bodies.required = requestBody["required"] == .bool(true)
            result.requestBody = bodies
        }
        return result
    }

    /// The media types of a Response or Request Body object, JSON ones with a schema compiled
    /// for the way that body travels (`readOnly`/`writeOnly` in a 3.0 document).
    mutating func bodies(
        of object: JSONValue, at pointer: String, direction: Contract.Direction
    ) throws(SanitizeError) -> OpenAPIContracts.Bodies {
        guard case .object = object else { throw Self.invalid("not an object", at: pointer) }
        var result = OpenAPIContracts.Bodies()
        guard let content = object["content"] else { return result }
        guard case .object(let types) = content else { throw Self.invalid("content is not an object", at: pointer + "/content") }
        for type in types {
            let essence = OpenAPIContracts.essence(of: type.key)
            result.mediaTypes.append(essence)
            let typePointer = pointer + "/content/" + Self.escape(type.key)
            guard OpenAPIContracts.isJSON(essence), let schema = type.value["schema"] else { continue }
            let schemaPointer = typePointer + "/schema"
            let cacheKey = direction.rawValue + " " + schemaPointer
            if let contract = compiled[cacheKey] {
                result.contracts[essence] = contract
                continue
            }
            let contract: Contract
            do {
                contract = try Contract(
                    openAPI: document, schema: schema, at: schemaPointer, direction: direction, resources: resources, options: options)
            } catch {
                var located = error
                if located.location?.pointer == nil { located.location = .init(pointer: schemaPointer) }
                located.reason = "schema at \(schemaPointer): " + located.reason
                throw located
            }
            compiled[cacheKey] = contract
            result.contracts[essence] = contract
        }
        return result
    }

    /// Follows local `$ref`s (`#/…`) of a Path Item, Response or Request Body object.
    /// - Returns: the object reached and its pointer.
    func resolve(_ value: JSONValue, at pointer: String) throws(SanitizeError) -> (JSONValue, String) {
        var value = value
        var pointer = pointer
        for _ in 0..<Self.maxReferenceHops {
            guard case .string(let reference)? = value["$ref"] else { return (value, pointer) }
            guard reference.hasPrefix("#") else {
                throw Self.invalid(
                    "$ref \(JSONValue.string(reference).jsonText) leaves the document (only #/… references are followed here)",
                    at: pointer + "/$ref")
            }
            let target = String(reference.dropFirst()).removingPercentEncoding ?? ""
            guard let found = Self.value(at: target, in: document) else {
                throw Self.invalid("$ref \(JSONValue.string(reference).jsonText) names nothing in the document", at: pointer + "/$ref")
            }
            (value, pointer) = (found, target)
        }
        throw Self.invalid("$ref chain longer than \(Self.maxReferenceHops) hops (a loop?)", at: pointer)
    }

    /// The value at a JSON Pointer (RFC 6901), or `nil`.
    static func value(at pointer: String, in document: JSONValue) -> JSONValue? {
        JSONPointer(parsing: pointer)?.resolve(in: document)
    }

    /// The normalized key of a Responses Object member: `"200"`, `"2XX"`, `"default"`, or
    /// `nil` for anything else.
    static func statusKey(_ key: String) -> String? {
        if key == "default" { return key }
        let upper = key.uppercased()
        if upper.count == 3, let first = upper.first, ("1"..."5").contains(first), upper.hasSuffix("XX") { return upper }
        if key.count == 3, key.allSatisfy(\.isASCII), let code = Int(key), (100...599).contains(code) { return key }
        return nil
    }

    /// A JSON Pointer token (RFC 6901 §3), escaped by scalar as `JSONPointer` does (a `~`
    /// followed by a combining mark is one Swift `Character`, and is escaped too).
    static func escape(_ token: String) -> String {
        JSONPointer.escape(token)
    }

    static func invalid(_ reason: String, at pointer: String) -> SanitizeError {
        SanitizeError(.openAPIInvalid, "invalid OpenAPI document: " + reason, at: .init(pointer: pointer))
    }
}
