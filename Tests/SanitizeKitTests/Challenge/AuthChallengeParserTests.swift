import Testing

@testable import SanitizeKit

@Suite("WWW-Authenticate / Proxy-Authenticate parsing")
struct AuthChallengeParserTests {
    typealias P = AuthChallenge.Parameter

    /// (field values, expected challenges): RFC examples and real servers' headers.
    static let valid: [([String], [AuthChallenge])] = [
        // RFC 9110 §11.6.1
        (
            [#"Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple""#],
            [
                AuthChallenge(
                    scheme: "Newauth",
                    parameters: [P(name: "realm", value: "apps"), P(name: "type", value: "1"),
                                 P(name: "title", value: #"Login to "apps""#)]),
                AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "simple")]),
            ]
        ),
        // RFC 7617 §2 and §2.1
        ([#"Basic realm="WallyWorld""#], [AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "WallyWorld")])]),
        (
            [#"Basic realm="foo", charset="UTF-8""#],
            [AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "foo"), P(name: "charset", value: "UTF-8")])]
        ),
        // RFC 6750 §3
        (
            [#"Bearer realm="example", error="invalid_token", error_description="The access token expired""#],
            [
                AuthChallenge(
                    scheme: "Bearer",
                    parameters: [P(name: "realm", value: "example"), P(name: "error", value: "invalid_token"),
                                 P(name: "error_description", value: "The access token expired")])
            ]
        ),
        // RFC 7616 §3.9.1
        (
            [#"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v""#],
            [
                AuthChallenge(
                    scheme: "Digest",
                    parameters: [P(name: "realm", value: "http-auth@example.org"), P(name: "qop", value: "auth, auth-int"),
                                 P(name: "algorithm", value: "SHA-256"),
                                 P(name: "nonce", value: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v")])
            ]
        ),
        // nginx auth_basic, Apache AuthType Basic (as their default configurations send them)
        ([#"Basic realm="Restricted""#], [AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "Restricted")])]),
        ([#"Basic realm="Restricted Content""#], [AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "Restricted Content")])]),
        // token68 (Negotiate), a bare scheme, several fields, case and whitespace, empty elements
        (["Negotiate YIIBQwYGKwYBBQUCoIIBNzCCATOgMDAuBgkqhkiC9xIBAgIGCSqGSIb3EgECAgYKKwYBBAGCNwICHgYKKwYBBAGCNwICCg=="],
         [AuthChallenge(scheme: "Negotiate", token68: "YIIBQwYGKwYBBQUCoIIBNzCCATOgMDAuBgkqhkiC9xIBAgIGCSqGSIb3EgECAgYKKwYBBAGCNwICHgYKKwYBBAGCNwICCg==")]),
        ([#"Basic realm="a""#, "Bearer"], [AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "a")]), AuthChallenge(scheme: "Bearer")]),
        ([#" , bAsIc   REALM = "x" ,, Charset=UTF-8 , "#],
         [AuthChallenge(scheme: "bAsIc", parameters: [P(name: "realm", value: "x"), P(name: "charset", value: "UTF-8")])]),
        (["Negotiate, NTLM"], [AuthChallenge(scheme: "Negotiate"), AuthChallenge(scheme: "NTLM")]),
        // `realm=` alone is a token68 by the grammar (padding), not a parameter without a value.
        (["Basic realm="], [AuthChallenge(scheme: "Basic", token68: "realm=")]),
        ([#"Basic realm="caf\#u{E9} \\ \"q\"""#], [AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: #"café \ "q""#)])]),
        // Empty list elements between a scheme and its first parameter (RFC 9110 §5.6.1.2;
        // greenbytes httpauth simplebasiccomma), and before the next challenge.
        ([#"Basic , realm="foo""#], [AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "foo")])]),
        ([#"Basic ,, , realm="foo" ,, charset=UTF-8"#],
         [AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "foo"), P(name: "charset", value: "UTF-8")])]),
        (["Basic , Bearer"], [AuthChallenge(scheme: "Basic"), AuthChallenge(scheme: "Bearer")]),
        // greenbytes httpauth multibasicunknown2mf: two fields form one list.
        ([#"Newauth realm="newauth""#, #"Basic realm="basic""#],
         [AuthChallenge(scheme: "Newauth", parameters: [P(name: "realm", value: "newauth")]),
          AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "basic")])]),
        // An escaped backslash before a combining mark (one Swift Character with it): found by
        // FuzzChallenge, the serialiser must still escape it for the fixed point to hold.
        ([#"Basic realm="a\\\#u{0963}""#], [AuthChallenge(scheme: "Basic", parameters: [P(name: "realm", value: "a\\\u{0963}")])]),
    ]

    @Test("RFC examples and real servers' fields parse to the expected challenges", arguments: valid)
    func parses(fields: [String], expected: [AuthChallenge]) throws {
        let parsed = try AuthChallengeParser.parse(fields).get()
        #expect(parsed == expected)
        // Serialising and parsing again is a fixed point.
        let again = try AuthChallengeParser.parse(parsed.map(\.description)).get()
        #expect(again == parsed)
    }

    @Test("named accessors: realm, charset, Bearer's error fields, case-insensitive scheme")
    func accessors() throws {
        let bearer = try #require(
            try AuthChallengeParser.parse(#"BEARER Realm="api", Error=insufficient_scope, scope="read write""#).get().first)
        #expect(bearer.schemeKey == "bearer" && bearer.realm == "api")
        #expect(bearer.error == "insufficient_scope" && bearer.scope == "read write" && bearer.errorDescription == nil)
        let basic = try #require(try AuthChallengeParser.parse(#"Basic realm="r", charset="UTF-8""#).get().first)
        #expect(basic.charset == "UTF-8" && basic["REALM"] == "r")
    }

    /// (field, stable code, byte offset).
    static let invalid: [(String, String, Int)] = [
        (#"Basic realm="a", realm="b""#, "challenge-duplicate", 17),
        (#"Basic realm="a", REALM="b""#, "challenge-duplicate", 17),
        (#"Basic realm="unterminated"#, "challenge-syntax", 12),
        ("Basic realm=\"a\u{0}b\"", "challenge-control", 14),
        ("Basic realm=\"a\"\r\nSet-Cookie: x=y", "challenge-control", 15),
        (#"realm="x", Basic"#, "challenge-syntax", 0),
        ("Basic a=b, realm=", "challenge-syntax", 17),
        ("Basic realm=caf\u{E9}", "challenge-syntax", 15),
        (#"Basic realm="a" b"#, "challenge-syntax", 16),
        ("Basic\trealm=\"a\"", "challenge-syntax", 5),
        ("", "challenge-empty", 0),
        (" , ,", "challenge-empty", 0),
        (#"Basic ="x""#, "challenge-syntax", 0),
        // greenbytes httpauth simplebasiccomma2: no space after the scheme, so the parameter
        // belongs to no challenge.
        (#"Basic, realm="foo""#, "challenge-syntax", 7),
    ]

    @Test("malformed fields are refused with a stable code and the byte offset", arguments: invalid)
    func refuses(field: String, code: String, offset: Int) {
        guard case .failure(let failure) = AuthChallengeParser.parse(field) else {
            Issue.record("\(field.debugDescription) must be refused")
            return
        }
        #expect(failure.code == code)
        #expect(failure.offset == offset)
    }

    @Test("limits: field size, challenge count, parameter count; the failure never repeats the field")
    func limits() {
        let secret = "s3cr3t-value"
        let manyParameters = "Basic " + (0...AuthChallengeParser.Limits.maxParameters).map { "p\($0)=\"\(secret)\"" }.joined(separator: ", ")
        let manyChallenges = Array(repeating: "Basic", count: AuthChallengeParser.Limits.maxChallenges + 1).joined(separator: ", ")
        let huge = "Basic realm=\"" + String(repeating: "a", count: AuthChallengeParser.Limits.maxFieldBytes) + "\""
        for field in [manyParameters, manyChallenges, huge] {
            guard case .failure(let failure) = AuthChallengeParser.parse(field) else {
                Issue.record("a field past the limits must be refused")
                continue
            }
            #expect(failure.code == "challenge-limit")
            #expect(!failure.description.contains(secret))
        }
        let atLimit = Array(repeating: "Basic", count: AuthChallengeParser.Limits.maxChallenges).joined(separator: ", ")
        #expect((try? AuthChallengeParser.parse(atLimit).get())?.count == AuthChallengeParser.Limits.maxChallenges)
    }

    /// (field bytes, realm): obs-text inside a quoted string is ISO-8859-1 when the field's
    /// bytes are read (greenbytes httpauth simplebasicrealmiso88591, simplebasicrealmutf8).
    static let received: [([UInt8], String)] = [
        (Array(#"Basic realm="foo-"#.utf8) + [0xE4, 0x22], "foo-\u{E4}"),
        (Array(#"Basic realm="foo-"#.utf8) + [0xC3, 0xA4, 0x22], "foo-\u{C3}\u{A4}"),
        (Array(#"Basic realm=""#.utf8) + [0x80, 0x9B, 0xFF, 0x5C, 0xFE, 0x22], "\u{80}\u{9B}\u{FF}\u{FE}"),
        (Array(#"Basic realm="plain""#.utf8), "plain"),
    ]

    @Test("the field's bytes: each obs-text byte in a quoted string is its ISO-8859-1 character", arguments: received)
    func obsTextAsLatin1(field: [UInt8], realm: String) throws {
        let parsed = try AuthChallengeParser.parse(bytes: [field]).get()
        #expect(parsed.first?.realm == realm)
    }

    @Test("the field's bytes: offsets count received bytes; a byte above 0x7E outside quotes is refused")
    func bytesOffsets() {
        // Two obs-text bytes in the first realm, then a duplicate: the offset counts bytes, not characters.
        let field = Array(#"Basic realm=""#.utf8) + [0xE4, 0xE4] + Array(#"", realm="b""#.utf8)
        guard case .failure(let duplicate) = AuthChallengeParser.parse(bytes: [field]) else {
            Issue.record("a duplicate realm must be refused")
            return
        }
        #expect(duplicate.code == "challenge-duplicate" && duplicate.offset == 18)
        guard case .failure(let outside) = AuthChallengeParser.parse(bytes: [Array("Basic r".utf8) + [0xE4]]) else {
            Issue.record("obs-text outside a quoted string must be refused")
            return
        }
        #expect(outside.code == "challenge-syntax" && outside.offset == 7)
        // Text already decoded keeps its characters: the String form reads "ä" as "ä".
        #expect((try? AuthChallengeParser.parse("Basic realm=\"foo-\u{E4}\"").get())?.first?.realm == "foo-\u{E4}")
    }
}
