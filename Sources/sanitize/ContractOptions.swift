import ArgumentParser
import Foundation
import SanitizeKit

/// Options that load a contract: the schema file and the resources its `$ref`s may name.
struct ContractOptions: ParsableArguments {
    @Option(help: "The contract: a JSON Schema file (2020-12, or draft-07 via $schema).")
    var contract: String?

    @Option(
        name: .customLong("ref"),
        help: ArgumentHelp(
            "Register FILE as the document at URI for $ref (repeatable; nothing is fetched).", valueName: "URI=FILE"))
    var references: [String] = []

    @Flag(inversion: .prefixedNo, help: "Check `format` keywords as assertions.")
    var assertFormats: Bool?

    /// Compiles the contract, or returns `nil` when none was given.
    /// - Parameter assertFormatsByDefault: whether `format` asserts when neither flag is given.
    func loadContract(assertFormatsByDefault: Bool) throws -> Contract? {
        guard let contract else { return nil }
        var resources = ContractResources()
        for reference in references {
            guard let equals = reference.firstIndex(of: "="), equals != reference.startIndex else {
                throw ValidationError("--ref takes URI=FILE, not '\(reference)'.")
            }
            let uri = String(reference[..<equals])
            let file = String(reference[reference.index(after: equals)...])
            try resources.register(file: URL(fileURLWithPath: file), as: uri)
        }
        let options = Contract.Options(assertFormats: assertFormats ?? assertFormatsByDefault)
        return try Contract(contentsOf: URL(fileURLWithPath: contract), resources: resources, options: options)
    }
}
