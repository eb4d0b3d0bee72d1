import Testing

@testable import SanitizeKit

/// RFC 7617 Basic credentials: building and parsing.
@Suite("Basic credentials (RFC 7617)")
struct BasicCredentialsTests {
    @Test("RFC 7617 §2 example: Aladdin / open sesame")
    func rfcExample() throws {
        let credentials = try BasicCredentials(userID: "Aladdin", password: "open sesame")
        #expect(credentials.headerValue == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(BasicCredentials.parse("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==") == credentials)
    }

    @Test("RFC 7617 §2.1 example: user test, password 123£ in UTF-8")
    func rfcUTF8Example() throws {
        let credentials = try BasicCredentials(userID: "test", password: "123\u{00A3}")
        #expect(credentials.headerValue == "Basic dGVzdDoxMjPCow==")
        #expect(BasicCredentials.parse("Basic dGVzdDoxMjPCow==")?.password == "123\u{00A3}")
    }

    /// (user id, password, accepted).
    static let building: [(String, String, Bool)] = [
        ("alice", "s3cret", true),
        ("", "", true),
        ("J\u{00F6}rg", "p\u{00E4}ss:word", true),  // ':' is fine in the password
        ("a:b", "x", false),
        ("a\u{0000}", "x", false),
        ("a\nb", "x", false),
        ("a\u{007F}", "x", false),
        ("a\u{0085}", "x", false),  // C1 control (NEL)
        ("alice", "pa\rss", false),
        ("alice", "pa\u{0000}ss", false),
    ]

    @Test("user ids with ':' or controls and passwords with controls are refused", arguments: building)
    func build(entry: (String, String, Bool)) {
        do {
            let credentials = try BasicCredentials(userID: entry.0, password: entry.1)
            #expect(entry.2, "\(entry.0.debugDescription) was accepted")
            #expect(BasicCredentials.parse(credentials.headerValue) == credentials)
        } catch {
            #expect(!entry.2, "\(entry.0.debugDescription): \(error)")
            #expect(error.code == .credentialsInvalid)
        }
    }

    @Test("parts are normalized to NFC")
    func nfc() throws {
        let decomposed = try BasicCredentials(userID: "Jo\u{0308}rg", password: "x")
        #expect(decomposed.userID == "J\u{00F6}rg")
    }

    /// Values that are not valid Basic credentials.
    static let malformed = [
        "Bearer QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
        "Basic",
        "Basic ",
        "BasicQWxhZGRpbjpvcGVuIHNlc2FtZQ==",
        "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ",  // padding missing
        "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=",
        "Basic QWxh ZGRpbjpvcGVuIHNlc2FtZQ==",
        "Basic QWxhZGRpbjpvcGVuIHNlc2FtZR==",  // non-zero unused bits
        "Basic QWxhZGRpbg==",  // "Aladdin", no ':'
        "Basic /w==",  // 0xFF: not UTF-8
        "Basic YQBiOmM=",  // "a\0b:c": control in user id
        "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==x",
    ]

    @Test("malformed values do not parse", arguments: malformed)
    func parseMalformed(value: String) {
        #expect(BasicCredentials.parse(value) == nil, "\(value)")
    }

    @Test("the scheme name is case-insensitive")
    func schemeCase() {
        #expect(BasicCredentials.parse("bAsIc QWxhZGRpbjpvcGVuIHNlc2FtZQ==")?.userID == "Aladdin")
    }
}
