import Foundation
import Testing

@testable import SanitizeKit

/// Server error bodies and catalogs are read by the package's one JSON parser (through
/// `RuleFile` for catalogs): strict RFC 8259, duplicate keys refused, depth bounded, a leading
/// byte order mark ignored (RFC 8259 §8.1), as the retired `MessageJSON` reader did.
@Suite("Message JSON: bodies and catalogs through the one parser")
struct ProblemDetailsReadingTests {
    @Test(
        "a body that is one strict JSON object is read",
        arguments: [
            #"{"code":"E1"}"#, #"  {"code" : "E1", "n":[1,-2.5e+3,0,true,false,null,"x"]}  "#,
            "\u{FEFF}{\"code\":\"E1\"}", #"{"code":"E1","x":"\u00e9\ud83d\ude00\n\/"}"#,
        ])
    func accepts(text: String) {
        #expect(ProblemDetails.parse(Array(text.utf8))?.code == "E1")
    }

    @Test(
        "a body that RFC 8259 rejects, or that repeats a key, is not read",
        arguments: [
            #"{"code":"E1",}"#, #"{'code':"E1"}"#, #"{"code":"E1","n":01}"#, #"{"code":"E1","n":.5}"#,
            #"{"code":"E1","n":+1}"#, #"{"code":"\ud800"}"#, #"{"code":"\x"}"#, "{\"code\":\"tab\there\"}",
            #"{"code":"E1"}{"#, #"{"code":"E1"} // c"#, "", #"{"code" "E1"}"#, #"{"code":"E1","n":NaN}"#,
            #"{"code":"E1","code":"E2"}"#, "\u{FEFF}\u{FEFF}{\"code\":\"E1\"}", #""E1""#,
        ])
    func rejects(text: String) {
        #expect(ProblemDetails.parse(Array(text.utf8)) == nil)
    }

    @Test("invalid UTF-8 in a body is not read")
    func invalidUTF8() {
        let bytes: [UInt8] = Array(#"{"code":"E"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(ProblemDetails.parse(bytes) == nil)
    }

    @Test("nesting stops at MessageLimits.maxDepth, without exhausting the stack")
    func depth() {
        func body(_ depth: Int) -> [UInt8] {
            Array(("{\"code\":\"E1\",\"x\":" + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}").utf8)
        }
        #expect(ProblemDetails.parse(body(32))?.code == "E1")
        #expect(ProblemDetails.parse(body(33)) == nil)
        #expect(ProblemDetails.parse(body(5), limits: MessageLimits(maxDepth: 4)) == nil)
        #expect(ProblemDetails.parse(Array(repeating: UInt8(ascii: "["), count: 200_000)) == nil)
    }

    @Test(
        "code fields are JSON Pointers over the body: members, array indices, nothing else",
        arguments: [
            (#"{"errors":[{"code":"A"},{"code":"B"}]}"#, "errors.1.code", "B"),
            (#"{"errors":{"1":{"code":"K"}}}"#, "errors.1.code", "K"),
            (#"{"errors":[{"code":"A"}]}"#, "errors.01.code", nil),
            (#"{"errors":[{"code":"A"}]}"#, "errors.-.code", nil),
            (#"{"a/b":{"~c":"S"}}"#, "a/b.~c", "S"),
            (#"{"error":{"code":7}}"#, "error.code", "7"),
            (#"{"error":"x"}"#, "error.code", nil),
        ] as [(String, String, String?)])
    func codeFields(body: String, field: String, expected: String?) {
        #expect(ProblemDetails.parse(Array(body.utf8), codeFields: [CodeField(field)])?.code == expected)
    }

    @Test("a catalog file may begin with a byte order mark; its columns count it")
    func catalogByteOrderMark() throws {
        let text = "\u{FEFF}{\"locale\":\"en\",\"fallback\":\"Oops.\"}"
        let catalog = try MessageCatalog(sources: [(fileName: "en.json", bytes: Array(text.utf8))])
        #expect(catalog.message(for: [], locale: "en").text == "Oops.")
        let bad = "\u{FEFF}{\"locale\":\"en\",\"fallback\":3}"
        let error = try #require(throws: SanitizeError.self) {
            try MessageCatalog(sources: [(fileName: "en.json", bytes: Array(bad.utf8))])
        }
        #expect(error.location == .init(file: "en.json", pointer: "/fallback", line: 1, column: 30, byteOffset: 29))
    }
}
