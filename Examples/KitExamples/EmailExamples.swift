import SanitizeKit

/// docs/email.md: `bytes` an address straight from a buffer.
func emailExamples(bytes: [UInt8]) throws {
    let validator = EmailValidator(mode: .rfc5321)          // compiled once; Sendable, share it
    print(validator.validate("joe@example.com"))            // valid
    print(validator.validate("\"joe bloggs\"@[IPv6:2001:db8::1]"))   // valid
    print(validator.validate(String(repeating: "a", count: 65) + "@example.com"))
    // invalid: local part is over 64 octets (RFC 5321 §4.5.3.1.1)   (.invalid(.localPartTooLong))

    if case .invalid(let rejection) = EmailValidator(mode: .html5).validate("\"joe\"@example.com") {
        print(rejection.code, rejection)                    // pattern-mismatch does not match the html5 pattern
    }
    print(EmailValidator().validate("joe@example..com"))    // invalid: domain has an empty label … (html5 is the default)

    // Your own pattern, or your own rules directory (<dir>/email/<mode>.pcre):
    let corporate = try EmailValidator(mode: .html5, pattern: #"[a-z.]+@corp\.example"#)
    let custom = try EmailValidator(mode: .rfc5321, rulesDirectory: "/etc/myapp/Rules")
    print(corporate.validate("ada@corp.example"), custom.validate("ada@example.com"))

    // Bytes straight from a buffer (invalid UTF-8 is an invalid address, not an error):
    print(validator.validate(bytes))                        // [UInt8], Data, text.utf8: any bytes

    // International addresses: unsafe characters are named, NFC is offered, never applied.
    let international = EmailValidator(mode: .international)
    print(international.validate("a\u{202E}b@example.com"))   // .invalid(.refusedCharacter("\u{202E}", byteOffset: 1)):
    // invalid: U+202E RIGHT-TO-LEFT OVERRIDE at byte 1: a format character (Cf) is never allowed in an address
    if case .invalid(.localPartNotNFC(let normalized)) = international.validate("cafe\u{301}@example.com") {
        print(normalized)                                   // "café@example.com" (NFC): validate it, then use it
    }
    print(international.asciiDomain(of: "josé@Bücher.example") ?? "")   // "xn--bcher-kva.example"

    // Policy options (defaults in Rules/email/policy.json; see "International addresses" below):
    print(EmailValidator(mode: .rfc5321).validate("admin@mailserver1"))   // invalid: domain has no dot (policy: require a dot)
    var policy = EmailPolicy.defaults(for: .rfc5321)
    policy.requireDot = false                               // RFC 5321's grammar alone allows a dotless domain
    print(EmailValidator(mode: .rfc5321, policy: policy).validate("admin@mailserver1"))   // valid
}
