/// Validates email addresses in one ``EmailMode``, with a PCRE2 pattern compiled once.
///
/// ```swift
/// let validator = EmailValidator(mode: .rfc5321)
/// validator.validate("joe@example.com")              // .valid
/// validator.validate(String(repeating: "a", count: 65) + "@example.com")
///                                                    // .invalid(.localPartTooLong)
/// ```
///
/// The pattern of each mode is data: `Rules/email/<mode>.pcre`, compiled in as the default and
/// replaceable with ``init(mode:pattern:options:maxInputBytes:policy:)`` or
/// ``init(mode:rulesDirectory:options:policy:)``.
/// In the ``EmailMode/rfc5321`` and ``EmailMode/international`` modes the pattern is checked
/// after the rules a regular expression expresses poorly (lengths in octets, label rules,
/// address literal values; in `international` also unsafe characters, NFC and the domain
/// through the package's UTS #46 canonicaliser), so a rejection names the rule that failed.
/// Both modes also follow an ``EmailPolicy`` (dot, special-use names, quoted local parts,
/// literals). The other
/// modes are their pattern alone; when the built-in `html5` pattern fails, the reason still
/// names the WHATWG rule (missing `@`, empty or over-long label, hyphen at a label's edge…)
/// where one explains it.
///
/// A validator is immutable and `Sendable`: share one across threads.
public struct EmailValidator: Sendable {
    /// The mode this validator checks.
    package let mode: EmailMode
    /// The compiled pattern (its text is `pattern.pattern`).
    package let pattern: PCRE2Pattern
    /// Inputs longer than this are rejected as ``EmailRejection/inputTooLong(limit:)`` without
    /// being matched. The structural modes reject anything over 254 octets anyway.
    package let maxInputBytes: Int
    /// The policy options (dot, special-use names, quoted local parts, address literals) of
    /// the ``EmailMode/rfc5321`` and ``EmailMode/international`` modes; the other modes ignore it.
    package let policy: EmailPolicy

    /// True when the pattern is the mode's built-in one; only then may a failed `html5` match
    /// be explained by a named rule (a pattern of your own may fail for reasons of its own).
    private let usesBuiltInPattern: Bool
    /// True when the pattern is the mode's built-in one run by the JIT: the commonest matches
    /// are then found without the engine (``EmailSyntaxShortcut``). Asked for the interpreter
    /// (`sanitize check email --no-jit`, there to compare engines), PCRE2 sees every address.
    let takesShortcut: Bool

    /// The default for ``maxInputBytes``: 4,096 bytes, far above any deliverable address
    /// (RFC 5321 caps it at 254 octets) yet high enough to leave the `html5`, `strict` and
    /// `lenient` definitions, which have no limit, unchanged for real input.
    package static let defaultMaxInputBytes = 4_096

    /// The pattern options used when none are given: whole-input match, JIT on, default limits.
    package static let defaultPatternOptions = PCRE2Pattern.Options(anchored: true)

    /// A validator with the mode's built-in pattern (the compiled-in copy of `Rules/email/`).
    /// - Parameters:
    ///   - mode: the definition of a valid address; `html5` when not given.
    ///   - policy: the policy options; the mode's defaults (``EmailPolicy/defaults(for:)``)
    ///     when not given.
    public init(mode: EmailMode = .html5, policy: EmailPolicy? = nil) {
        do {
            try self.init(
                mode: mode, pattern: EmailPatternFile.pattern(fromFileText: EmailPatternFile.defaultFileText(for: mode)),
                policy: policy)
        } catch {
            // The built-in patterns are fixed text that the tests compile; this cannot happen.
            preconditionFailure("the built-in \(mode) email pattern does not compile: \(error)")
        }
    }

    /// A validator with a pattern of your own for `mode`.
    /// - Parameters:
    ///   - mode: the mode; it decides which checks run besides the pattern.
    ///   - pattern: a PCRE2 pattern, matched against the whole input.
    ///   - options: compile options and limits; `anchored` is always turned on.
    ///   - maxInputBytes: the longest input examined.
    ///   - policy: the policy options; the mode's defaults when not given.
    /// - Throws: ``SanitizeError`` coded `regex-compile` when the pattern does not compile.
    package init(
        mode: EmailMode, pattern: String, options: PCRE2Pattern.Options = defaultPatternOptions,
        maxInputBytes: Int = defaultMaxInputBytes, policy: EmailPolicy? = nil
    ) throws {
        var options = options
        options.anchored = true
        self.mode = mode
        self.pattern = try PCRE2Pattern(pattern, options: options)
        self.usesBuiltInPattern =
            (try? EmailPatternFile.pattern(fromFileText: EmailPatternFile.defaultFileText(for: mode))) == pattern
        self.takesShortcut = usesBuiltInPattern && options.jit
        self.maxInputBytes = maxInputBytes
        self.policy = policy ?? EmailPolicy.defaults(for: mode)
    }

