import Testing

@testable import SanitizeKit

@Suite("JSON Pointer (RFC 6901)")
struct JSONPointerTests {
    /// The document of RFC 6901 §5.
    static let rfcDocument = #"""
        {
          "foo": ["bar", "baz"],
          "": 0,
          "a/b": 1,
          "c%d": 2,
          "e^f": 3,
          "g|h": 4,
          "i\\j": 5,
          "k\"l": 6,
          " ": 7,
          "m~n": 8
        }
        """#

    /// RFC 6901 §5: each pointer and the JSON of the value it names.
    static let rfcExamples: [(pointer: String, value: String)] = [
        ("", #"{"foo":["bar","baz"],"":0,"a/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\j":5,"k\"l":6," ":7,"m~n":8}"#),
        ("/foo", #"["bar","baz"]"#),
        ("/foo/0", #""bar""#),
        ("/", "0"),
        ("/a~1b", "1"),
        ("/c%d", "2"),
        ("/e^f", "3"),
        ("/g|h", "4"),
        (#"/i\j"#, "5"),
        (#"/k"l"#, "6"),
        ("/ ", "7"),
        ("/m~0n", "8"),
    ]

    @Test("RFC 6901 §5: each example pointer names its value, in a document and in a value tree", arguments: rfcExamples)
    func resolvesTheRFCExamples(pointer text: String, value: String) throws {
        let document = try JSONDocument(parsing: Self.rfcDocument)
        let pointer = try #require(JSONPointer(parsing: text))
        let node = try #require(pointer.resolve(in: document))
        #expect(JSONValue(document, node: node).jsonText == value)
        #expect(pointer.resolve(in: JSONValue(document))?.jsonText == value)
    }

    @Test("RFC 6901 §5: the pointer to each example's node is the example (the string form round-trips)", arguments: rfcExamples)
    func pointsBackToTheRFCExamples(pointer text: String, value: String) throws {
        let document = try JSONDocument(parsing: Self.rfcDocument)
        let node = try #require(JSONPointer(parsing: text)?.resolve(in: document))
        #expect(JSONPointer(to: node, in: document).description == text)
        #expect(document.pointer(to: node) == text)
    }

    @Test(
        "escaping and unescaping (RFC 6901 §3, §4): ~ before /, on Unicode scalars",
        arguments: [
            ("a/b", "a~1b"), ("m~n", "m~0n"), ("~1", "~01"), ("/~", "~1~0"), ("", ""), ("plain", "plain"),
            ("~\u{301}", "~0\u{301}"), ("/\u{338}", "~1\u{338}"),
        ])
    func escapes(token: String, escaped: String) {
        #expect(JSONPointer.escape(token) == escaped)
        #expect(JSONPointer.unescape(escaped[...]) == token)
        // Appended to what is there, from bytes in memory (copied by runs) and from bytes that
        // are not (gathered first): the same.
        var contiguous: [UInt8] = [0x2F]
        var other: [UInt8] = [0x2F]
        JSONPointer.appendEscaped(Array(token.utf8), to: &contiguous)
        JSONPointer.appendEscaped(token.utf8.lazy.map { $0 }, to: &other)
        #expect(contiguous == [0x2F] + Array(escaped.utf8))
        #expect(other == contiguous)
    }

    @Test("a pointer that is not one is refused", arguments: ["foo", "/a~", "/a~2", "/~x", "#/foo", "/a~\u{301}", "\u{301}/a"])
    func refusesMalformed(text: String) {
        #expect(JSONPointer(parsing: text) == nil)
    }

    /// RFC 6901 §3's grammar is over code points: a `/` followed by a combining mark still
    /// separates tokens (as a grapheme it would not), and escapes read the same way.
    @Test(
        "a pointer is split and unescaped by code point",
        arguments: [
            ("/a/\u{301}b", ["a", "\u{301}b"]), ("/~1\u{338}", ["/\u{338}"]), ("/~0\u{301}", ["~\u{301}"]),
            ("/", [""]), ("/a/", ["a", ""]), ("//", ["", ""]), ("/é~01", ["é~1"]),
        ])
    func splitsByCodePoint(text: String, tokens: [String]) throws {
        let pointer = try #require(JSONPointer(parsing: text))
        #expect(pointer.tokens.map { Array($0.unicodeScalars) } == tokens.map { Array($0.unicodeScalars) })
        #expect(pointer.description.unicodeScalars.elementsEqual(text.unicodeScalars))
    }

    @Test(
        "array indices (RFC 6901 §4): 0 or digits without a leading zero; '-' names no element",
        arguments: [("0", 0), ("1", 1), ("10", 10), ("01", nil), ("-", nil), ("", nil), ("1a", nil), ("+1", nil)] as [(String, Int?)])
    func arrayIndices(token: String, index: Int?) {
        #expect(JSONPointer.arrayIndex(token) == index)
    }

    @Test("a token that names no member or element resolves to nothing", arguments: ["/nope", "/foo/2", "/foo/-", "/foo/01", "/foo/0/x", "/a~1b/0"])
    func missing(text: String) throws {
        let document = try JSONDocument(parsing: Self.rfcDocument)
        let pointer = try #require(JSONPointer(parsing: text))
        #expect(pointer.resolve(in: document) == nil)
        #expect(pointer.resolve(in: JSONValue(document)) == nil)
    }
}
