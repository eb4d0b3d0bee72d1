/// Why UTS #46 processing refused a domain name: a stable code, the rule in words, and where
/// in the input the offending code point is.
package struct IDNAError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable identifier of the rule that failed.
    package enum Code: String, Sendable {
        /// A code point whose IdnaMappingTable status is disallowed (UTS #46 §4 step 1).
        case disallowed = "idna-disallowed"
        /// A code point in a decoded A-label whose status is not valid (UTS #46 §4.1 criterion 6).
        case codePoint = "idna-code-point"
        /// An `xn--` label whose Punycode does not decode (UTS #46 §4 step 4.1, RFC 3492 §6.2).
        case punycode = "idna-punycode"
        /// An `xn--` label that is not a canonical A-label: it decodes to nothing or to ASCII
        /// only, to text not in NFC, to a label starting with `xn--`, or does not encode back
        /// to the same text (UTS #46 §4 step 4.1, §4.1 criteria 1 and 3; RFC 5890 §2.3.2.1).
        case aLabel = "idna-a-label"
        /// `--` in positions 3 and 4, or a leading or trailing `-` (CheckHyphens, UTS #46 §4.1
        /// criteria 2 and 3; RFC 5891 §4.2.3.1).
        case hyphen = "idna-hyphen"
        /// A label that begins with a combining mark (UTS #46 §4.1 criterion 5, RFC 5891 §4.2.3.2).
        case leadingMark = "idna-leading-mark"
        /// A label holding a full stop after decoding (UTS #46 §4.1 criterion 4).
        case fullStop = "idna-full-stop"
        /// A ZERO WIDTH (NON-)JOINER outside the contexts of RFC 5892 Appendix A.1 and A.2
        /// (CheckJoiners, UTS #46 §4.1 criterion 7).
        case contextJ = "idna-contextj"
        /// A code point outside its IDNA2008 CONTEXTO context, or one of IDNA2008's DISALLOWED
        /// exceptions (``UTS46/Options/checkContextO``; RFC 5892 Appendix A.3–A.9, §2.6).
        case contextO = "idna-contexto"
        /// A label of a Bidi domain name that breaks a rule of RFC 5893 §2 (CheckBidi, UTS #46
        /// §4.1 criterion 8).
        case bidi = "idna-bidi"
        /// An empty label, or one longer than 63 octets in ASCII (VerifyDnsLength, UTS #46 §4.2
        /// step 4; RFC 1035 §2.3.4).
        case labelLength = "idna-label-length"
        /// A domain name longer than 253 octets in ASCII, or empty (VerifyDnsLength, UTS #46
        /// §4.2 step 4).
        case domainLength = "idna-domain-length"
        /// The result is the empty string (WHATWG URL "domain to ASCII" step 3).
        case empty = "idna-empty"
        /// The input is longer than ``UTS46/maxInputBytes``, or a label too long for Punycode
        /// (``Punycode/maxInputScalars``).
        case tooLong = "idna-too-long"
    }

    /// The rule that failed.
    package var code: Code
    /// The rule in words, with the code point (`U+202E`) and its byte offset when there is one.
    package var reason: String
    /// The code point at fault, when the rule names one.
    package var scalar: Unicode.Scalar?
    /// The offset, in UTF-8 bytes of the input, of the code point at fault (or of the start
    /// of its label, when the code point came from a mapping or a Punycode label).
    package var byteOffset: Int?

    /// Creates an error; the reason is `rule`, prefixed with the code point and its offset.
    /// - Parameters:
    ///   - code: the stable identifier of the rule.
    ///   - rule: what the rule requires, in words.
    ///   - scalar: the code point at fault, if any.
    ///   - byteOffset: its offset in the input, in UTF-8 bytes, if known.
    package init(_ code: Code, _ rule: String, scalar: Unicode.Scalar? = nil, byteOffset: Int? = nil) {
        self.code = code
        self.scalar = scalar
        self.byteOffset = byteOffset
        var where_ = ""
        if let scalar { where_ = Self.name(scalar) }
        if let byteOffset { where_ += (where_.isEmpty ? "" : " ") + "at byte \(byteOffset)" }
        reason = where_.isEmpty ? rule : where_ + ": " + rule
    }

    /// `code: reason`.
    package var description: String { "\(code.rawValue): \(reason)" }

    /// The `U+XXXX` name of a code point (at least four hex digits, uppercase).
    package static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
