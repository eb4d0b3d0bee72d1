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

    /// The documents named by `--ref`, loaded.
    /// - Throws: a usage error for a malformed `--ref`; ``SanitizeError`` for an unreadable file.
    func resources() throws -> ContractResources {
        var resources = ContractResources()
        for reference in references {
            guard let equals = reference.firstIndex(of: "="), equals != reference.startIndex else {
                throw ValidationError("--ref takes URI=FILE, not '\(reference)'.")
            }
            let uri = String(reference[..<equals])
            let file = String(reference[reference.index(after: equals)...])
            try resources.register(file: URL(fileURLWithPath: file), as: uri)
        }
        return resources
    }

    /// Contract options from the flags.
    /// - Parameter assertFormatsByDefault: whether `format` asserts when neither flag is given.
    func options(assertFormatsByDefault: Bool) -> Contract.Options {
        Contract.Options(assertFormats: assertFormats ?? assertFormatsByDefault)
    }
}
