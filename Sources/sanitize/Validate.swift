import ArgumentParser
import Foundation
import SanitizeKit
import SanitizeYAML

/// `sanitize validate`: check JSON instances against a JSON Schema contract.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate JSON instances against a JSON Schema (2020-12, or draft-07 by $schema).",
        discussion: """
            Prints "valid" or "invalid" per instance, in order; violations go to standard error as \
            "sanitize: WHERE: /pointer: message [code]". Without instance files, each line of \
            standard input is one instance (NDJSON). Remote $refs are never fetched: register \
            them with --ref.
            Exit status: 0 every instance valid, 1 some instance invalid, 2 bad schema, bad \
            option or unreadable file.
            """)

    @Option(name: .long, help: ArgumentHelp("The JSON Schema file.", valueName: "file"))
    var schema: String?

    @Option(
        name: .customLong("openapi"),
        help: ArgumentHelp("An OpenAPI 3.0/3.1 document (JSON or YAML) instead of --schema; with --component.", valueName: "file"))
    var openAPI: String?

    @Option(help: ArgumentHelp("The schema under components/schemas of the --openapi document.", valueName: "name"))
    var component: String?

    @OptionGroup var references: ReferenceOptions

    @Option(
        name: .customLong("base-uri"),
        help: ArgumentHelp(
            "The schema's base URI (absolute): its relative $refs and $ids resolve against it, and no --ref may claim it (default urn:sanitize:contract).",
            valueName: "uri"))
    var baseURI: String?

    @Flag(name: .long, help: "Check `format` as an assertion (date, email, uri, …) instead of an annotation.")
    var assertFormats = false

    @Flag(name: .long, help: "Report only the first violation of each instance.")
    var firstError = false

    @Option(name: .long, help: ArgumentHelp("What to print per instance: text (valid/invalid) or basic (JSON Schema basic output, one JSON line).", valueName: "text|basic"))
    var output: OutputFormat = .text

    @Option(help: "The longest standard-input line accepted, in bytes; a longer line is invalid.")
    var maxLineBytes: Int = 16 << 20

    @Argument(help: ArgumentHelp("Instance files. Without them, one instance per line of standard input.", valueName: "instance-file"))
    var instances: [String] = []

    static let validLine = Array("valid\n".utf8)
    static let invalidLine = Array("invalid\n".utf8)

    enum OutputFormat: String, ExpressibleByArgument {
        case text, basic
    }

    func validate() throws {
        guard maxLineBytes > 0 else { throw ValidationError("--max-line-bytes must be a positive number of bytes.") }
        guard (schema == nil) != (openAPI == nil) else { throw ValidationError("Give the contract as --schema FILE or as --openapi FILE --component NAME (one of them).") }
        guard (openAPI == nil) == (component == nil) else { throw ValidationError("--openapi and --component go together.") }
    }

    func run() throws {
        let resources = try references.resources()
        var options = Contract.Options(assertFormats: assertFormats, stopAtFirstError: firstError)
        if let baseURI { options.baseURI = baseURI }
        let (contract, schemaValue) = try compileContract(resources: resources, options: options)

        var out = OutputWriter(descriptor: 1)
        var invalid = 0

        func emit(_ result: ValidationResult, where place: @autoclosure () -> String) throws {
            switch output {
            case .text:
                try out.write(result.isValid ? Validate.validLine : Validate.invalidLine)
            case .basic:
                try out.write(result.basicOutput.serialized())
                try out.write(byte: 0x0A)
            }
            guard !result.isValid else { return }
            invalid += 1
            try out.flush()  // keep stdout and stderr in step for people watching
            let place = place()
            for violation in result.violations { reportToStandardError("sanitize: \(place): \(violation)") }
        }

        if instances.isEmpty {
            var reader = LineReader(descriptor: 0, maxLineBytes: maxLineBytes)
            var validator = contract.makeValidator()
            // Most lines are valid: the shape check passes them in one read, when it can read
            // the schema; every other line goes to the validator.
            let shortcut = schemaValue.flatMap { ValidationShortcut(schema: $0, options: options) }
            let valid = ValidationResult(isValid: true, violations: [])
            while let line = try reader.next() {
                switch line {
                case .bytes(let number, let bytes):
                    if let shortcut, shortcut.passes(bytes) {
                        try emit(valid, where: "line \(number)")
                        continue
                    }
                    try emit(validator.validate(bytes), where: "line \(number)")
                case .oversized(let number, let byteCount):
                    let violation = Violation(
                        instanceLocation: "", keywordLocation: "", absoluteKeywordLocation: "",
                        code: Violation.Code(rawValue: SanitizeError.Code.limitExceeded.rawValue),
                        message: "line is \(byteCount) bytes, over the limit of \(maxLineBytes)")
                    try emit(ValidationResult(isValid: false, violations: [violation]), where: "line \(number)")
                }
            }
        } else {
            for file in instances {
                let data: Data
                do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
                    throw SanitizeError(.io, "cannot read instance: \(error.localizedDescription)", at: .init(file: file))
                }
                try emit(Self.validate(data, of: file, with: contract), where: file)
            }
        }
        try out.flush()
        if invalid > 0 { throw ExitCode(1) }
    }
}
