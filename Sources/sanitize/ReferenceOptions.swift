import ArgumentParser
import Foundation
import SanitizeKit

/// `--ref URI=FILE`: schema documents that a contract's `$ref`s may name. Nothing is fetched.
struct ReferenceOptions: ParsableArguments {
    @Option(
        name: .customLong("ref"),
        help: ArgumentHelp(
            "Register FILE as the schema document at URI, for $ref (repeatable; nothing is fetched).",
            valueName: "URI=FILE"))
    var references: [String] = []

    func validate() throws {
        for reference in references where !(reference.firstIndex(of: "=").map { $0 != reference.startIndex } ?? false) {
            throw ValidationError("--ref takes URI=FILE, not '\(reference)'.")
        }
    }

    /// The documents named by `--ref`, loaded.
    /// - Throws: ``SanitizeError`` for a file that cannot be read or is not JSON.
    func resources() throws -> ContractResources {
        var resources = ContractResources()
        for reference in references {
            guard let equals = reference.firstIndex(of: "=") else { continue }
            let uri = String(reference[..<equals])
            let file = String(reference[reference.index(after: equals)...])
            try resources.register(file: URL(fileURLWithPath: file), as: uri)
        }
        return resources
    }
}
