import Foundation
import SanitizeKit
import SanitizeTOML
import SanitizeYAML

extension Validate {
    /// The contract from `--schema` or from `--openapi`/`--component`.
    /// The contract, and the parsed schema file when there is one (the command leaves it to
    /// the exit instead of freeing it).
    func compileContract(resources: ContractResources, options: Contract.Options) throws -> (Contract, JSONValue?) {
        if let openAPI, let component {
            return try ConfigFile.withPath(openAPI, what: "OpenAPI document") { path in
                let file = try OpenAPIDocumentFile(contentsOf: URL(fileURLWithPath: path))
                // Read, but said: one line per warning, in the command's one style.
                for warning in file.warnings { reportToStandardError("sanitize: warning: \(warning)") }
                let contract = try Contract(
                    openAPI: file, component: component, direction: direction?.direction, resources: resources, options: options)
                return (contract, nil)
            }
        }
        let (contract, schemaValue) = try ConfigFile.withPath(schema ?? "", what: "schema") { path in
            try Contract.compile(contentsOf: URL(fileURLWithPath: path), resources: resources, options: options)
        }
        return (contract, schemaValue)
    }

    /// Validates one instance file: YAML (`.yaml`, `.yml`) or TOML (`.toml`) read into the
    /// JSON data model, any other as JSON. YAML or TOML that cannot be read (or holds what JSON
    /// cannot) is a violation at the root with the reader's code, as JSON that does not parse is.
    static func validate(_ data: Data, of file: String, with contract: Contract) -> ValidationResult {
        let isYAML = YAMLReader.isYAMLFile(file)
        guard isYAML || TOMLReader.isTOMLFile(file) else { return contract.validate(data) }
        do throws(SanitizeError) {
            let value = isYAML
                ? try YAMLReader.read([UInt8](data), limits: contract.options.limits)
                : try TOMLReader.read([UInt8](data), limits: contract.options.limits)
            return contract.validate(Data(value.serialized()))
        } catch {
            let place = error.location.map { " (\($0))" } ?? ""
            let violation = Violation(
                instanceLocation: "", keywordLocation: "", absoluteKeywordLocation: "",
                code: Violation.Code(rawValue: error.code.rawValue),
                message: "not readable \(isYAML ? "YAML" : "TOML"): \(error.reason)\(place)")
            return ValidationResult(isValid: false, violations: [violation])
        }
    }
}
