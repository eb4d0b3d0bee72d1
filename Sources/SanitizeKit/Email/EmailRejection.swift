/// The rule an email address broke.
///
/// Each case names one rule; ``description`` says it in words with its source, and ``code``
/// is a stable identifier for scripts.
public enum EmailRejection: Hashable, Sendable, CustomStringConvertible {
    /// The input is longer than ``EmailValidator/maxInputBytes`` and was not examined.
    case inputTooLong(limit: Int)
    /// The input is not well-formed UTF-8.
    case invalidUTF8
    /// The address is over 254 octets (RFC 5321 §4.5.3.1.3: a path of 256 less `<` and `>`).
    case addressTooLong
    /// There is no `@` separating a local part from a domain.
    case missingAtSign
    /// Nothing before the `@`.
    case emptyLocalPart
    /// Nothing after the `@`.
    case emptyDomain
    /// The local part is over 64 octets (RFC 5321 §4.5.3.1.1).
    case localPartTooLong
    /// The domain is over 253 octets in its ASCII (A-label) form (RFC 1035 §2.3.4).
    case domainTooLong
    /// A domain label is empty: a leading, trailing or doubled dot (RFC 5321 §4.1.2 sub-domain).
    case emptyLabel
    /// A domain label is over 63 octets, in A-label form for a U-label (RFC 1035 §2.3.4).
    case labelTooLong
    /// A domain label starts or ends with a hyphen (RFC 5321 §4.1.2 Let-dig, RFC 5891 §4.2.3.1).
    case labelHyphenAtEdge
    /// A domain label holds a character other than letters, digits and hyphens
    /// (RFC 5321 §4.1.2 Ldh-str; for U-labels, letters, marks and digits of any script).
    case labelInvalidCharacter
    /// An `xn--` label is not the A-label of a U-label: bad Punycode, or it decodes to ASCII
    /// or to text that does not encode back to it (RFC 5890 §2.3.2.1, RFC 3492).
    case invalidALabel
    /// A U-label breaks RFC 5891 §4.2.3: `--` in positions 3–4, or a combining mark first.
    case invalidULabel
    /// An `[…]` address literal is not a valid IPv4 address, `IPv6:` address, or has an
    /// unknown tag (RFC 5321 §4.1.3).
    case invalidAddressLiteral
    /// The address does not match the mode's pattern.
    case patternMismatch(mode: EmailMode)
    /// The pattern gave up on this input at the PCRE2 match limit; treated as invalid.
    case matchLimitExceeded(mode: EmailMode)
    /// `international`: a character that is never safe in an address: General Category Cc, Cf,
    /// Zl, Zp, Zs (except U+0020 inside a quoted local part), Co, Cs or Cn (which holds the
    /// noncharacters). It may change how the address displays (bidi overrides), hide in it
    /// (zero-width and format characters) or break lines. `byteOffset` is where its UTF-8
    /// starts in the address.
    case refusedCharacter(Unicode.Scalar, byteOffset: Int)
    /// `international`: the local part (inside the quotes, when quoted) or the domain starts
    /// with a combining mark (General Category M), which would combine with whatever precedes
    /// the address or with the `@`.
    case leadingCombiningMark(Unicode.Scalar, byteOffset: Int)
    /// `international`: the local part is not in Unicode Normalization Form C (RFC 6532 §3.1).
    /// `normalized` is the whole address with its local part in NFC, offered for the caller to
    /// validate and use; the validator never substitutes it.
    case localPartNotNFC(normalized: String)
    /// `international`: a label of the A-label domain has `--` in positions 3–4 but is not an
    /// `xn--` A-label (a reserved LDH label, RFC 5890 §2.3.1).
    case reservedLabelHyphens
    /// `international`: the top-level label does not end with a letter. RFC 1123 §2.1: "the
    /// highest-level component label will be alphabetic" (RFC 3696 §2: never all-numeric);
    /// every top-level domain ends with a letter, A-labels included (Punycode's last digit is
    /// always a letter).
    case invalidTopLevelDomain
    /// The policy requires a dot in the domain (``EmailPolicy/requireDot``) and there is none.
    case domainWithoutDot
    /// The domain is, or ends in, a special-use name (``EmailPolicy/refuseSpecialUseNames``).
    case specialUseDomain(name: String)
    /// The policy refuses quoted local parts (``EmailPolicy/allowQuotedLocalPart``).
    case quotedLocalPartRefused
    /// The policy refuses address literals (``EmailPolicy/allowDomainLiteral``).
    case domainLiteralRefused
    /// `international`: UTS #46 processing (the package's one IDNA canonicaliser, also used
    /// for hosts) refused the domain: a disallowed code point, a joiner out of context
    /// (RFC 5892 Appendix A), a Bidi rule (RFC 5893 §2)… `code` is the canonicaliser's stable
    /// code (`idna-disallowed`, `idna-contextj`, `idna-bidi`, …); `reason` names the code point
    /// and its byte offset in the address, when there is one, and the rule.
    case idnaRefused(code: String, reason: String)

