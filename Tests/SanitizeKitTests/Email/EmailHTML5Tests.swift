import SanitizeKit
import Testing

/// html5 mode: expected answers from the WHATWG HTML "valid email address" definition
/// (HTML Living Standard §4.10.5.1.5): 1*( atext / "." ) "@" label *( "." label ), label =
/// let-dig [ [ ldh-str ] let-dig ] of at most 63 characters. The pattern decides the verdict;
/// when it fails, the reason names the rule broken where a label or "@" rule explains it.
@Suite("Email html5 mode")
struct EmailHTML5Tests {
    static let validator = EmailValidator(mode: .html5)
    static let mismatch = EmailVerdict.mismatch(.html5)

    static let cases: [EmailAddressCase] = [
        .init("simple@example.com", .valid, "WHATWG: atext and labels"),
        .init("very.common@example.com", .valid, "WHATWG: \".\" is allowed in the local part"),
        .init(".leading@example.com", .valid, "WHATWG: 1*( atext / \".\" ) lets a dot lead (willful violation of RFC 5322)"),
        .init("trailing.@example.com", .valid, "WHATWG: a dot may end the local part"),
        .init("dou..ble@example.com", .valid, "WHATWG: dots may repeat in the local part"),
        .init(".@example.com", .valid, "WHATWG: a local part of one dot"),
        .init("!#$%&'*+/=?^_`{|}~-@example.com", .valid, "WHATWG: every atext special"),
        .init("user@localhost", .valid, "WHATWG: label *( \".\" label ) allows one label"),
        .init("a@b", .valid, "WHATWG: one-character label"),
        .init("user@xn--bcher-kva.example", .valid, "WHATWG: an A-label is an LDH label"),
        .init("user@1.2.3.4", .valid, "WHATWG: digits are let-dig"),
        .init(Filler.letters(200) + "@example.com", .valid, "WHATWG: no length limit on the local part"),
        .init("user@" + Filler.letters(63) + ".com", .valid, "WHATWG: label of 63 characters"),
        .init("user@" + Filler.letters(64) + ".com", .no(.labelTooLong), "WHATWG: label at most 63 characters"),
        .init("\"quoted\"@example.com", mismatch, "WHATWG: no quoted local part (DQUOTE is not atext)"),
        .init("user@[192.168.0.1]", .no(.labelInvalidCharacter), "WHATWG: no address literal; [ is not ldh"),
        .init("user@example..com", .no(.emptyLabel), "WHATWG: labels are not empty"),
        .init("user@example.com.", .no(.emptyLabel), "WHATWG: no trailing dot after the last label"),
        .init("user@-example.com", .no(.labelHyphenAtEdge), "WHATWG: a label starts with let-dig"),
        .init("user@example-.com", .no(.labelHyphenAtEdge), "WHATWG: a label ends with let-dig"),
        .init("user@exa_mple.com", .no(.labelInvalidCharacter), "WHATWG: underscore is not ldh"),
        .init("üser@example.com", mismatch, "WHATWG: atext is ASCII"),
        .init("user@exämple.com", .no(.labelInvalidCharacter), "WHATWG: labels are ASCII (the user agent converts IDN first)"),
        .init("user name@example.com", mismatch, "WHATWG: SP is not atext"),
        .init("user@", .no(.emptyDomain), "WHATWG: a label is required"),
        .init("@example.com", .no(.emptyLocalPart), "WHATWG: 1*( atext / \".\" ) needs one character"),
        .init("plainaddress", .no(.missingAtSign), "WHATWG: \"@\" is required"),
        .init("a@b@c.com", .no(.labelInvalidCharacter), "WHATWG: one \"@\"; after it, @ is not ldh"),
        .init("user@example.com\n", .no(.labelInvalidCharacter), "WHATWG: the whole value must match; no trailing LF"),
        .init("user(comment)@example.com", mismatch, "WHATWG: no comments"),
    ]

    @Test(arguments: cases)
    func html5(_ example: EmailAddressCase) {
        #expect(Self.validator.validate(example.address) == example.expected)
    }

    @Test func aPatternOfYourOwnIsNotExplainedByTheWHATWGRules() throws {
        let own = try EmailValidator(mode: .html5, pattern: "[a-z]+@[a-z]+")
        #expect(own.validate("user@example..com") == .invalid(.patternMismatch(mode: .html5)))
        #expect(own.validate("plainaddress") == .invalid(.patternMismatch(mode: .html5)))
    }

    @Test func thePatternIsTheWHATWGRegexVerbatim() {
        // https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
        let whatwg = #"^[a-zA-Z0-9.!#$%&'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$"#
        #expect(Self.validator.pattern.pattern == whatwg)
    }
}
