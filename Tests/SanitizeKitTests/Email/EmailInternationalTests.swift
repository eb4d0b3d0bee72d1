import SanitizeKit
import Testing

/// international mode: expected answers from RFC 6531 §3.3 (UTF-8 local part, U-labels),
/// RFC 5890 §2.3.2.1 (A-labels), RFC 5891 §4.2.3 (U-label rules) and RFC 3492 (Punycode).
@Suite("Email international mode")
struct EmailInternationalTests {
    static let validator = EmailValidator(mode: .international)
    static let mismatch = EmailVerdict.mismatch(.international)

    static let cases: [EmailAddressCase] = [
        .init("simple@example.com", .valid, "RFC 6531 extends RFC 5321: ASCII stays valid"),
        .init("δοκιμή@example.com", .valid, "RFC 6531 §3.3 atext =/ UTF8-non-ascii"),
        .init("\"δοκιμή\"@example.com", .valid, "RFC 6531 §3.3 qtextSMTP =/ UTF8-non-ascii"),
        .init("Pelé@example.com", .valid, "RFC 6531 §3.3 accented Latin in the local part"),
        .init("用户@例子.广告", .valid, "RFC 6531 §3.3 sub-domain =/ U-label (Han)"),
        .init("실례@실례.테스트", .valid, "U-labels in Hangul"),
        .init("अजय@डाटा.भारत", .valid, "U-labels in Devanagari: combining marks after the first character"),
        .init("θσερ@εχαμπλε.ψομ", .valid, "U-labels in Greek"),
        .init("user@bücher.example", .valid, "a U-label mixing ASCII and non-ASCII letters"),
        .init("user@cafe\u{301}.com", .valid, "NFC is not required by the grammar (JSON-Schema-Test-Suite)"),
        .init("user@xn--bcher-kva.example", .valid, "RFC 5890 §2.3.2.1 a valid A-label (bücher)"),
        .init("user@XN--BCHER-KVA.example", .valid, "DNS labels compare without case (RFC 4343)"),
        .init("user@xn--9n2bp8q.xn--9t4b11yi5a", .valid, "A-labels of 실례.테스트"),
        .init("𝕏@example.com", .valid, "UTF8-non-ascii includes 4-byte sequences"),
        .init("\u{85}@example.com", .no(.refusedCharacter("\u{85}", byteOffset: 0)), "the grammar admits C1 controls; Cc is refused (issue #21)"),
        .init("user\u{A0}name@example.com", .no(.refusedCharacter("\u{A0}", byteOffset: 4)), "the grammar admits NO-BREAK SPACE; Zs is refused (issue #21)"),
        .init("user@[IPv6:::1]", .valid, "address literals as in RFC 5321 §4.1.3"),
        .init(String(repeating: "é", count: 32) + "@example.com", .valid, "64 octets of UTF-8 in the local part"),
        .init(String(repeating: "é", count: 33) + "@example.com", .no(.localPartTooLong), "the 64 limit counts octets, not characters"),
        .init("user＠example.com", .no(.missingAtSign), "FULLWIDTH COMMERCIAL AT does not separate"),
        .init("δοκιμή@", .no(.emptyDomain), "Domain is required"),
        .init("user@例え..テスト", .no(.emptyLabel), "sub-domain cannot be empty"),
        .init("user@例え。テスト", .valid, "UTS #46 maps IDEOGRAPHIC FULL STOP to a dot, as for hosts"),
        .init("user@ＥＸＡＭＰＬＥ.com", .valid, "UTS #46 maps fullwidth letters to ASCII"),
        .init("user@Bücher.example", .valid, "UTS #46 lowercases before encoding"),
        .init("user@☃.example", .valid, "UTS #46 admits symbols (status valid, NV8) that IDNA2008 disallows, as browsers do"),
        .init("user@a\u{FFFC}b.example", .no(.idnaRefused(code: "idna-disallowed", reason: "U+FFFC OBJECT REPLACEMENT CHARACTER at byte 6: the code point is disallowed in domain names (UTS #46 IdnaMappingTable)")), "OBJECT REPLACEMENT CHARACTER is disallowed by UTS #46"),
        .init("user@a\u{2488}b.example", .no(.idnaRefused(code: "idna-disallowed", reason: "U+2488 DIGIT ONE FULL STOP at byte 6: the code point is disallowed in domain names (UTS #46 IdnaMappingTable)")), "⒈ would map to \"1.\" without STD3 rules; Unicode 15 disallows it"),
        .init("user@a_b.example", .no(.labelInvalidCharacter), "UTS #46 without STD3 rules keeps _; RFC 5321 labels are LDH"),
        .init("user@ａ＿b.example", .no(.labelInvalidCharacter), "a fullwidth low line maps to _, refused on the A-label form"),
        .init("user@bü_cher.example", .no(.labelInvalidCharacter), "underscore in a U-label"),
        .init("user@bücher-.example", .no(.labelHyphenAtEdge), "RFC 5891 §4.2.3.1 no trailing hyphen"),
        .init("user@ab--ü.example", .no(.reservedLabelHyphens), "RFC 5891 §4.2.3.1 no \"--\" in positions 3 and 4 (UTS #46 CheckHyphens)"),
        .init("user@\u{301}abc.example", .no(.leadingCombiningMark("\u{301}", byteOffset: 5)), "a mark after the @ would combine with it"),
        .init("user@a.\u{301}abc.example", .no(.invalidULabel), "RFC 5891 §4.2.3.2 no leading combining mark (UTS #46 §4.1 criterion 5)"),
        .init("user@\u{FE04}abc.example", .no(.leadingCombiningMark("\u{FE04}", byteOffset: 5)), "even a variation selector that UTS #46 would drop"),
        .init("user@" + String(repeating: "ü", count: 60) + ".example", .no(.labelTooLong), "63 octets in A-label form"),
        .init("user@xn--.example", .no(.invalidALabel), "a bare xn-- decodes to nothing (UTS #46 §4 step 4.1)"),
        .init("user@xn--a.example", .no(.invalidALabel), "xn--a decodes to U+0080, a control: not a U-label"),
        .init("user@xn--abc.example", .no(.invalidALabel), "xn--abc decodes to controls, not a U-label"),
        .init("user@xn--ls8h.example", .valid, "xn--ls8h decodes to an emoji, valid under UTS #46 (not IDNA2008)"),
        .init("user@xn--bcher-kva9.example", .no(.invalidALabel), "trailing garbage is not Punycode of a U-label"),
        .init("user@xn--abcdef-.example", .no(.invalidALabel), "its Punycode does not decode"),
        .init("δοκ ιμή@example.com", .no(.refusedCharacter(" ", byteOffset: 6)), "SP is not atext, even among UTF-8; named with its offset"),
        .init(".δοκιμή@example.com", mismatch, "Dot-string cannot start with a dot"),
    ]

    @Test(arguments: cases)
    func international(_ example: EmailAddressCase) {
        #expect(Self.validator.validate(example.address) == example.expected)
    }

    @Test func invalidUTF8InTheLocalPartIsInvalid() {
        let bytes: [UInt8] = [0x61, 0xC3, 0x28] + Array("@example.com".utf8)
        #expect(bytes.withUnsafeBytes { Self.validator.validate($0) } == .invalid(.invalidUTF8))
        let domainBytes: [UInt8] = Array("a@b".utf8) + [0xE2, 0x82] + Array(".com".utf8)
        #expect(domainBytes.withUnsafeBytes { Self.validator.validate($0) } == .invalid(.invalidUTF8))
    }
}