    /// A stable kebab-case identifier of the rule, such as `local-part-too-long`.
    public var code: String {
        switch self {
        case .inputTooLong: "input-too-long"
        case .invalidUTF8: "invalid-utf8"
        case .addressTooLong: "address-too-long"
        case .missingAtSign: "missing-at-sign"
        case .emptyLocalPart: "empty-local-part"
        case .emptyDomain: "empty-domain"
        case .localPartTooLong: "local-part-too-long"
        case .domainTooLong: "domain-too-long"
        case .emptyLabel: "empty-label"
        case .labelTooLong: "label-too-long"
        case .labelHyphenAtEdge: "label-hyphen-at-edge"
        case .labelInvalidCharacter: "label-invalid-character"
        case .invalidALabel: "invalid-a-label"
        case .invalidULabel: "invalid-u-label"
        case .invalidAddressLiteral: "invalid-address-literal"
        case .patternMismatch: "pattern-mismatch"
        case .matchLimitExceeded: "match-limit-exceeded"
        case .refusedCharacter: "refused-character"
        case .leadingCombiningMark: "leading-combining-mark"
        case .localPartNotNFC: "local-part-not-nfc"
        case .reservedLabelHyphens: "reserved-label-hyphens"
        case .invalidTopLevelDomain: "invalid-top-level-domain"
        case .domainWithoutDot: "domain-without-dot"
        case .specialUseDomain: "special-use-domain"
        case .quotedLocalPartRefused: "quoted-local-part-refused"
        case .domainLiteralRefused: "domain-literal-refused"
        case .idnaRefused(let code, _): code
        }
    }

    /// The rule in words, with its source, e.g. `local part is over 64 octets (RFC 5321 §4.5.3.1.1)`.
    public var description: String {
        switch self {
        case .inputTooLong(let limit): "input is over \(limit) bytes and was not examined"
        case .invalidUTF8: "input is not UTF-8"
        case .addressTooLong: "address is over 254 octets (RFC 5321 §4.5.3.1.3)"
        case .missingAtSign: "no @ between local part and domain"
        case .emptyLocalPart: "local part is empty"
        case .emptyDomain: "domain is empty"
        case .localPartTooLong: "local part is over 64 octets (RFC 5321 §4.5.3.1.1)"
        case .domainTooLong: "domain is over 253 octets (RFC 1035 §2.3.4)"
        case .emptyLabel: "domain has an empty label (leading, trailing or doubled dot)"
        case .labelTooLong: "domain label is over 63 octets (RFC 1035 §2.3.4)"
        case .labelHyphenAtEdge: "domain label starts or ends with a hyphen (RFC 5321 §4.1.2)"
        case .labelInvalidCharacter: "domain label has a character other than letters, digits, hyphen (RFC 5321 §4.1.2)"
        case .invalidALabel: "xn-- label is not a valid A-label (RFC 5890 §2.3.2.1, RFC 3492)"
        case .invalidULabel: "U-label has -- in positions 3-4 or starts with a combining mark (RFC 5891 §4.2.3)"
        case .invalidAddressLiteral: "address literal is not [IPv4] or [IPv6:...] (RFC 5321 §4.1.3)"
        case .patternMismatch(let mode): "does not match the \(mode) pattern"
        case .matchLimitExceeded(let mode): "the \(mode) pattern hit its match limit on this input"
        case .refusedCharacter(let scalar, let offset):
            "\(scalar.codePointLabel) at byte \(offset): \(Self.refusedKind(scalar)) (\(scalar.generalCategoryCode)) is never allowed in an address"
        case .leadingCombiningMark(let scalar, let offset):
            "\(scalar.codePointLabel) at byte \(offset): a combining mark cannot start the local part or the domain"
        case .localPartNotNFC(let normalized):
            "local part is not in Unicode NFC (RFC 6532 §3.1); NFC form: \(normalized)"
        case .reservedLabelHyphens: "domain label has -- in positions 3-4 but is not an xn-- A-label (RFC 5890 §2.3.1)"
        case .invalidTopLevelDomain: "top-level domain does not end with a letter (RFC 1123 §2.1, RFC 3696 §2)"
        case .domainWithoutDot: "domain has no dot (policy: require a dot)"
        case .specialUseDomain(let name): "domain is special-use name .\(name) (RFC 6761; policy: refuse special-use names)"
        case .quotedLocalPartRefused: "quoted local part (policy: quoted local parts refused)"
        case .domainLiteralRefused: "address literal (policy: domain literals refused)"
        case .idnaRefused(_, let reason): "domain is not a valid IDN (UTS #46): \(reason)"
        }
    }

    /// What kind of character a refused one is, in words.
    private static func refusedKind(_ scalar: Unicode.Scalar) -> String {
        if scalar.properties.isNoncharacterCodePoint { return "a noncharacter" }
        switch scalar.properties.generalCategory {
        case .control: return "a control character"
        case .format: return "a format character"
        case .spaceSeparator: return "a space outside a quoted local part, or a space other than U+0020"
        case .lineSeparator: return "a line separator"
        case .paragraphSeparator: return "a paragraph separator"
        case .privateUse: return "a private-use character"
        case .surrogate: return "a surrogate"
        default: return "an unassigned code point"
        }
    }
}
