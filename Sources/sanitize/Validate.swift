import ArgumentParser
import Foundation
import SanitizeKit
import SanitizeYAML

/// `sanitize validate`: check JSON instances against a JSON Schema contract.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract:
            "Validate instances against a JSON Schema (2020-12, 2019-09, draft-07, draft-06 or draft-04, by $schema) or an OpenAPI 3.0/3.1 schema.",
        discussion: """
            Prints "valid" or "invalid" per instance, in order; violations go to standard error as \
            "sanitize: WHERE: /pointer: message [code]" (the root is "", as RFC 6901 and the \
            reports spell it; not with --quiet). Without instance files, each line of \
            standard input is one instance (NDJSON). With files, each line is \
            "FILE<TAB>valid|invalid", or "FILE<TAB>unreadable" (the reason on standard error; \
            the other files are still validated); a .yaml/.yml file is read as YAML, a .toml file \
            as TOML (dates as RFC 3339 strings); a .ndjson or .jsonl file (or any file with \
            --ndjson) holds one instance per line: "FILE:LINE<TAB>valid|invalid". Remote $refs \
            are never fetched: register them with --ref.
            Exit status: 0 every instance valid, 1 some instance invalid or file unreadable, 2 \
            bad schema or bad option.
            """)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The JSON Schema file: 2020-12, 2019-09, draft-07, draft-06 or draft-04, chosen by its $schema (2020-12 without one).",
            valueName: "file"))
    var schema: String?

    @Option(
        name: .customLong("openapi"),
        help: ArgumentHelp("An OpenAPI 3.0/3.1 document (JSON or YAML) instead of --schema; with --component.", valueName: "file"))
    var openAPI: String?

    @Option(help: ArgumentHelp("The schema under components/schemas of the --openapi document.", valueName: "name"))
    var component: String?

    @Option(
        help: ArgumentHelp(
            "With --openapi: the way the instances travel, for readOnly and writeOnly in a 3.0 document: in a request a readOnly property is refused and its required does not apply, in a response the same for writeOnly (OAS 3.0.3 4.7.24.1). Without it both are annotations.",
            valueName: "request|response"))
    var direction: DirectionArgument?

    @OptionGroup var references: ReferenceOptions

    @Option(
        name: .customLong("base-uri"),
        help: ArgumentHelp(
            "The schema's base URI (absolute): its relative $refs and $ids resolve against it, and no --ref may claim it (default urn:sanitize:contract).",
            valueName: "uri"))
    var baseURI: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Check `format` keywords as assertions (date, email, uri, …; the default, as in filter) or as annotations.")
    var assertFormats = true

    @Flag(name: .long, help: "Report only the first violation of each instance.")
    var firstError = false

    @Flag(
        help: "Print only the verdicts, no violation on standard error; with --output text each instance is checked only up to its first failing keyword.")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp("What to print per instance: text (valid/invalid) or basic (JSON Schema basic output, one JSON line).", valueName: "text|basic"))
    var output: OutputFormat = .text

    @Option(help: "The longest standard-input line accepted, in bytes; a longer line is invalid.")
    var maxLineBytes: Int = 16 << 20

    @Flag(help: "Read every instance file as NDJSON, one instance per line (.ndjson and .jsonl files always are).")
    var ndjson = false

    @Argument(help: ArgumentHelp("Instance files. Without them, one instance per line of standard input.", valueName: "instance-file"))
    var instances: [String] = []

    static let validLine = Array("valid\n".utf8)
    static let invalidLine = Array("invalid\n".utf8)

    enum OutputFormat: String, ExpressibleByArgument {
        case text, basic
    }

    /// `--direction`: ``Contract/Direction`` by its name.
    enum DirectionArgument: String, ExpressibleByArgument, CaseIterable {
        case request, response

        var direction: Contract.Direction {
            switch self {
            case .request: return .request
            case .response: return .response
            }
        }
    }

    func validate() throws {
        guard maxLineBytes > 0 else { throw ValidationError("--max-line-bytes must be a positive number of bytes.") }
        guard (schema == nil) != (openAPI == nil) else { throw ValidationError("Give the contract as --schema FILE or as --openapi FILE --component NAME (one of them).") }
        guard (openAPI == nil) == (component == nil) else { throw ValidationError("--openapi and --component go together.") }
        guard direction == nil || openAPI != nil else { throw ValidationError("--direction applies to an --openapi document only.") }
    }

    func run() throws {
        let resources = try references.resources()
        var options = Contract.Options(assertFormats: assertFormats, stopAtFirstError: firstError)
        if let baseURI { options.baseURI = baseURI }
        let (contract, schemaValue) = try compileContract(resources: resources, options: options)
        // Inputs read line by line, whose verdict lines would be read again (a whole file is
        // read before its verdict is written).
        let lineInputs = instances.isEmpty ? ["-"] : instances.filter { isLineInput($0) }
        try SameFileCheck.checkStandardOutput(against: lineInputs)

        // Read once: an option read through its property wrapper instantiates generic metadata
        // each time (about 450 instructions, an eighth of a small instance's verdict).
        let (quiet, output) = (self.quiet, self.output)
        var out = OutputWriter(descriptor: 1)
        // The violations' lines: one writer for the run, flushed after each instance's lines.
        var errors = OutputWriter(descriptor: 2)
        var line: [UInt8] = []
        var invalid = 0

        func emit(_ result: ValidationResult, where place: @autoclosure () -> String, label: String? = nil) throws {
            try emit(result.isValid, ReportedViolations(listed: result.violations), where: place(), label: label)
        }

        /// Writes an instance's verdict, and its violations' lines on standard error (read where
        /// the validator left them: no `Violation` is built for the text output).
        func emit(_ isValid: Bool, _ violations: ReportedViolations, where place: @autoclosure () -> String, label: String? = nil) throws {
            switch output {
            case .text:
                try writeVerdict(isValid, label: label)
            case .basic:
                try writeLabel(label)
                try out.write(ValidationResult(isValid: isValid, violations: isValid ? [] : violations.all).basicOutput.serialized())
                try out.write(byte: 0x0A)
            }
            guard !isValid else { return }
            invalid += 1
            guard !quiet else { return }
            try out.flush()  // keep stdout and stderr in step for people watching
            let place = place()
            // A failed write is the CLI contract's, as for `reportToStandardError`: a closed pipe
            // ends the command quietly, any other failure with status 2 (`CommandLineContract`).
            for index in 0..<violations.count {
                line.removeAll(keepingCapacity: true)
                Self.appendDescription(of: violations, index, at: place, to: &line)
                try? errors.write(line)
            }
            try? errors.flush()
        }

        /// Files are named: each verdict says which instance it is for.
        func writeLabel(_ label: String?) throws {
            guard let label else { return }
            try out.write(label)
            try out.write(byte: 0x09)
        }

        /// The text output's line for an instance: its label, if any, and `valid` or `invalid`.
        func writeVerdict(_ isValid: Bool, label: String?) throws {
            try writeLabel(label)
            try out.write(isValid ? Validate.validLine : Validate.invalidLine)
        }

        /// One instance per line of `descriptor`; `file` names them when files are named.
        func validateLines(_ descriptor: Int32, file: String?) throws {
            var reader = LineReader(descriptor: descriptor, maxLineBytes: maxLineBytes)
            var validator = contract.makeValidator()
            // Verdict only (`--quiet` with text output): no message to build, so the validator
            // stops at the first failing keyword, as `ContractValidator.isValid` does.
            let verdictOnly = quiet && output == .text
            while let line = try reader.next() {
                switch line {
                case .bytes(let number, let bytes):
                    let place = file.map { "\($0):\(number)" }
                    if verdictOnly {
                        // The verdict line alone, not through `emit`, which would make a result and
                        // an empty list of violations for every line (about 500 instructions).
                        let isValid = validator.isValidQuickly(bytes)
                        try writeVerdict(isValid, label: place)
                        if !isValid { invalid += 1 }
                        continue
                    }
                    // Most lines are valid: the contract passes them in one read when it can.
                    let (isValid, violations) = validator.decideQuickly(bytes)
                    try emit(isValid, violations, where: place ?? "line \(number)", label: place)
                case .oversized(let number, let byteCount):
                    let violation = Violation(
                        instanceLocation: "", keywordLocation: "", absoluteKeywordLocation: "",
                        code: Violation.Code(rawValue: SanitizeError.Code.limitExceeded.rawValue),
                        message: "line is \(byteCount) bytes, over the limit of \(maxLineBytes)")
                    let place = file.map { "\($0):\(number)" }
                    try emit(
                        ValidationResult(isValid: false, violations: [violation]), where: place ?? "line \(number)",
                        label: place)
                }
            }
        }

        if instances.isEmpty {
            try validateLines(0, file: nil)
        } else {
            // Every file gets its verdict; an unreadable one does not stop the others.
            for file in instances {
                let shown = RawArguments.displayName(file)
                do {
                    let descriptor =
                        file == "-"
                        ? 0 : try RawArguments.openForReading(file) { SanitizeError(.io, "cannot read the instance: \($0)") }
                    defer { if descriptor > 0 { SystemCalls.close(descriptor) } }
                    if isLineInput(file) {
                        try validateLines(descriptor, file: shown)
                    } else {
                        let bytes = try FileBytes.read(descriptor: descriptor, path: shown, what: "instance")
                        try emit(Self.validate(Data(bytes), of: file, with: contract), where: shown, label: shown)
                    }
                } catch let error as SanitizeError {
                    invalid += 1
                    try out.write("\(shown)\tunreadable\n")
                    try out.flush()
                    reportToStandardError("sanitize: \(shown): \(error.reason) [\(error.code)]")
                }
            }
        }
        try out.flush()
        // The process ends now: the contract and the parsed schema are left to the exit instead
        // of being freed node by node (freeing a 3.4 MB schema's tree costs a tenth of compiling it).
        _ = Unmanaged.passRetained(KeptUntilExit(contract: contract, schema: schemaValue))
        if invalid > 0 { throw ExitCode(1) }
    }

    /// Whether an instance file named on the command line is read as NDJSON, one instance per
    /// line (`--ndjson`, or a `.ndjson`/`.jsonl` name); otherwise it is read whole, `-` too.
    private func isLineInput(_ file: String) -> Bool {
        ndjson || file.hasSuffix(".ndjson") || file.hasSuffix(".jsonl")
    }

    /// `sanitize: PLACE: POINTER: message [code]` and a line feed, the instance location spelled
    /// as RFC 6901 and the reports spell it: the root is `""` (a bare `/` would be the pointer
    /// of a member named "").
    static func appendDescription(of violations: ReportedViolations, _ index: Int, at place: String, to line: inout [UInt8]) {
        line.append(contentsOf: "sanitize: ".utf8)
        line.append(contentsOf: place.utf8)
        line.append(contentsOf: ": ".utf8)
        let pointerStart = line.count
        violations.appendInstanceLocation(index, escaped: false, to: &line)
        if line.count == pointerStart { line.append(contentsOf: "\"\"".utf8) }
        line.append(contentsOf: ": ".utf8)
        violations.appendMessage(index, escaped: false, to: &line)
        line.append(contentsOf: " [".utf8)
        line.append(contentsOf: violations.code(index).rawValue.utf8)
        line.append(contentsOf: "]\n".utf8)
    }

    /// What `run()` leaves unfreed when it returns, just before the process exits.
    private final class KeptUntilExit {
        let contract: Contract
        let schema: JSONValue?
        init(contract: Contract, schema: JSONValue?) {
            self.contract = contract
            self.schema = schema
        }
    }
}
