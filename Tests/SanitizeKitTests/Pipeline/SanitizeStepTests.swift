import Testing

@testable import SanitizeKit

@Suite("x-sanitize steps")
struct SanitizeStepTests {
    @Test(
        "step specs read as the contract writes them",
        arguments: [
            (#""trim""#, SanitizeStep.text(.trim)),
            (#""nfkc""#, .text(.nfkc)),
            (#""strip-zero-width""#, .text(.stripZeroWidth)),
            (#""lowercase-domain""#, .lowercaseDomain),
            (#"{"truncate":{"graphemes":64}}"#, .text(.truncateGraphemes(64))),
            (#"{"truncate":{"bytes":0}}"#, .text(.truncateBytes(0))),
            (#"{"strip":"sql"}"#, .text(.stripSQL)),
            (#"{"strip":"shell"}"#, .text(.stripShell)),
            (#"{"encode":"url-query"}"#, .text(.encode(.url(.query)))),
            (#"{"encode":"sql-literal-postgres"}"#, .text(.encode(.sqlLiteral(.postgres)))),
        ])
    func parses(spec: String, expected: SanitizeStep) throws {
        #expect(try SanitizeStep(JSONValue(parsing: spec)) == expected)
    }

    @Test(
        "bad step specs are configuration errors that say what was wrong",
        arguments: [
            (#""shout""#, "unknown text step 'shout'"),
            (#"{"truncate":{"words":3}}"#, "truncate takes \"graphemes\" or \"bytes\""),
            (#"{"truncate":{"bytes":-1}}"#, "truncate takes a whole number"),
            (#"{"truncate":{"bytes":1.5}}"#, "truncate takes a whole number"),
            (#"{"strip":"html"}"#, "unknown x-sanitize step"),
            (#"{"encode":"base64"}"#, "unknown encode context"),
            (#"{"trim":true,"nfc":true}"#, "a name or a one-member object"),
            ("42", "a name or a one-member object"),
        ])
    func rejects(spec: String, message: String) throws {
        let error = try #require(throws: SanitizeError.self) { try SanitizeStep(JSONValue(parsing: spec)) }
        #expect(error.code == .configuration)
        #expect(error.reason.contains(message), "\(error.reason)")
    }

    @Test func listNamesTheBadIndex() throws {
        let error = try #require(throws: SanitizeError.self) {
            try SanitizeStep.list(JSONValue(parsing: #"["trim","nfc",{"strip":"xml"}]"#))
        }
        #expect(error.reason.hasPrefix("x-sanitize step 2:"))
    }

    @Test(
        "lowercase-domain lowercases only what follows the last @ (RFC 5321 §2.4)",
        arguments: [
            ("Ada@Example.COM", "Ada@example.com"),
            ("\"a@B\"@Host.ORG", "\"a@B\"@host.org"),
            ("no-at-sign", "no-at-sign"),
            ("", ""),
        ])
    func lowercaseDomain(input: String, expected: String) throws {
        #expect(try SanitizeStep.lowercaseDomain.apply(to: input) == expected)
    }
}
