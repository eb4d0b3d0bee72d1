/// Host and address formats: RFC 2673 §3.2 `ipv4` (dotted quad), RFC 4291 §2.2 `ipv6`,
/// RFC 1123 §2.1 `hostname`, and RFC 5321 §4.1.2 `email` (the email part's
/// ``EmailValidator`` in ``EmailMode/rfc5321`` mode).
enum NetworkFormat {
    static func isIPv4(_ text: UnsafeRawBufferPointer) -> Bool {
        isIPv4(text, 0, text.count)
    }

    static func isIPv4(_ text: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        var parts = 0
        var index = start
        while true {
            let first = index
            var value = 0
            while index < end, text[index] &- 0x30 < 10 {
                value = value * 10 + Int(text[index] - 0x30)
                index += 1
                if index - first > 3 { return false }
            }
            let length = index - first
            guard length > 0, value <= 255, !(length > 1 && text[first] == 0x30) else { return false }
            parts += 1
            if index == end { break }
            guard text[index] == 0x2E, parts < 4 else { return false }
            index += 1
        }
        return parts == 4
    }

    static func isIPv6(_ text: UnsafeRawBufferPointer) -> Bool {
        isIPv6(text, 0, text.count)
    }

    static func isIPv6(_ text: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 2 else { return false }
        var groups = 0
        var compressed = false
        var index = start
        if text[index] == 0x3A {
            guard text[index + 1] == 0x3A else { return false }
            compressed = true
            index += 2
            if index == end { return true }
        }
        while index < end {
            let first = index
            while index < end, JSONParser.hexValue(text[index]) != nil { index += 1 }
            let length = index - first
            if index < end, text[index] == 0x2E {
                // Embedded IPv4 in the last 32 bits.
                guard isIPv4(text, first, end) else { return false }
                groups += 2
                index = end
                break
            }
            guard length >= 1, length <= 4 else { return false }
            groups += 1
            if index == end { break }
            guard text[index] == 0x3A else { return false }
            index += 1
            if index < end, text[index] == 0x3A {
                guard !compressed else { return false }
                compressed = true
                index += 1
                if index == end { break }
            } else if index == end {
                return false
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    /// RFC 1123 §2.1 hostname: dot-separated labels of letters, digits and hyphens, 1–63 bytes
    /// each, no hyphen at either end, at most 253 bytes, no empty label (so no trailing dot);
    /// a label with `--` in positions 3–4 must be an `xn--` A-label that the package's one IDNA
    /// implementation accepts (``UTS46/isValidALabel(_:options:)`` with CheckHyphens and the
    /// IDNA2008 CONTEXTO rules).
    static func isHostname(_ text: UnsafeRawBufferPointer) -> Bool {
        let count = text.count
        guard count > 0, count <= 253 else { return false }
        var labelStart = 0
        var index = 0
        while index <= count {
            if index == count || text[index] == 0x2E {
                let length = index - labelStart
                guard length >= 1, length <= 63, text[labelStart] != 0x2D, text[index - 1] != 0x2D else { return false }
                if length >= 4, text[labelStart + 2] == 0x2D, text[labelStart + 3] == 0x2D {
                    let prefix = (text[labelStart] | 0x20, text[labelStart + 1] | 0x20)
                    let label = String(decoding: text[labelStart..<index], as: UTF8.self)
                    guard prefix == (0x78, 0x6E), length > 4,
                        UTS46.isValidALabel(label, options: [.checkHyphens, .checkContextO])
                    else { return false }
                }
                labelStart = index + 1
            } else {
                let byte = text[index]
                let isAlnum = (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
                guard isAlnum || byte == 0x2D else { return false }
            }
            index += 1
        }
        return true
    }

    /// The email part's RFC 5321 mode (dot-atom or quoted local part, hostname or address
    /// literal) with RFC 5321's own grammar: a dotless or special-use domain is a valid
    /// Mailbox (§4.1.2), so the mode's deliverability defaults are off here.
    static let emailValidator = EmailValidator(
        mode: .rfc5321,
        policy: EmailPolicy(
            requireDot: emailRequiresDot, refuseSpecialUseNames: false, allowQuotedLocalPart: true, allowDomainLiteral: true))

    /// Whether ``emailValidator`` requires a dot in the domain (a constant of its own, so that
    /// ``isEmail(_:)`` asks the validator's first test without reading the validator).
    private static let emailRequiresDot = false

    static func isEmail(_ text: UnsafeRawBufferPointer) -> Bool {
        // The validator's own first test (``EmailValidator/validate(_:)``: the commonest valid
        // address in one pass), asked before the validator is read: reading a global made on
        // first use, and the verdict it returns, cost more than the test (150 of the 550
        // instructions of a plain address).
        EmailSyntaxShortcut.surelyValidRFC5321(text, requiringDot: emailRequiresDot) || emailValidator.validate(text).isValid
    }

    /// The `idn-email` format (RFC 6531): the email part's `international` mode with its
    /// default policy: no unsafe or invisible character, NFC local part, the domain through
    /// the package's UTS #46 canonicaliser, lengths on its A-label form, a dot and no
    /// special-use name (docs/email.md).
    static let idnEmailValidator = EmailValidator(mode: .international)

    static func isIDNEmail(_ text: UnsafeRawBufferPointer) -> Bool {
        idnEmailValidator.validate(text).isValid
    }
}
