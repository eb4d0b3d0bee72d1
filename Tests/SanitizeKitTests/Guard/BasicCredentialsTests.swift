import Foundation
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
        ("", "", false),  // RFC 8265 §3.4.3: a user id is not empty
        ("a\u{FF1A}b", "x", false),  // fullwidth colon maps to ':' (width mapping) first
        ("a\u{200B}b", "x", false),  // zero width space
        ("a\u{200D}b", "x", false),  // zero width joiner
        ("a\u{2028}b", "x", false),  // line separator
        ("a\u{2029}b", "x", false),  // paragraph separator
        ("a b", "x", false),  // space
        ("a\u{00A0}b", "x", false),  // no-break space
        ("a\u{202E}b", "x", false),  // right-to-left override
        ("\u{2163}", "x", false),  // Roman numeral four: has a compatibility decomposition
        ("a\u{2665}", "x", false),  // symbol
        ("\u{5D0}a", "x", false),  // an L in a right-to-left user id (Bidi Rule)
        ("\u{5D0}\u{5D1}", "x", true),
        ("user.name+tag@example.com", "x", true),  // ASCII punctuation is fine
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
        #expect(decomposed.userID.utf8.elementsEqual("J\u{00F6}rg".utf8))
    }

    @Test("RFC 8265 width mapping: fullwidth letters become ASCII")
    func widthMapping() throws {
        let credentials = try BasicCredentials(userID: "\u{FF41}\u{FF44}\u{FF4D}\u{FF49}\u{FF4E}", password: "x")
        #expect(credentials.userID.utf8.elementsEqual("admin".utf8))
    }

    @Test("parsing compares bytes: a user id not in NFC, or not in its enforced form, is refused")
    func parseComparesBytes() throws {
        // "Jo\u{308}rg:x" (decomposed ö): Swift's == would call it equal to its NFC form.
        let decomposed = "Basic " + Data("Jo\u{0308}rg:x".utf8).base64EncodedString()
        #expect(BasicCredentials.parse(decomposed) == nil)
        let composed = "Basic " + Data("J\u{00F6}rg:x".utf8).base64EncodedString()
        #expect(BasicCredentials.parse(composed)?.userID == "J\u{00F6}rg")
        let fullwidth = "Basic " + Data("\u{FF41}dmin:x".utf8).base64EncodedString()
        #expect(BasicCredentials.parse(fullwidth) == nil)
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
