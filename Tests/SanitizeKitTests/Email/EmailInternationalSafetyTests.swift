import SanitizeKit
import Testing

/// international mode beyond the grammar (issue #21): no character that is unsafe in an
/// address, NFC local parts, lengths on the A-label form, real top-level domains.
@Suite("Email international mode: unsafe characters, NFC, A-label lengths")
struct EmailInternationalSafetyTests {
    static let validator = EmailValidator(mode: .international)

    /// Separators, C0/C1 controls, bidi embeddings, overrides and isolates, zero-width and
    /// other format characters, soft hyphen, BOM, private use, noncharacters, unassigned.
    static let unsafe: [UInt32] = [
        0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x7F,  // C0 and DEL (Cc)
        0x80, 0x85, 0x9F,  // C1 (Cc)
        0xA0, 0x1680, 0x2000, 0x200A, 0x202F, 0x205F, 0x3000,  // Zs
        0x2028, 0x2029,  // Zl, Zp
        0x00AD, 0x061C, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F,  // Cf
        0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF, 0xE0001,  // Cf
        0xE000, 0xF8FF, 0xF0000, 0x10FFFD,  // Co
        0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF,  // noncharacters (Cn)
        0x0378, 0xE0080,  // unassigned (Cn)
    ]

    @Test(arguments: unsafe)
    func anUnsafeCharacterInsideTheLocalPartIsRefusedByNameAndOffset(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let verdict = Self.validator.validate("a\(Character(scalar))b@example.com")
        #expect(verdict == .invalid(.refusedCharacter(scalar, byteOffset: 1)))
        #expect(verdict.rejection?.code == "refused-character")
    }

    @Test(arguments: unsafe)
    func anUnsafeCharacterIsRefusedFirstLastAndInQuotes(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = String(Character(scalar))
        #expect(Self.validator.validate("\(text)x@example.com") == .invalid(.refusedCharacter(scalar, byteOffset: 0)))
        #expect(Self.validator.validate("x\(text)@example.com") == .invalid(.refusedCharacter(scalar, byteOffset: 1)))
        #expect(Self.validator.validate("\"x\(text)\"@example.com") == .invalid(.refusedCharacter(scalar, byteOffset: 2)))
    }

    @Test(arguments: unsafe)
    func anUnsafeCharacterInTheDomainIsRefusedBeforeMapping(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let verdict = Self.validator.validate("me@ex\(Character(scalar))ample.com")
        #expect(verdict == .invalid(.refusedCharacter(scalar, byteOffset: 5)))
    }

    @Test func theIssuesFiveAddressesAreInvalidForTheRightReason() {
        #expect(Self.validator.validate("a\u{202E}b@example.com") == .invalid(.refusedCharacter("\u{202E}", byteOffset: 1)))
        #expect(Self.validator.validate("\u{200B}@example.com") == .invalid(.refusedCharacter("\u{200B}", byteOffset: 0)))
        #expect(Self.validator.validate("a\u{2028}b@example.com") == .invalid(.refusedCharacter("\u{2028}", byteOffset: 1)))
        #expect(Self.validator.validate("me@bad.tld-2") == .invalid(.invalidTopLevelDomain))
        #expect(Self.validator.validate("me@yy--0.tld") == .invalid(.reservedLabelHyphens))
    }

    @Test func aRefusalNamesTheCharacterAndItsByteOffset() {
        let rejection = Self.validator.validate("a\u{202E}b@example.com").rejection
        #expect(rejection?.description.hasPrefix("U+202E RIGHT-TO-LEFT OVERRIDE at byte 1: a format character (Cf)") == true)
        let control = Self.validator.validate("ab\u{85}@example.com").rejection
        #expect(control?.description.hasPrefix("U+0085 <control-0085> at byte 2: a control character (Cc)") == true)
        let noncharacter = Self.validator.validate("\u{FFFF}@example.com").rejection
        #expect(noncharacter?.description.hasPrefix("U+FFFF <noncharacter-FFFF> at byte 0: a noncharacter") == true)
        let privateUse = Self.validator.validate("ä\u{E000}@example.com").rejection
        #expect(privateUse?.description.hasPrefix("U+E000 <private-use-E000> at byte 2") == true)
    }

    static let allowed: [EmailAddressCase] = [
        .init("\"a b\"@example.com", .valid, "U+0020 inside a quoted local part (RFC 5321 §4.1.2 qtextSMTP)"),
        .init("Pelé@example.com", .valid, "letters of any script"),
        .init("a\u{316}b@example.com", .valid, "a combining mark after a base character (no precomposed form)"),
        .init("user+δοκιμή-1.x@example.com", .valid, "punctuation, symbols and digits of atext with letters"),
        .init("€$@example.com", .valid, "symbols (Sc) are not refused"),
        .init("क्ष@example.com", .valid, "Devanagari with a virama (Mn) inside"),
        .init("👍@example.com", .valid, "an emoji (So) in the local part"),
    ]

    @Test(arguments: allowed)
    func safeCharactersStayValid(_ example: EmailAddressCase) {
        #expect(Self.validator.validate(example.address) == example.expected)
    }

    static let marks: [UInt32] = [0x0301, 0x0903, 0x20DD, 0x093F, 0xFE20]

