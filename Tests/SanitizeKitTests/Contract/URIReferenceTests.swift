import Testing

@testable import SanitizeKit

/// RFC 3986 §5.4 reference resolution examples, base `http://a/b/c/d;p?q`.
struct URIReferenceTests {
    static let base = URIReference("http://a/b/c/d;p?q")

    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"),
        ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"), ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
    ])
    func resolvesPerRFC3986(_ sample: (reference: String, expected: String)) {
        #expect(Self.base.resolve(URIReference(sample.reference)).text == sample.expected)
    }

    @Test func urnAndFragments() {
        let base = URIReference("urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed")
        #expect(base.resolve(URIReference("#/$defs/bar")).text == "urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed#/$defs/bar")
        #expect(URIReference.percentDecode("/a%25b/%7E") == "/a%b/~")
    }

    @Test func componentsSplitAtCodePointsAsRFC3986AppendixB() {
        // The split of Appendix B's regular expression, code point by code point: a delimiter a
        // combining mark follows is still a delimiter (a `Character` search saw one grapheme).
        let marked = URIReference("http://h\u{301}/p\u{301}?q\u{301}#\u{301}f")
        #expect(marked.scheme == "http" && marked.authority == "h\u{301}" && marked.path == "/p\u{301}")
        #expect(marked.query == "q\u{301}" && marked.fragment == "\u{301}f")
        #expect(URIReference("#\u{301}").fragment == "\u{301}" && URIReference("#\u{301}").path.isEmpty)
        // Text before the first colon is a scheme only when it has no "/" and is letters,
        // digits, "+", "-" and ".": Unicode letters and digits included, as before.
        #expect(URIReference("a+b-c.d:x").scheme == "a+b-c.d" && URIReference("1a:x").scheme == "1a")
        #expect(URIReference("é٣:x").scheme == "é٣" && URIReference("a/b:c").scheme == nil)
        #expect(URIReference("a_b:c").scheme == nil && URIReference(":c").scheme == nil && URIReference(":c").path == ":c")
        #expect(URIReference("//host").authority == "host" && URIReference("//").authority == "" && URIReference("/").authority == nil)
    }
}
