import Foundation
import Testing

/// Julian Reschke's test cases for the `WWW-Authenticate` field (greenbytes httpauth,
/// http://test.greenbytes.de/tech/tc/httpauth/), written here as our own table: each case's name
/// as the suite names it, the field value, and what a client should do with it, by RFC 9110 §11
/// (§5.6.1.2 empty list elements, §5.6.4 quoted strings and obs-text) and RFC 7617 §2 (Basic
/// needs a realm). Run through `sanitize challenge` for an allowlisted https origin, one field
/// per line.
///
/// Not here: `simplebasiclf` (obs-fold: a CR LF inside one field, which an HTTP parser replaces
/// with spaces before the value reaches us; a line of ours cannot hold it) and
/// `multibasicunknown2mf` (two fields: `AuthChallengeParserTests` runs it through the library,
/// which takes several fields; the command reads one field per line).
@Suite("WWW-Authenticate: the greenbytes httpauth cases through sanitize challenge")
struct GreenbytesChallengeTests {
    enum Expected: Sendable {
        /// Answered, for this scheme as sent and this realm.
        case answer(scheme: String, realm: String)
        /// Refused with this code.
        case refuse(String)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var field: [UInt8]
        var expected: Expected
        var testDescription: String { name }

        init(_ name: String, _ field: String, _ expected: Expected) {
            self.init(name, Array(field.utf8), expected)
        }

        init(_ name: String, _ field: [UInt8], _ expected: Expected) {
            self.name = name
            self.field = field
            self.expected = expected
        }
    }

    static func basic(_ realm: String) -> Expected { .answer(scheme: "Basic", realm: realm) }

