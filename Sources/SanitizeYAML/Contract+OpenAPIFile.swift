public import Foundation
public import SanitizeKit

extension Contract {
    /// Compiles one schema of an OpenAPI 3.0.x or 3.1.x document file, in JSON or YAML (read
    /// as YAML unless the name ends in `.json`; YAML is a superset of JSON either way).
    /// - Parameters:
    ///   - url: the OpenAPI document.
    ///   - component: the name under `components/schemas`.
    ///   - resources: other documents its `$ref`s may name.
    ///   - options: compile and validation options (`baseURI` is the document's URI).
    /// - Throws: ``SanitizeError`` located at the file, as
    ///   ``SanitizeKit/Contract/init(openAPI:component:resources:options:)``.
    public init(openAPI url: URL, component: String, resources: ContractResources = ContractResources(), options: Options = Options())
        throws(SanitizeError)
    {
        do {
            let document = try YAMLReader.document(contentsOf: url)
            self = try Contract(openAPI: document, component: component, resources: resources, options: options)
        } catch {
            throw error.located(inFile: url.path)
        }
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