    /// A validator whose pattern is read from `<rulesDirectory>/email/<mode>.pcre` and whose
    /// policy from `<rulesDirectory>/email/policy.json` (the built-in defaults when that file
    /// is absent), unless `policy` is given.
    /// - Parameters:
    ///   - mode: the mode.
    ///   - rulesDirectory: the rules directory (the one holding `email/`).
    ///   - options: compile options and limits; `anchored` is always turned on.
    ///   - policy: the policy options, in place of the directory's `policy.json`.
    /// - Throws: ``SanitizeError`` coded `io` when a file cannot be read, `configuration`
    ///   when the pattern file holds no pattern or the policy file is malformed,
    ///   `regex-compile` when the pattern does not compile.
    package init(
        mode: EmailMode, rulesDirectory: String, options: PCRE2Pattern.Options = defaultPatternOptions,
        policy: EmailPolicy? = nil
    ) throws {
        let text = try EmailPatternFile.pattern(for: mode, inRulesDirectory: rulesDirectory)
        let policy = try policy ?? EmailPolicy.policy(for: mode, inRulesDirectory: rulesDirectory)
        do {
            try self.init(mode: mode, pattern: text, options: options, policy: policy)
        } catch var error as SanitizeError {
            error.location = SanitizeError.Location(
                file: rulesDirectory + "/" + EmailPatternFile.relativePath(for: mode),
                byteOffset: error.location?.byteOffset)
            throw error
        }
    }

    /// Validates one address.
    /// - Parameter address: the address, without surrounding white space or angle brackets.
    /// - Returns: ``EmailVerdict/valid`` or the rule that failed.
    public func validate(_ address: String) -> EmailVerdict {
        ContiguousInput.with(address.utf8) { validate($0) }
    }

    /// Validates one address given as UTF-8 bytes (invalid UTF-8 is an invalid address).
    /// - Parameter utf8: the address's bytes: `[UInt8]`, `Data`, `String.UTF8View`, any
    ///   collection of bytes.
    /// - Returns: ``EmailVerdict/valid`` or the rule that failed.
    @inlinable
    public func validate(_ utf8: some Collection<UInt8>) -> EmailVerdict {
        ContiguousInput.with(utf8) { validate($0) }
    }

    /// Validates one address given as UTF-8 bytes (invalid UTF-8 is an invalid address).
    /// - Parameter utf8: the address's bytes.
    /// - Returns: ``EmailVerdict/valid`` or the rule that failed.
    @usableFromInline
    package func validate(_ utf8: UnsafeRawBufferPointer) -> EmailVerdict {
        var findings = EmailStructure.Findings()
        return validate(utf8, findings: &findings)
    }

    /// The domain of a valid address in canonical ASCII form: ASCII letters lowercased and, in
    /// ``EmailMode/international``, each U-label replaced by its A-label by the package's one
    /// UTS #46 canonicaliser (the one the request guard uses for hosts).
    ///
    /// ```swift
    /// EmailValidator(mode: .international).asciiDomain(of: "josé@Bücher.example")
    /// // "xn--bcher-kva.example"
    /// ```
    /// - Parameter address: the address.
    /// - Returns: the domain, or nil when the address is invalid in this mode or its domain
    ///   is an address literal.
    public func asciiDomain(of address: String) -> String? {
        ContiguousInput.with(address.utf8) { buffer -> String? in
            var findings = EmailStructure.Findings()
            guard validate(buffer, findings: &findings) == .valid,
                let atIndex = buffer.lastIndex(of: EmailStructure.at), buffer[atIndex + 1] != UInt8(ascii: "[")
            else { return nil }
            return findings.canonicalDomain
                ?? String(decoding: buffer[(atIndex + 1)...].map(EmailStructure.asciiLowercased), as: UTF8.self)
        }
    }

    /// the byte form of ``validate(_:)``, also giving what the structural checks found
    /// (the canonical domain when they converted it). In `international`, the pattern sees the address with
    /// that A-label domain: the pattern decides the local part's syntax, the canonicaliser
    /// decides the domain.
    private func validate(_ utf8: UnsafeRawBufferPointer, findings: inout EmailStructure.Findings) -> EmailVerdict {
        guard utf8.count <= maxInputBytes else { return .invalid(.inputTooLong(limit: maxInputBytes)) }
        // The commonest valid address in one pass (the checks below walk it three times).
        if mode == .rfc5321, takesShortcut, EmailSyntaxShortcut.surelyValidRFC5321(utf8, policy: policy) { return .valid }
        if mode.checksStructure,
            let rejection = EmailStructure.rejection(
                utf8, international: mode == .international, policy: policy, findings: &findings)
        {
            return .invalid(rejection)
        }
        do {
            let matched: Bool
            if let domain = findings.canonicalDomain {
                // The local part is UTF-8 here (its check refuses anything else), so the
                // string holds its bytes as they are.
                matched = try pattern.matches(String(decoding: utf8[...findings.atIndex], as: UTF8.self) + domain)
            } else {
                // `rfc5321`'s structure check walked the domain's labels as the shortcut would
                // (not an address literal's, which it reads as an address instead).
                let labelsChecked = mode == .rfc5321 && utf8[findings.atIndex + 1] != UInt8(ascii: "[") ? findings.atIndex : nil
                matched =
                    try takesShortcut && EmailSyntaxShortcut.surelyMatches(utf8, mode: mode, labelsCheckedAfter: labelsChecked)
                    || pattern.matches(utf8)
            }
            if matched {
                if findings.localPartMayNeedNFC,
                    let rejection = EmailStructure.nfcRejection(utf8, atIndex: findings.atIndex)
                {
                    return .invalid(rejection)
                }
                return .valid
            }
            if mode == .html5, usesBuiltInPattern, let rejection = EmailStructure.html5Diagnosis(utf8) {
                return .invalid(rejection)
            }
            return .invalid(.patternMismatch(mode: mode))
        } catch let error as SanitizeError where error.code == .invalidUTF8 {
            return .invalid(.invalidUTF8)
        } catch {
            return .invalid(.matchLimitExceeded(mode: mode))
        }
    }

}