    static let cases: [Case] = [
        Case("simplebasic", #"Basic realm="foo""#, basic("foo")),
        Case("simplebasicucase", #"BASIC REALM="foo""#, .answer(scheme: "BASIC", realm: "foo")),
        // The token form is allowed by RFC 9110 §11.2 (auth-param = token "=" ( token / quoted-string )).
        Case("simplebasictok", "Basic realm=foo", basic("foo")),
        // A backslash is not a token character: no value, not "foo".
        Case("simplebasictokbs", #"Basic realm=\f\o\o"#, .refuse("challenge-syntax")),
        // Single quotes are token characters, not quotes.
        Case("simplebasicsq", "Basic realm='foo'", basic("'foo'")),
        Case("simplebasicpct", #"Basic realm="foo%20bar""#, basic("foo%20bar")),
        // An empty list element between the scheme and its parameters (RFC 9110 §5.6.1.2).
        Case("simplebasiccomma", #"Basic , realm="foo""#, basic("foo")),
        // No space after the scheme: the challenge ends at the comma and the parameter has none.
        Case("simplebasiccomma2", #"Basic, realm="foo""#, .refuse("challenge-syntax")),
        // RFC 7617 §2: the realm is required.
        Case("simplebasicnorealm", "Basic", .refuse("challenge-realm-missing")),
        Case("simplebasic2realms", #"Basic realm="foo", realm="bar""#, .refuse("challenge-duplicate")),
        Case("simplebasicwsrealm", #"Basic realm = "foo""#, basic("foo")),
        Case("simplebasicrealmsqc", #"Basic realm="\f\o\o""#, basic("foo")),
        Case("simplebasicrealmsqc2", #"Basic realm="\"foo\"""#, basic(#""foo""#)),
        Case("simplebasicnewparam1", #"Basic realm="foo", bar="xyz",, a=b,,,c=d"#, basic("foo")),
        Case("simplebasicnewparam2", #"Basic bar="xyz", realm="foo""#, basic("foo")),
        // obs-text (RFC 9110 §5.6.4) read as ISO-8859-1: E4 is "ä", and the UTF-8 bytes of "ä"
        // (C3 A4) are two characters, "Ã¤".
        Case("simplebasicrealmiso88591", Array(#"Basic realm="foo-"#.utf8) + [0xE4, 0x22], basic("foo-\u{E4}")),
        Case("simplebasicrealmutf8", Array(#"Basic realm="foo-"#.utf8) + [0xC3, 0xA4, 0x22], basic("foo-\u{C3}\u{A4}")),
        // RFC 2047 encoded words do not apply to quoted strings.
        Case("simplebasicrealmrfc2047", #"Basic realm="=?ISO-8859-1?Q?foo-=E4?=""#, basic("=?ISO-8859-1?Q?foo-=E4?=")),
        Case("multibasicunknown", #"Basic realm="basic", Newauth realm="newauth""#, basic("basic")),
        Case("multibasicunknownnoparam", #"Basic realm="basic", Newauth"#, basic("basic")),
        Case("multibasicunknown2", #"Newauth realm="newauth", Basic realm="basic""#, basic("basic")),
        Case("multibasicunknown2np", #"Newauth, Basic realm="basic""#, basic("basic")),
        Case("multibasicempty", #",Basic realm="basic""#, basic("basic")),
        Case("multibasicqs", #"Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple""#, basic("simple")),
        Case("multidisgscheme", #"Newauth realm="Newauth Realm", basic=foo, Basic realm="Basic Realm""#, basic("Basic Realm")),
        Case("unknown", #"Newauth realm="newauth""#, .refuse("challenge-scheme-not-allowed")),
        Case("disguisedrealm", #"Basic foo="realm=nottherealm", realm="basic""#, basic("basic")),
        Case("disguisedrealm2", #"Basic nottherealm="nottherealm", realm="basic""#, basic("basic")),
        Case("missingquote", #"Basic realm="basic"#, .refuse("challenge-syntax")),
    ]

    static let policy: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("greenbytes-policy-\(UUID().uuidString).json")
        try? Data(#"{"version": 1, "credentials": {"allowedBaseURLs": ["https://api.example.com/"]}}"#.utf8).write(to: url)
        return url.path
    }()

    /// What the decision says: `answer: Scheme realm="…"` (RFC 9110 quoted) or `refuse: code…`.
    static func decision(of line: String) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return object?["decision"] as? String
    }

    @Test("each case answered for the realm the RFCs give, or refused with its code", arguments: cases)
    func throughCommand(_ item: Case) throws {
        let run = try SanitizeProcess.run(
            ["challenge", "--policy", Self.policy, "--origin", "https://api.example.com/"], stdin: item.field + [0x0A])
        #expect(run.lines.count == 1)
        let decision = try #require(Self.decision(of: run.lines.first ?? ""), "\(run.output)")
        switch item.expected {
        case .answer(let scheme, let realm):
            let quoted = "\"" + realm.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            #expect(decision == "answer: \(scheme) realm=\(quoted)")
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
        case .refuse(let code):
            #expect(decision.hasPrefix("refuse: \(code)"), "\(decision)")
            #expect(run.status == 1)
            #expect(run.stderr.hasSuffix("[\(code)]\n"), "\(run.stderr)")
        }
    }

    @Test("every case on one standard input: one line each, in order, the same decisions")
    func allAtOnce() throws {
        let input: [UInt8] = Self.cases.flatMap { item -> [UInt8] in item.field + [0x0A] }
        let run = try SanitizeProcess.run(
            ["challenge", "--policy", Self.policy, "--origin", "https://api.example.com/"], stdin: input)
        #expect(run.status == 1)
        #expect(run.lines.count == Self.cases.count)
        for (line, item) in zip(run.lines, Self.cases) {
            let decision = Self.decision(of: line) ?? ""
            switch item.expected {
            case .answer: #expect(decision.hasPrefix("answer: "), "\(item.name): \(decision)")
            case .refuse(let code): #expect(decision.hasPrefix("refuse: \(code)"), "\(item.name): \(decision)")
            }
        }
    }
}
