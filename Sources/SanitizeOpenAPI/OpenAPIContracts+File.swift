public import Foundation
public import SanitizeKit
import SanitizeYAML

extension OpenAPIContracts {
    /// Reads the contracts of an OpenAPI 3.0.x/3.1.x document file, JSON or YAML (read as
    /// YAML unless the name ends in `.json`), such as the `openapi.yaml` a generated client
    /// was made from. The file is read as ``SanitizeYAML/OpenAPIDocumentFile`` reads it
    /// (integer response codes such as `200:` read as strings); its warnings are ``warnings``.
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
        let file = try OpenAPIDocumentFile(contentsOf: url)
        do {
            self = try OpenAPIContracts(document: file.document, resources: resources, options: options)
        } catch {
            throw error.located(inFile: url.path)
        }
        warnings = file.warnings
    }
}
