import Foundation
import SanitizeKit
import Testing

@Suite("Percent-encoding")
struct PercentEncodingTests {
    /// WPT url/resources/percent-encoding.json: the UTF-8 outputs, encoded with the
    /// special-query percent-encode set (as the file's README says).
    @Test("WPT percent-encoding.json (utf-8 cases)", .corpus(.wptURL))
    func wpt() throws {
        let data = try Data(contentsOf: Corpus.wptURL.url("percent-encoding.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        var checked = 0
        for case let entry as [String: Any] in entries {
            let input = try #require(entry["input"] as? String)
            let output = try #require((entry["output"] as? [String: String])?["utf-8"])
            #expect(PercentEncoding.encode(input, using: .specialQuery) == output, "\(input.debugDescription)")
            checked += 1
        }
        #expect(checked == 7)
    }

    @Test(
        "the WHATWG sets, one printable ASCII character at a time",
        arguments: [
            (PercentEncodeSet.c0Control, ""),
            (.fragment, " \"<>`"),
            (.query, " \"#<>"),
            (.specialQuery, " \"#'<>"),
            (.path, " \"#<>?^`{}"),
            (.userinfo, " \"#/:;<=>?@[\\]^`{|}"),
            (.component, " \"#$%&+,/:;<=>?@[\\]^`{|}"),
            (.formURLEncoded, " !\"#$%&'()+,/:;<=>?@[\\]^`{|}~"),
            (.rfc3986Unreserved, " !\"#$%&'()*+,/:;<=>?@[\\]^`{|}"),
        ])
    func sets(set: PercentEncodeSet, encodedPunctuation: String) {
        for byte in UInt8(0x20)...0x7E {
            let isLetterOrDigit = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            let expected = !isLetterOrDigit && encodedPunctuation.utf8.contains(byte)
            #expect(set.contains(byte) == expected, "byte \(byte)")
        }
        for byte in [UInt8(0x00), 0x1F, 0x7F, 0x80, 0xFF] {
            #expect(set.contains(byte))
        }
    }

    @Test(
        "contexts",
        arguments: [
            ("a b&c=d+e#f%g", URLEncodingContext.query, "a%20b%26c%3Dd%2Be%23f%25g"),
            ("a b&c=d+e", .form, "a+b%26c%3Dd%2Be"),
            ("a/b?c;d%", .pathSegment, "a%2Fb%3Fc%3Bd%25"),
            ("user:p@ss%", .userinfo, "user%3Ap%40ss%25"),
            ("frag #1 %", .fragment, "frag%20#1%20%25"),
            ("café ☕", .component, "caf%C3%A9%20%E2%98%95"),
            ("-._~!*'()", .rfc3986, "-._~%21%2A%27%28%29"),
            ("-._~!*'()", .component, "-._~!*'()"),
        ])
    func contexts(input: String, context: URLEncodingContext, expected: String) {
        #expect(PercentEncoding.encode(input, for: context) == expected)
    }

    @Test("custom sets")
    func custom() {
        let set = PercentEncodeSet(encoding: "ab")
        #expect(PercentEncoding.encode("abc é\u{1}", using: set) == "%61%62c %C3%A9%01")
        #expect(PercentEncoding.encode("a&b c", using: PercentEncodeSet.component.removing("& \u{1}é")) == "a&b c")
        #expect(PercentEncodeSet.component.removing("\u{1}").contains(1))
    }

    @Test(
        "strict decoding reports malformed escapes with their byte offset",
        arguments: [("%zz", 0), ("%4", 0), ("ab%", 2), ("é%4g", 2), ("ok%41%", 5), ("%%41", 0)])
    func malformed(input: String, offset: Int) {
        #expect(throws: SanitizeError(
            .malformedPercentEscape,
            "malformed percent escape at byte \(offset): '%' must be followed by two hex digits",
            at: .init(byteOffset: offset))) { try PercentDecoding.decode(input) }
    }

    @Test("decoding: hex case, form plus, and non-UTF-8 results")
    func decoding() throws {
        #expect(try PercentDecoding.decode("caf%c3%A9+x") == "café+x")
        #expect(try PercentDecoding.decodeForm("caf%c3%A9+x%2B") == "café x+")
        #expect(throws: SanitizeError(.invalidUTF8, "decoded bytes are not UTF-8 (escape or byte at byte 3)", at: .init(byteOffset: 3))) {
            try PercentDecoding.decode("abc%FFdef")
        }
        let raw = try Array("%00%FF".utf8).withUnsafeBytes { try PercentDecoding.decode(utf8: $0) }
        #expect(raw == [0x00, 0xFF])
    }

    @Test("encode then decode gives back the input, in every context", .corpus(.naughtyStrings))
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 11)
        let strings = (0..<2_000).map { _ in GeneratedText.random(using: &generator) } + TextCorpus.all
        for text in strings {
            for context in URLEncodingContext.allCases {
                let encoded = PercentEncoding.encode(text, for: context)
                let decoded = context == .form ? try PercentDecoding.decodeForm(encoded) : try PercentDecoding.decode(encoded)
                #expect(decoded.unicodeScalars.elementsEqual(text.unicodeScalars), "\(context): \(text.debugDescription)")
            }
        }
    }
}