    @Test(arguments: marks)
    func aCombiningMarkCannotStartTheLocalPart(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let mark = String(Character(scalar))
        #expect(Self.validator.validate("\(mark)a@example.com") == .invalid(.leadingCombiningMark(scalar, byteOffset: 0)))
        #expect(Self.validator.validate("\"\(mark)a\"@example.com") == .invalid(.leadingCombiningMark(scalar, byteOffset: 1)))
    }

    @Test func aLocalPartNotInNFCIsRefusedAndItsNFCFormOffered() throws {
        let verdict = Self.validator.validate("cafe\u{301}@example.com")
        let rejection = try #require(verdict.rejection)
        guard case .localPartNotNFC(let normalized) = rejection else {
            Issue.record("expected local-part-not-nfc, got \(rejection)")
            return
        }
        #expect(Array(normalized.utf8) == Array("caf\u{E9}@example.com".utf8))
        #expect(rejection.code == "local-part-not-nfc")
        #expect(Self.validator.validate(normalized) == .valid)
        // Hangul jamo compose to a syllable; a reordered pair of marks is not NFC either.
        #expect(Self.validator.validate("\u{1100}\u{1161}@example.com").rejection?.code == "local-part-not-nfc")
        #expect(Self.validator.validate("a\u{301}\u{316}@example.com").rejection?.code == "local-part-not-nfc")
        // The same text in NFC is valid; NFD in the domain is mapped by the canonicaliser.
        #expect(Self.validator.validate("caf\u{E9}@example.com") == .valid)
        #expect(Self.validator.validate("\u{AC00}@example.com") == .valid)
    }

    @Test func lengthsCountTheALabelForm() throws {
        // "ü" + 50 letters: 52 octets of UTF-8, longer as an A-label.
        let label = "ü" + String(repeating: "a", count: 50)
        let aLabel = try #require(Punycode.encode(Array(label.unicodeScalars))).utf8.count + 4
        #expect(aLabel > 52)
        let domain = Array(repeating: label, count: 4).joined(separator: ".") + ".com"
        let aDomain = 4 * aLabel + 3 + 4
        #expect(domain.utf8.count == 215)
        // The longest local part that fits with the A-label domain, and one more octet.
        let fits = String(repeating: "l", count: 254 - 1 - aDomain)
        #expect((fits + "l@" + domain).utf8.count <= 254, "as written, the address is short enough")
        #expect(Self.validator.validate(fits + "@" + domain) == .valid)
        #expect(Self.validator.validate(fits + "l@" + domain) == .invalid(.addressTooLong))
        // The domain: at most 253 octets as A-labels even when shorter as written.
        let tail = String(repeating: "c", count: 250 - 4 * 52 - 4)
        let longDomain = Array(repeating: label, count: 4).joined(separator: ".") + "." + tail
        #expect(longDomain.utf8.count == 250)
        #expect(Self.validator.validate("l@" + longDomain) == .invalid(.domainTooLong))
        // A U-label whose A-label is over 63 octets.
        let longLabel = try #require((40...63).first { count in
            let scalars = Array(("ü" + String(repeating: "a", count: count)).unicodeScalars)
            return (Punycode.encode(scalars)?.utf8.count ?? 0) + 4 > 63
        })
        #expect(Self.validator.validate("l@ü" + String(repeating: "a", count: longLabel) + ".com") == .invalid(.labelTooLong))
        #expect(Self.validator.validate("l@ü" + String(repeating: "a", count: longLabel - 1) + ".com") == .valid)
    }

    static let topLevel: [EmailAddressCase] = [
        .init("me@example.123", .no(.invalidTopLevelDomain), "RFC 3696 §2: a top-level domain is never all-numeric"),
        .init("me@1.2.3.4", .no(.invalidTopLevelDomain), "a dotted quad without brackets is not a domain"),
        .init("me@bad.tld-2", .no(.invalidTopLevelDomain), "RFC 1123 §2.1: the highest-level label is alphabetic"),
        .init("me@example.c0m", .valid, "a digit inside the top-level label"),
        .init("me@example.xn--p1ai", .valid, "an A-label top-level domain (.рф) ends with a letter"),
        .init("me@example.рф", .valid, "a U-label top-level domain"),
        .init("me@yy--0.tld", .no(.reservedLabelHyphens), "RFC 5890 §2.3.1: -- in positions 3-4 is reserved"),
        .init("me@a.ab--cd.com", .no(.reservedLabelHyphens), "in any label"),
        .init("me@XN--BCHER-KVA.com", .valid, "an xn-- A-label is the exception"),
        .init("me@a-b--c.com", .valid, "-- elsewhere than positions 3-4"),
    ]

    @Test(arguments: topLevel)
    func topLevelDomainsAndReservedLabels(_ example: EmailAddressCase) {
        #expect(Self.validator.validate(example.address) == example.expected)
    }

    @Test func theASCIIModesAreUnchangedByTheInternationalRules() {
        let rfc5321 = EmailValidator(mode: .rfc5321, policy: EmailRFC5321Tests.grammarOnly)
        for address in ["me@yy--0.tld", "me@example.123", "admin@mailserver1", "me@x.test", "me@localhost"] {
            #expect(rfc5321.validate(address) == .valid, "\(address)")
        }
    }
}
