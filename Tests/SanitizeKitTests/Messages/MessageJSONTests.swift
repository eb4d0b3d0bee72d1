import Foundation
import Testing

@testable import SanitizeKit

@Suite("Message JSON reader: strict RFC 8259, bounded")
struct MessageJSONTests {
    @Test(
        "accepts well-formed JSON",
        arguments: [
            #"{}"#, #"[]"#, #"{"a":[1,-2.5e+3,0,true,false,null,"x"]}"#, #"  {"a" : "\u00e9\ud83d\ude00\n\/"}  "#,
            "\u{FEFF}{\"bom\":1}", #""just a string""#, "0", "-0.0E-0",
        ])
    func accepts(text: String) {
        #expect((try? MessageJSON.parse(Array(text.utf8), maxDepth: 32)) != nil)
    }

    @Test(
        "rejects what RFC 8259 rejects",
        arguments: [
            #"{"a":1,}"#, #"[1,]"#, #"{'a':1}"#, #"{"a":01}"#, #"{"a":.5}"#, #"{"a":1.}"#, #"{"a":+1}"#,
            #"{"a":"\ud800"}"#, #"{"a":"\udc00x"}"#, #"{"a":"\x"}"#, "{\"a\":\"tab\there\"}", #"{"a":1}{"#,
            #"// c"#, "", "nul", #"{"a" 1}"#, #"{"a":1 "b":2}"#, #"["unterminated"#, #"{"a":NaN}"#,
        ])
    func rejects(text: String) {
        #expect((try? MessageJSON.parse(Array(text.utf8), maxDepth: 32)) == nil)
    }

    @Test("rejects invalid UTF-8 inside strings")
    func invalidUTF8() {
        let bytes: [UInt8] = Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect((try? MessageJSON.parse(bytes, maxDepth: 32)) == nil)
    }

    @Test("reports a duplicate key with its pointer and offset")
    func duplicate() throws {
        let text = #"{"a":{"b~/c":1,"b~/c":2}}"#
        let failure = try #require(throws: MessageJSON.Failure.self) {
            try MessageJSON.parse(Array(text.utf8), maxDepth: 32)
        }
        #expect(failure.isDuplicateKey)
        #expect(failure.pointer == "/a/b~0~1c")
        #expect(failure.byteOffset == 15)
    }

    @Test("stops at the depth limit without exhausting the stack")
    func depth() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 200_000)
        #expect((try? MessageJSON.parse(deep, maxDepth: 32)) == nil)
        let ok = Array((String(repeating: "[", count: 32) + String(repeating: "]", count: 32)).utf8)
        #expect((try? MessageJSON.parse(ok, maxDepth: 32)) != nil)
        let tooDeep = Array((String(repeating: "[", count: 33) + String(repeating: "]", count: 33)).utf8)
        #expect((try? MessageJSON.parse(tooDeep, maxDepth: 32)) == nil)
    }

    @Test("line and column of an offset")
    func lineColumn() {
        let bytes = Array("ab\ncd\nef".utf8)
        #expect(MessageJSON.lineAndColumn(of: 0, in: bytes) == (1, 1))
        #expect(MessageJSON.lineAndColumn(of: 4, in: bytes) == (2, 2))
        #expect(MessageJSON.lineAndColumn(of: 6, in: bytes) == (3, 1))
    }

    @Test("a duplicate in a large object is found too (set path)")
    func duplicateInLargeObject() throws {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let text = "{\(members),\"k33\":0}"
        let failure = try #require(throws: MessageJSON.Failure.self) {
            try MessageJSON.parse(Array(text.utf8), maxDepth: 32)
        }
        #expect(failure.pointer == "/k33")
        let unique = "{\(members),\"k40\":0}"
        #expect((try? MessageJSON.parse(Array(unique.utf8), maxDepth: 32)) != nil)
    }

    @Test(
        "string values decode escapes and raw UTF-8 alike",
        arguments: [
            (#""plain café""#, "plain café"), (#""a\nb\t\"c\"\\""#, "a\nb\t\"c\"\\"),
            (#""x\u00e9\ud83d\ude00y""#, "xé😀y"), (#""\/""#, "/"), (#""""#, ""),
        ])
    func strings(text: String, expected: String) throws {
        let value = try MessageJSON.parse(Array(text.utf8), maxDepth: 1)
        guard case .string(let string) = value else {
            Issue.record("not a string: \(value)")
            return
        }
        #expect(string == expected)
    }
}

@Suite("Message JSON reader: differential against Foundation on mutated documents")
struct MessageJSONDifferentialTests {
    static let seeds = [
        #"{"type":"https://example.com/probs/out-of-credit","status":403,"code":"E1","detail":"x\ny","n":[1,2.5e3,-0]}"#,
        #"{"error":{"code":"auth.expired","errors":[{"field":"a","pointer":"/a"}]},"ok":false,"v":null}"#,
        #"["a\u00e9\ud83d\ude00",{"k":{}},[[]],"\\\/\b\f\n\r\t",0.5,-1E+2]"#,
    ]

    /// Whatever we accept, Foundation accepts too (Foundation is laxer: it also takes trailing
    /// commas and duplicate keys, so only this direction is a fact). Every mutation must also
    /// return without a crash.
    @Test("3,000 byte mutations: no crash, and nothing accepted that Foundation rejects")
    func mutations() {
        var state: UInt64 = 0x1234_5678
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet = Array(#"{}[]:,"\ 0123456789.eE+-tfnulrsa/u"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF]
        var accepted = 0
        for round in 0..<3_000 {
            var bytes = Array(Self.seeds[round % Self.seeds.count].utf8)
            for _ in 0..<(1 + Int(next() % 3)) {
                let position = Int(next() % UInt64(bytes.count))
                switch next() % 3 {
                case 0: bytes[position] = alphabet[Int(next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet[Int(next() % UInt64(alphabet.count))], at: position)
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "[")] }
            }
            guard (try? MessageJSON.parse(bytes, maxDepth: 32)) != nil else { continue }
            accepted += 1
            let foundation = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            #expect(
                foundation != nil,
                "round \(round): we accept what Foundation rejects: \(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 100)  // the mutations leave many documents valid, so the check is exercised
    }
}
