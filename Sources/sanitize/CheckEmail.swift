import ArgumentParser
import SanitizeKit

/// `sanitize check email`: prints `valid` or `invalid` for each line.
struct CheckEmail: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email",
        abstract: "Check email addresses: prints valid or invalid for each line.",
        discussion: """
            Modes: html5 (the WHATWG HTML definition, the default), rfc5321 (SMTP Mailbox: \
            dot-atom or quoted local part of at most 64 octets, address of at most 254, DNS \
            labels or an [IPv4] / [IPv6:...] literal), international (rfc5321 with a UTF-8 local \
            part and IDN labels), strict and lenient (two classic app regexes, kept for \
            compatibility; see the rule files for their flaws).
            An invalid line prints "invalid" and, on standard error, "line N: <the rule that \
            failed> [code]". Exit status 1 when any line is invalid.
            """
    )

    @Option(
        help: ArgumentHelp(
            "The definition of a valid address: \(EmailMode.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "mode"),
        completion: .list(EmailMode.allCases.map(\.rawValue)))
    var mode: String = EmailMode.html5.rawValue

    @Option(
        help: ArgumentHelp(
            "A rules directory whose email/<mode>.pcre replaces the built-in pattern.", valueName: "dir"))
    var rules: String?

    @Option(help: ArgumentHelp("A .pcre file whose pattern replaces the built-in pattern.", valueName: "file"))
    var patternFile: String?

    @Flag(help: "Run the pattern in PCRE2's interpreter instead of its JIT.")
    var noJit = false

    @Flag(help: "Do not report the reason for each invalid line on standard error.")
    var quiet = false

    @OptionGroup var input: LineInput

    func validate() throws {
        guard EmailMode(rawValue: mode) != nil else {
            throw ValidationError(
                "Unknown --mode '\(mode)'; use one of \(EmailMode.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if rules != nil && patternFile != nil {
            throw ValidationError("--rules and --pattern-file both give a pattern; choose one.")
        }
    }

    func run() throws {
        let mode = EmailMode(rawValue: mode) ?? .html5  // validate() has refused any other value
        let options = PCRE2Pattern.Options(anchored: true, jit: !noJit)
        let validator: EmailValidator
        if let rules {
            validator = try EmailValidator(mode: mode, rulesDirectory: rules, options: options)
        } else if let patternFile {
            validator = try CommandLineContract.naming(file: patternFile) {
                try EmailValidator(mode: mode, pattern: EmailPatternFile.pattern(fromFile: patternFile), options: options)
            }
        } else if noJit {
            validator = try EmailValidator(mode: mode, pattern: EmailValidator(mode: mode).pattern.pattern, options: options)
        } else {
            validator = EmailValidator(mode: mode)
        }
        let valid = Array("valid".utf8)
        let invalid = Array("invalid".utf8)
        let quiet = quiet
        var reasons: [EmailRejection: String] = [:]  // each reason's text built once, not per line
        try LineLoop.run(input) { line, output in
            switch validator.validate(line) {
            case .valid:
                try output.write(valid)  // straight into the buffer: no array handed back per line
                return .written
            case .invalid(let rejection):
                if quiet { return .rejected(output: invalid, reason: nil) }
                if let reason = reasons[rejection] { return .rejected(output: invalid, reason: reason) }
                let reason = "\(rejection) [\(rejection.code)]"
                reasons[rejection] = reason
                return .rejected(output: invalid, reason: reason)
            }
        }
    }
}
