@testable import SanitizeKit

/// One validator per mode, compiled once (PCRE2 JIT) and shared by every run.
let validators = EmailMode.allCases.map { EmailValidator(mode: $0) }

/// The same patterns in other words (an empty group at the end): not the built-in ones, so
/// these validators never take ``EmailSyntaxShortcut`` and always ask PCRE2.
let patternOnly = validators.map { validator in
    // The built-in patterns compile (a test holds them to it), and so does each with `(?:)`.
    try! EmailValidator(mode: validator.mode, pattern: validator.pattern.pattern + "(?:)")
}

/// `rfc5321` under the policies its one-pass check answers for (no special-use names refused:
/// the JSON Schema `email` format's, and the same with a dot required), each beside the same
/// pattern in other words, which never takes a shortcut.
let onePassPolicies: [(EmailValidator, EmailValidator)] = [false, true].map { requireDot in
    var policy = EmailPolicy.defaults(for: .rfc5321)
    policy.requireDot = requireDot
    policy.refuseSpecialUseNames = false
    let builtIn = EmailValidator(mode: .rfc5321, policy: policy)
    return (builtIn, try! EmailValidator(mode: .rfc5321, pattern: builtIn.pattern.pattern + "(?:)", policy: policy))
}

/// libFuzzer entry point for the email check in every mode.
///
/// A verdict is an ordinary value; what must hold is that no mode crashes or hangs, that the
/// byte and String entry points give the same verdict for valid UTF-8, and, for an address
/// `international` accepts (issue #21), that it holds no character of a refused General
/// Category (Cc, Cf, Zl, Zp, Co, Cs, Cn, and Zs other than U+0020) and that its A-label domain
/// goes through the canonicaliser again unchanged. The syntax shortcut changes no verdict: each
/// mode's verdict is the one its pattern alone gives (in `html5`, the validity: the pattern
/// alone names no rule), and so is `rfc5321`'s under the policies of its one-pass check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(validating: bytes, as: UTF8.self)
    for (validator, plain) in zip(validators, patternOnly) {
        let verdict = validator.validate(bytes)
        let alone = plain.validate(bytes)
        if validator.mode == .html5 ? alone.isValid != verdict.isValid : alone != verdict {
            fatalError("\(validator.mode): the shortcut's verdict \(verdict) differs from the pattern's \(alone)")
        }
        if let text, validator.validate(text) != verdict {
            fatalError("\(validator.mode): byte and String verdicts differ")
        }
        _ = verdict.rejection?.code
        if validator.mode == .international, verdict.isValid, let text {
            checkAccepted(text, by: validator)
        }
    }
    for (validator, plain) in onePassPolicies where validator.validate(bytes) != plain.validate(bytes) {
        fatalError("rfc5321 (\(validator.policy)): the one-pass verdict \(validator.validate(bytes)) differs from the checks one by one")
    }
    return 0
}

/// The property of an accepted `international` address.
func checkAccepted(_ address: String, by validator: EmailValidator) {
    for scalar in address.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            fatalError("international accepted U+\(String(scalar.value, radix: 16)) (refused category)")
        case .spaceSeparator where scalar != " ":
            fatalError("international accepted the space U+\(String(scalar.value, radix: 16))")
        default:
            break
        }
    }
    guard let at = address.utf8.lastIndex(of: UInt8(ascii: "@")) else { fatalError("accepted without @") }
    if address.utf8[address.utf8.index(after: at)] == UInt8(ascii: "[") { return }  // an address literal
    guard let domain = validator.asciiDomain(of: address) else { fatalError("accepted without an ASCII domain") }
    guard domain.utf8.allSatisfy({ $0 < 0x80 }) else { fatalError("the A-label domain \(domain) is not ASCII") }
    guard validator.asciiDomain(of: "x@" + domain) == domain else {
        fatalError("the A-label domain \(domain) does not round-trip through the canonicaliser")
    }
}
