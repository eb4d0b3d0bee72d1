public import Foundation
public import SanitizeKit
import SanitizeYAML

extension OpenAPIContracts {
    /// Reads the contracts of an OpenAPI 3.0.x/3.1.x document file, JSON or YAML (read as
    /// YAML unless the name ends in `.json`), such as the `openapi.yaml` a generated client
    /// was made from.
    /// - Parameters:
    ///   - url: the document.
    ///   - resources: other documents schemas may `$ref`.
    ///   - options: compile options.
    /// - Throws: ``SanitizeError`` located at the file (and at the JSON Pointer inside it):
    ///   `io` when it cannot be read, a JSON or YAML syntax error, or as
    ///   ``init(document:resources:options:)``.
    public init(contentsOf url: URL, resources: ContractResources = ContractResources(), options: Contract.Options = Contract.Options())
        throws(SanitizeError)
    {
        do {
            self = try OpenAPIContracts(
                document: try YAMLReader.document(contentsOf: url), resources: resources, options: options)
        } catch {
            throw error.located(inFile: url.path)
        }
    }
}
