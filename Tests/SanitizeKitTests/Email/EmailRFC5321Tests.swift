import SanitizeKit
import Testing

/// RFC 5321 mode: expected answers from RFC 5321 §4.1.2 (Mailbox syntax), §4.1.3 (address
/// literals), §4.5.3.1 (size limits) and RFC 1035 §2.3.4 (label size).
@Suite("Email rfc5321 mode")
struct EmailRFC5321Tests {
    /// RFC 5321's grammar alone: these vectors test the Mailbox syntax, so the mode's
    /// deliverability defaults (a dot, no special-use name) are off (``EmailPolicyTests``).
    static let validator = EmailValidator(mode: .rfc5321, policy: grammarOnly)
    static let grammarOnly = EmailPolicy(requireDot: false, refuseSpecialUseNames: false, allowQuotedLocalPart: true, allowDomainLiteral: true)
    static let mismatch = EmailVerdict.mismatch(.rfc5321)

    static let cases: [EmailAddressCase] = [
        // Dot-string = Atom *("." Atom), Atom = 1*atext (§4.1.2, atext from RFC 5322 §3.2.3)
        .init("simple@example.com", .valid, "§4.1.2 Dot-string of one Atom"),
        .init("very.common@example.com", .valid, "§4.1.2 Dot-string: Atoms joined by single dots"),
        .init("disposable.style.email.with+symbol@example.com", .valid, "atext includes +"),
        .init("other.email-with-hyphen@example.com", .valid, "atext includes -"),
        .init("user.name+tag+sorting@example.com", .valid, "atext includes +, repeated"),
        .init("x@example.com", .valid, "Atom = 1*atext: one character is enough"),
        .init("test/test@test.com", .valid, "atext includes /"),
        .init("mailhost!username@example.org", .valid, "atext includes !"),
        .init("user%example.com@example.org", .valid, "atext includes %"),
        .init("user-@example.org", .valid, "atext includes -, also last"),
        .init("!#$%&'*+-/=?^_`{|}~@example.org", .valid, "every atext special"),
        .init("#@example.com", .valid, "a lone atext special is an Atom"),
        .init("USER@EXAMPLE.COM", .valid, "ALPHA is both cases"),
        .init("123@456.789", .valid, "atext DIGIT; Let-dig allows all-digit labels"),
        .init(".user@example.com", mismatch, "§4.1.2 Dot-string cannot start with a dot"),
        .init("user.@example.com", mismatch, "§4.1.2 Dot-string cannot end with a dot"),
        .init("us..er@example.com", mismatch, "§4.1.2 Dot-string: no empty Atom between dots"),
        .init("A@b@c@example.com", mismatch, "@ is not atext; unquoted it cannot be in the local part"),
        .init(#"a"b(c)d,e:f;g<h>i[j\k]l@example.com"#, mismatch, "specials are not atext"),
        .init(#"just"not"right@example.com"#, mismatch, "DQUOTE is not atext; a quoted string must be the whole local part"),
        .init(#"this is"not\allowed@example.com"#, mismatch, "SP and backslash are not atext"),
        .init(#"this\ still\"not\\allowed@example.com"#, mismatch, "quoted-pair exists only inside a Quoted-string"),
        .init(" user@example.com", mismatch, "no white space before the Mailbox"),
        .init("üser@example.com", mismatch, "atext is ASCII in RFC 5321 (RFC 6531 extends it)"),
        .init("user\n@example.com", mismatch, "LF is not atext"),
        .init("a@b@c", mismatch, "the last @ separates the domain; the rest is not a Dot-string"),
        // Quoted-string = DQUOTE *QcontentSMTP DQUOTE (§4.1.2)
        .init("\" \"@example.org", .valid, "qtextSMTP includes SP (%d32)"),
        .init("\"john..doe\"@example.org", .valid, "dots are free inside a Quoted-string"),
        .init(#""a\"b"@example.org"#, .valid, "quoted-pairSMTP escapes DQUOTE"),
        .init(#""a\\b"@example.org"#, .valid, "quoted-pairSMTP escapes backslash"),
        .init("\"@\"@example.org", .valid, "@ is qtextSMTP"),
        .init("\"\"@example.org", .valid, "*QcontentSMTP allows an empty Quoted-string"),
        .init("\"joe bloggs\"@example.com", .valid, "SP inside a Quoted-string"),
        .init("\"(comment)\"@example.com", .valid, "parentheses are qtextSMTP"),
        .init("\"unterminated@example.com", mismatch, "a Quoted-string needs its closing DQUOTE"),
        .init("\"a\"b\"@example.com", mismatch, "an unescaped DQUOTE ends the Quoted-string"),
        .init("\"tab\there\"@example.com", mismatch, "HTAB is not qtextSMTP (%d32-33 / %d35-91 / %d93-126)"),
        .init("\"\\\"@example.com", mismatch, "the escaped DQUOTE does not close the string"),
        .init("\"new\nline\"@example.com", mismatch, "LF is not qtextSMTP"),
        .init("\"a\\\u{7F}\"@example.com", mismatch, "quoted-pairSMTP is %d92 %d32-126: DEL cannot be escaped"),
        // RFC 5322 comments and CFWS are not part of RFC 5321 Mailbox
        .init("john(comment)@example.com", mismatch, "no comments in an RFC 5321 local part"),
        .init("(comment)john@example.com", mismatch, "no comments in an RFC 5321 local part"),
        .init("john@(comment)example.com", .no(.labelInvalidCharacter), "no comments in an RFC 5321 Domain"),
        .init("john@example.com(comment)", .no(.labelInvalidCharacter), "no comments in an RFC 5321 Domain"),
        .init("Joe <joe@example.com>", .no(.labelInvalidCharacter), "a name-addr is a header form, not a Mailbox"),
        .init("user1@oceania.org, user2@oceania.org", mismatch, "one Mailbox, not a list: SP and , are not atext"),
        // Structure
        .init("", .no(.missingAtSign), "Mailbox = Local-part \"@\" Domain"),
        .init("plainaddress", .no(.missingAtSign), "Mailbox needs \"@\""),
        .init("Abc.example.com", .no(.missingAtSign), "Mailbox needs \"@\""),
        .init("@example.com", .no(.emptyLocalPart), "Local-part is not optional"),
        .init("user@", .no(.emptyDomain), "Domain is not optional"),
        .init("user＠example.com", .no(.missingAtSign), "FULLWIDTH COMMERCIAL AT is not \"@\""),
        // Domain = sub-domain *("." sub-domain), sub-domain = Let-dig [Ldh-str] (§4.1.2)
        .init("example-indeed@strange-example.com", .valid, "Ldh-str allows inner hyphens"),
        .init("admin@mailserver1", .valid, "Domain may be one sub-domain"),
        .init("example@s.example", .valid, "a sub-domain may be one Let-dig"),
        .init("user@sub.sub.sub.example.com", .valid, "any number of sub-domains"),
        .init("user@1.2.3.4", .valid, "all-digit sub-domains are Let-dig (not an address literal)"),
        .init("user@a-b-c.d-e.f", .valid, "hyphens inside labels"),
        .init("user@a--b.example", .valid, "consecutive inner hyphens are Ldh-str"),
        .init("user@xn--bcher-kva.example", .valid, "an A-label is an LDH label"),
        .init("a@b.c", .valid, "one-letter labels everywhere"),
        .init("user@example..com", .no(.emptyLabel), "sub-domain cannot be empty"),
        .init("user@.example.com", .no(.emptyLabel), "Domain cannot start with a dot"),
        .init("user@example.com.", .no(.emptyLabel), "Domain cannot end with a dot (no root label)"),
        .init("user@-example.com", .no(.labelHyphenAtEdge), "sub-domain starts with Let-dig"),
        .init("user@example-.com", .no(.labelHyphenAtEdge), "Ldh-str ends with Let-dig"),
        .init("user@example.-com", .no(.labelHyphenAtEdge), "every sub-domain starts with Let-dig"),
        .init("user@exa_mple.com", .no(.labelInvalidCharacter), "underscore is not LDH"),
        .init("user@exa mple.com", .no(.labelInvalidCharacter), "SP is not LDH"),
        .init("joe.bloggs@invalid=domain.com", .no(.labelInvalidCharacter), "= is not LDH"),
        .init("user@exämple.com", .no(.labelInvalidCharacter), "RFC 5321 labels are ASCII (RFC 6531 adds U-labels)"),
        .init("user@example.com ", .no(.labelInvalidCharacter), "trailing SP is not LDH"),
        .init("user@exam\u{0}ple.com", .no(.labelInvalidCharacter), "NUL is not LDH"),
        .init("user@192.168.2.1]", .no(.labelInvalidCharacter), "] outside an address literal"),
        // address-literal = "[" ( IPv4-address-literal / IPv6-address-literal / General-address-literal ) "]" (§4.1.3)
        .init("user@[192.168.2.1]", .valid, "IPv4-address-literal = Snum 3(\".\" Snum)"),
        .init("user@[0.0.0.0]", .valid, "Snum 0"),
        .init("user@[255.255.255.255]", .valid, "Snum 255"),
        .init("user@[001.002.003.004]", .valid, "Snum = 1*3DIGIT: leading zeros are digits"),
        .init("joe.bloggs@[127.0.0.1]", .valid, "IPv4 loopback literal"),
        .init("user@[256.1.1.1]", .no(.invalidAddressLiteral), "Snum represents 0 through 255"),
        .init("joe.bloggs@[127.0.0.300]", .no(.invalidAddressLiteral), "Snum represents 0 through 255"),
        .init("user@[1.2.3]", .no(.invalidAddressLiteral), "IPv4 needs four Snum"),
        .init("user@[1.2.3.4.5]", .no(.invalidAddressLiteral), "IPv4 has exactly four Snum"),
        .init("user@[1234.1.1.1]", .no(.invalidAddressLiteral), "Snum is at most 3 digits"),
        .init("user@[1..2.3]", .no(.invalidAddressLiteral), "Snum is at least 1 digit"),
        .init("user@[192.168.2.1", .no(.invalidAddressLiteral), "address-literal needs its \"]\""),
        .init("user@[]", .no(.invalidAddressLiteral), "an address literal cannot be empty"),
        .init("user@[IPv6:2001:db8::1]", .valid, "IPv6-comp"),
        .init("user@[IPv6:2001:0db8:85a3:0000:0000:8a2e:0370:7334]", .valid, "IPv6-full: 8 groups"),
        .init("joe.bloggs@[IPv6:::1]", .valid, "IPv6-comp with an empty head"),
        .init("user@[IPv6:::]", .valid, "IPv6-comp: both sides of :: are optional"),
        .init("user@[IPv6:1::]", .valid, "IPv6-comp with an empty tail"),
        .init("user@[IPv6:1:2:3:4:5:6::]", .valid, "IPv6-comp: up to 6 groups besides ::"),
        .init("user@[IPv6:::ffff:192.0.2.1]", .valid, "IPv6v4-comp"),
        .init("user@[IPv6:1:2:3:4:5:6:192.0.2.1]", .valid, "IPv6v4-full: 6 groups and IPv4"),
        .init("user@[IPv6:1:2:3:4::192.0.2.1]", .valid, "IPv6v4-comp: up to 4 groups besides ::"),
        .init("user@[ipv6:::1]", .valid, "ABNF strings are case-insensitive (RFC 5234 §2.3)"),
        .init("user@[IPv6:1:2:3:4:5:6:7]", .no(.invalidAddressLiteral), "IPv6-full needs 8 groups"),
        .init("user@[IPv6:1:2:3:4:5:6:7:8:9]", .no(.invalidAddressLiteral), "IPv6-full has exactly 8 groups"),
        .init("user@[IPv6:1:2:3:4:5:6:7::]", .no(.invalidAddressLiteral), "\"::\" stands for at least 2 groups: at most 6 others"),
        .init("user@[IPv6:1::2::3]", .no(.invalidAddressLiteral), "only one \"::\""),
        .init("user@[IPv6:12345::1]", .no(.invalidAddressLiteral), "IPv6-hex = 1*4HEXDIG"),
        .init("user@[IPv6:g::1]", .no(.invalidAddressLiteral), "IPv6-hex is hexadecimal"),
        .init("user@[IPv6::1]", .no(.invalidAddressLiteral), "a single leading colon is no group"),
        .init("user@[IPv6:1:2:3:4:5:6:7:1.2.3.4]", .no(.invalidAddressLiteral), "IPv6v4-full has 6 groups"),
        .init("user@[IPv6:1:2:3:4:5::1.2.3.4]", .no(.invalidAddressLiteral), "IPv6v4-comp: at most 4 groups besides ::"),
        .init("user@[IPv6:::1.2.3.256]", .no(.invalidAddressLiteral), "the IPv4 part obeys Snum"),
        .init("user@[IPv6:]", .no(.invalidAddressLiteral), "IPv6-addr cannot be empty"),
        .init("user@[2001:db8::1]", .no(.invalidAddressLiteral), "an IPv6 literal needs the \"IPv6:\" tag"),
        .init("user@[foo:bar]", .no(.invalidAddressLiteral), "General-address-literal needs an IANA-registered tag"),
        // Size limits (§4.5.3.1)
        .init(Filler.letters(64) + "@example.com", .valid, "§4.5.3.1.1 local part of 64 octets"),
        .init(Filler.letters(65) + "@example.com", .no(.localPartTooLong), "§4.5.3.1.1 local part over 64 octets"),
        .init("\"" + Filler.letters(62) + "\"@example.com", .valid, "§4.5.3.1.1 a 64-octet Quoted-string"),
        .init("\"" + Filler.letters(63) + "\"@example.com", .no(.localPartTooLong), "§4.5.3.1.1 quotes count"),
        .init("user@" + Filler.letters(63) + ".com", .valid, "RFC 1035 §2.3.4 label of 63 octets"),
        .init("user@" + Filler.letters(64) + ".com", .no(.labelTooLong), "RFC 1035 §2.3.4 label over 63 octets"),
        .init(Filler.letters(64) + "@" + Filler.domain(189), .valid, "§4.5.3.1.3 address of 254 octets"),
        .init(Filler.letters(64) + "@" + Filler.domain(190), .no(.addressTooLong), "§4.5.3.1.3 address over 254 octets"),
        .init("a@" + Filler.domain(252), .valid, "a 252-octet domain in a 254-octet address"),
    ]

    @Test(arguments: cases)
    func rfc5321(_ example: EmailAddressCase) {
        #expect(Self.validator.validate(example.address) == example.expected)
    }

    @Test func fillersHaveTheLengthsTheCasesClaim() {
        #expect((Filler.letters(64) + "@" + Filler.domain(189)).utf8.count == 254)
        #expect(Filler.domain(252).utf8.count == 252)
        #expect(Filler.domain(252).split(separator: ".").allSatisfy { $0.count <= 63 })
    }

    @Test func invalidUTF8IsAnInvalidAddress() {
        let bytes: [UInt8] = Array("\"a".utf8) + [0xFF] + Array("\"@example.com".utf8)
        #expect(bytes.withUnsafeBytes { Self.validator.validate($0) } == .invalid(.invalidUTF8))
    }

    @Test func reasonsNameTheirRule() {
        #expect(EmailRejection.localPartTooLong.description == "local part is over 64 octets (RFC 5321 §4.5.3.1.1)")
        #expect(EmailRejection.localPartTooLong.code == "local-part-too-long")
        #expect(EmailVerdict.invalid(.patternMismatch(mode: .rfc5321)).description == "invalid: does not match the rfc5321 pattern")
    }
}
