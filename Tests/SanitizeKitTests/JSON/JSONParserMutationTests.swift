import Foundation
import Testing

@testable import SanitizeKit

/// The parser that reads contracts, records, rule files, catalogs and server error bodies,
/// against Foundation on mutated documents (moved here from the retired `MessageJSON` reader's
/// tests when catalogs and bodies moved onto this parser).
@Suite("JSON parser: differential against Foundation on mutated documents")
struct JSONParserMutationTests {
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
            guard (try? JSONDocument(parsing: bytes, limits: JSONLimits(maxDepth: 32))) != nil else { continue }
            accepted += 1
            let foundation = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            #expect(
                foundation != nil,
                "round \(round): we accept what Foundation rejects: \(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 100)  // the mutations leave many documents valid, so the check is exercised
    }
}
