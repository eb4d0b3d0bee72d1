public import Foundation
public import SanitizeKit

extension Contract {
    /// Compiles one schema of an OpenAPI 3.0.x or 3.1.x document file, in JSON or YAML (read
    /// as YAML unless the name ends in `.json`; YAML is a superset of JSON either way), as
    /// ``OpenAPIDocumentFile`` reads it: integer keys outside Schema Objects (`200:`) are read
    /// as strings. Read the file with ``OpenAPIDocumentFile`` to see those warnings.
    /// - Parameters:
    ///   - url: the OpenAPI document.
    ///   - component: the name under `components/schemas`.
    ///   - direction: the way the bodies checked travel, for `readOnly`/`writeOnly` (3.0), or `nil`.
    ///   - resources: other documents its `$ref`s may name.
    ///   - options: compile and validation options (`baseURI` is the document's URI).
    /// - Throws: ``SanitizeError`` located at the file, as
    ///   ``SanitizeKit/Contract/init(openAPI:component:direction:resources:options:)``.
    public init(
        openAPI url: URL, component: String, direction: Direction? = nil, resources: ContractResources = ContractResources(),
        options: Options = Options()
    ) throws(SanitizeError) {
        let file = try OpenAPIDocumentFile(contentsOf: url)
        self = try Contract(openAPI: file, component: component, direction: direction, resources: resources, options: options)
    }
}

extension YAMLReader {
    /// Reads a JSON or YAML file into the JSON data model: JSON's strict parser for a name
    /// ending in `.json`, YAML otherwise.
    /// - Parameter url: the file.
    /// - Returns: its value.
    /// - Throws: ``SanitizeError`` (`io`, a JSON parse error, or `yaml-invalid`).
    public static func document(contentsOf url: URL, limits: JSONLimits = .default) throws(SanitizeError) -> JSONValue {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SanitizeError(.io, "cannot read \(url.lastPathComponent): \(error.localizedDescription)", at: .init(file: url.path))
        }
        if url.pathExtension.lowercased() == "json" { return JSONValue(try JSONDocument(parsing: [UInt8](data), limits: limits)) }
        return try read([UInt8](data), limits: limits)
    }

    /// Whether a file name asks to be read as YAML (`.yaml`, `.yml`).
    public static func isYAMLFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
    }
}
