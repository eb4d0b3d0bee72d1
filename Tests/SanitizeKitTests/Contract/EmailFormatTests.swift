import SanitizeKit
import Testing

/// `format: email` and `format: idn-email` use the email part's rules (issue #21): `email` is
/// mode `rfc5321` as before, `idn-email` is mode `international` with its default policy.
@Suite("Contract formats email and idn-email")
struct EmailFormatTests {
    static let idnEmail = #"{"type": "string", "format": "idn-email"}"#

    @Test func idnEmailIsAnAnnotationWhenFormatsAreNotAsserted() throws {
        let annotating = Contract.Options(assertFormats: false)
        #expect(try Contract(schema: Self.idnEmail, options: annotating).validate(#""a\u202eb@example.com""#).isValid)
        #expect(try !Contract(schema: Self.idnEmail).validate(#""a\u202eb@example.com""#).isValid, "asserted by default")
    }

    static let cases: [(String, Bool)] = [
        (#""δοκιμή@παράδειγμα.δοκιμή""#, true),
        (#""josé@bücher.example""#, true),
        (#""a\u202eb@example.com""#, false),  // RIGHT-TO-LEFT OVERRIDE
        (#""\u200b@example.com""#, false),  // ZERO WIDTH SPACE
        (#""cafe\u0301@example.com""#, false),  // not NFC
        (#""me@localhost""#, false),  // no dot
        (#""me@example.test""#, false),  // special-use
        (#""me@yy--0.tld""#, false),  // reserved label
        (#""me@ex\u00adample.com""#, false),  // SOFT HYPHEN in the domain
    ]

    @Test(arguments: cases)
    func idnEmailAssertsTheInternationalRules(_ example: (String, Bool)) throws {
        let contract = try Contract(schema: Self.idnEmail, options: .init(assertFormats: true))
        #expect(contract.validate(example.0).isValid == example.1, "\(example.0)")
        #expect(contract.isValid(try JSONDocument(parsing: Array(example.0.utf8))) == example.1, "\(example.0)")
    }

    @Test func emailKeepsTheRFC5321Mode() throws {
        let contract = try Contract(schema: #"{"format": "email"}"#, options: .init(assertFormats: true))
        #expect(contract.validate(#""admin@mailserver1""#).isValid)
        #expect(contract.validate(#""\"joe bloggs\"@example.com""#).isValid)
        #expect(!contract.validate(#""δοκιμή@example.com""#).isValid)
    }
}
