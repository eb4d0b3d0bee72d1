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
            Policy of rfc5321 and international (defaults in Rules/email/policy.json): \
            --require-dot and --refuse-special-use are on for international and off for \
            rfc5321; quoted local parts and domain literals are accepted by both. \
            international also refuses invisible and unsafe characters (Unicode categories \
            Cc, Cf, Zl, Zp, Zs, Co, Cs, Cn), a leading combining mark and a local part not in \
            NFC, and checks lengths on the A-label form of the domain.
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

    @Flag(
        inversion: .prefixedNo,
        help: "Require a dot in the domain (rfc5321, international; default: on for international only).")
    var requireDot: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Refuse .arpa, .invalid, .local, .localhost, .onion, .test and their subdomains (rfc5321, international; default: on for international only).")
    var refuseSpecialUse: Bool?

    @Flag(inversion: .prefixedNo, help: "Accept a quoted local part (rfc5321, international; default: on).")
    var quotedLocalPart: Bool?

    @Flag(inversion: .prefixedNo, help: "Accept an [IPv4] or [IPv6:...] domain literal (rfc5321, international; default: on).")
    var domainLiteral: Bool?

    @OptionGroup var input: LineInput

    func validate() throws {
        guard EmailMode(rawValue: mode) != nil else {
            throw ValidationError(
                "Unknown --mode '\(mode)'; use one of \(EmailMode.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if rules != nil && patternFile != nil {
            throw ValidationError("--rules and --pattern-file both give a pattern; choose one.")
        }
        let policyFlags = [requireDot, refuseSpecialUse, quotedLocalPart, domainLiteral]
        if let mode = EmailMode(rawValue: mode), mode != .rfc5321, mode != .international,
            policyFlags.contains(where: { $0 != nil })
        {
            throw ValidationError(
                "--[no-]require-dot, --[no-]refuse-special-use, --[no-]quoted-local-part and --[no-]domain-literal apply to --mode rfc5321 and international only.")
        }
    }

    /// The policy: the rules directory's (or the built-in default), then each flag given.
    private func policy(for mode: EmailMode) throws -> EmailPolicy {
        var policy = try rules.map { try EmailPolicy.policy(for: mode, inRulesDirectory: $0) } ?? .defaults(for: mode)
        if let requireDot { policy.requireDot = requireDot }
        if let refuseSpecialUse { policy.refuseSpecialUseNames = refuseSpecialUse }
        if let quotedLocalPart { policy.allowQuotedLocalPart = quotedLocalPart }
        if let domainLiteral { policy.allowDomainLiteral = domainLiteral }
        return policy
    }

    func run() throws {
        let mode = EmailMode(rawValue: mode) ?? .html5  // validate() has refused any other value
        let options = PCRE2Pattern.Options(anchored: true, jit: !noJit)
        let policy = try policy(for: mode)
        let validator: EmailValidator
        if let rules {
            validator = try EmailValidator(mode: mode, rulesDirectory: rules, options: options, policy: policy)
        } else if let patternFile {
            validator = try CommandLineContract.naming(file: patternFile) {
                try EmailValidator(mode: mode, pattern: EmailPatternFile.pattern(fromFile: patternFile), options: options, policy: policy)
            }
        } else if noJit {
            validator = try EmailValidator(
                mode: mode, pattern: EmailValidator(mode: mode).pattern.pattern, options: options, policy: policy)
        } else {
            validator = EmailValidator(mode: mode, policy: policy)
        }
        let valid = Array("valid".utf8)
        let invalid = Array("invalid".utf8)
        let quiet = quiet
        var reasons: [EmailRejection: String] = [:]  // each reason's text built once, not per line
        try LineLoop.run(input, oversized: invalid) { line, output in
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
