public import Foundation
public import SanitizeKit

extension SanitizeError.Code {
    /// A warning, not an error: an OpenAPI document's YAML mapping key written as an integer
    /// (`200:`) outside any Schema Object was read as its decimal string (`"200"`).
    public static let yamlIntegerKey = Self(rawValue: "yaml-integer-key")
}

/// An OpenAPI document read from a JSON or YAML file, with the warnings of reading it.
///
/// YAML has integer keys and JSON does not: a response code written `200:` rather than
/// `'200':` is an integer to a YAML reader. Every common OpenAPI tool reads it as the string
/// `"200"` (a Responses Object's keys are strings), so this reader does too, outside Schema
/// Objects, and lists each such key in ``warnings`` (code `yaml-integer-key`, with the line,
/// column and pointer). Inside a Schema Object (`components/schemas/…`, a media type's,
/// parameter's or header's `schema`, and everything below them) an integer key, such as a
/// property named `1`, is still refused (`yaml-invalid`): there it names instance members and
/// must be written as the string it matches. Other keys JSON cannot hold (`true:`, `1.5:`,
/// a sequence) are refused everywhere, as ``YAMLReader`` refuses them.
///
/// ```swift
/// let file = try OpenAPIDocumentFile(contentsOf: URL(fileURLWithPath: "openapi.yaml"))
/// for warning in file.warnings { print(warning) }
/// let contract = try Contract(openAPI: file, component: "Task")
/// ```
public struct OpenAPIDocumentFile: Sendable {
    /// The file's path.
    public let path: String
    /// The document, in the JSON data model.
    public let document: JSONValue
    /// What was read leniently, as located values (code ``SanitizeError/Code/yamlIntegerKey``,
    /// the file, line, column and pointer of the member): not thrown, for the caller to show.
    public let warnings: [SanitizeError]

    /// Reads an OpenAPI document file: JSON's strict parser for a name ending in `.json`,
    /// YAML otherwise.
    /// - Parameters:
    ///   - url: the file.
    ///   - limits: the depth limit applies as for JSON.
    /// - Throws: ``SanitizeError`` located at the file: `io`, a JSON parse error, or
    ///   `yaml-invalid` (an integer key inside a Schema Object among them).
    public init(contentsOf url: URL, limits: JSONLimits = .default) throws(SanitizeError) {
        path = url.path
        do throws(SanitizeError) {
            if url.pathExtension.lowercased() == "json" {
                document = try YAMLReader.document(contentsOf: url, limits: limits)
                warnings = []
                return
            }
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw SanitizeError(.io, "cannot read \(url.lastPathComponent): \(error.localizedDescription)", at: .init(file: url.path))
            }
            let (value, integerKeys) = try YAMLReader.readReadingIntegerKeys([UInt8](data), limits: limits)
            var found: [SanitizeError] = []
            for key in integerKeys {
                if OpenAPIPlace.of(pointer: key.mapping) == .schema {
                    throw YAMLReader.Converter.notString(
                        "int \(JSONValue.string(key.written).jsonText)", mark: key.mark + " inside a Schema Object", at: key.mapping)
                }
                let decimal = key.key == key.written ? "" : " (its decimal form)"
                found.append(
                    SanitizeError(
                        .yamlIntegerKey,
                        "the YAML key \(key.written) is an integer; read as the string \(JSONValue.string(key.key).jsonText)\(decimal), as OpenAPI tools read it (quote it to say so)",
                        at: .init(file: url.path, pointer: key.member, line: key.line, column: key.column)))
            }
            document = value
            warnings = found
        } catch {
            throw error.located(inFile: url.path)
        }
    }
}

extension Contract {
    /// Compiles one schema of an OpenAPI document file already read (its ``OpenAPIDocumentFile/warnings``
    /// are the caller's to show).
    /// - Parameters:
    ///   - file: the document file.
    ///   - component: the name under `components/schemas`.
    ///   - direction: the way the bodies checked travel, for `readOnly`/`writeOnly` (3.0), or `nil`.
    ///   - resources: other documents its `$ref`s may name.
    ///   - options: compile and validation options (`baseURI` is the document's URI).
    /// - Throws: ``SanitizeError`` located at the file, as
    ///   ``SanitizeKit/Contract/init(openAPI:component:direction:resources:options:)``.
    public init(
        openAPI file: OpenAPIDocumentFile, component: String, direction: Direction? = nil,
        resources: ContractResources = ContractResources(), options: Options = Options()
    ) throws(SanitizeError) {
        do {
            self = try Contract(openAPI: file.document, component: component, direction: direction, resources: resources, options: options)
        } catch {
            throw error.located(inFile: file.path)
        }
    }
}

/// Where a place in an OpenAPI 3.0/3.1 document is, as far as Schema Objects go: walked down
/// from the root by the member names of the objects OAS 3.0.3 §4.7 and 3.1 §4.8 define, so
/// that a key can be told to sit inside a Schema Object (``schema``) or not.
enum OpenAPIPlace: Equatable {
    case document, components, pathItems, pathItem, operation, parameters, parameter, requestBodies, requestBody
    case responses, response, content, mediaType, encodings, encoding, headers, callbacks, callback, schemas
    /// A Schema Object or anything inside one.
    case schema
    /// Anything else: examples, links, extensions, servers, info…
    case other

    /// The HTTP methods of a Path Item (OAS 3.1 §4.8.9).
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The place a JSON Pointer names (`other` for one that is not RFC 6901).
    static func of(pointer: String) -> OpenAPIPlace {
        guard let tokens = JSONPointer(parsing: pointer)?.tokens else { return .other }
        var place = OpenAPIPlace.document
        for token in tokens { place = place.member(token) }
        return place
    }

    /// The place of a member (or array item) of this one.
    func member(_ name: String) -> OpenAPIPlace {
        switch self {
        case .document:
            switch name {
            case "paths", "webhooks": return .pathItems
            case "components": return .components
            default: return .other
            }
        case .components:
            switch name {
            case "schemas": return .schemas
            case "responses": return .responses
            case "parameters": return .parameters
            case "requestBodies": return .requestBodies
            case "headers": return .headers
            case "callbacks": return .callbacks
            case "pathItems": return .pathItems
            default: return .other
            }
        case .schemas: return .schema
        case .pathItems, .callback: return .pathItem
        case .pathItem:
            if name == "parameters" { return .parameters }
            return Self.methods.contains(name) ? .operation : .other
        case .operation:
            switch name {
            case "parameters": return .parameters
            case "requestBody": return .requestBody
            case "responses": return .responses
            case "callbacks": return .callbacks
            default: return .other
            }
        case .parameters: return .parameter
        case .requestBodies: return .requestBody
        case .responses: return .response
        case .headers: return .parameter  // a Header Object is a Parameter Object without name and in
        case .callbacks: return .callback
        case .parameter:
            switch name {
            case "schema": return .schema
            case "content": return .content
            default: return .other
            }
        case .requestBody: return name == "content" ? .content : .other
        case .response:
            switch name {
            case "headers": return .headers
            case "content": return .content
            default: return .other
            }
        case .content: return .mediaType
        case .mediaType:
            switch name {
            case "schema": return .schema
            case "encoding": return .encodings
            default: return .other
            }
        case .encodings: return .encoding
        case .encoding: return name == "headers" ? .headers : .other
        case .schema: return .schema
        case .other: return .other
        }
    }
}
