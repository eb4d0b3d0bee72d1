import Testing
import TestSupport

@testable import SanitizeKit

/// ``ASCIIWord`` classes eight bytes at once. The oracle is the Unicode Character Database as
/// the standard library reads it (a letter is `Alphabetic`, a digit has a numeric type) and plain
/// comparison, byte by byte: every byte value in every lane, beside random neighbours, must be
/// flagged exactly, with no flag spilling into a neighbouring lane.
@Suite("ASCII words")
struct ASCIIWordTests {
    /// Whether `byte` is an ASCII letter or digit, by its Unicode properties.
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        guard byte < 0x80 else { return false }
        let properties = Unicode.Scalar(byte).properties
        return properties.isAlphabetic || properties.numericType != nil
    }

    /// The word holding `bytes` (eight), the first in the lowest byte.
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { ASCIIWord.load($0.baseAddress!, 0) }
    }

    /// The lanes whose flag is set in `flags`.
    static func lanes(_ flags: UInt64) -> [Int] {
        (0..<8).filter { flags & (0x80 << UInt64(8 * $0)) != 0 }
    }

    @Test("each class flags exactly its bytes: every byte value in every lane, beside random neighbours")
    func flagsAreExact() {
        var random = SeededGenerator(seed: 20_261_128)
        for byte in UInt8.min...UInt8.max {
            for lane in 0..<8 {
                for _ in 0..<4 {
                    var bytes = (0..<8).map { _ in UInt8.random(in: .min ... .max, using: &random) }
                    bytes[lane] = byte
                    let word = Self.word(bytes)
                    #expect(Self.lanes(ASCIIWord.alphanumericFlags(word)) == (0..<8).filter { Self.isAlphanumeric(bytes[$0]) })
                    #expect(Self.lanes(ASCIIWord.flags(word, equalTo: byte)) == (0..<8).filter { bytes[$0] == byte })
                    let capitals = ASCIIWord.flags(word, from: UInt8(ascii: "A"), through: UInt8(ascii: "Z"))
                    #expect(Self.lanes(capitals) == (0..<8).filter { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[$0]) })
                    #expect(ASCIIWord.alphanumericFlags(word) & ~ASCIIWord.highBits == 0)
                }
            }
            #expect(ASCIIWord.isAlphanumeric(byte) == Self.isAlphanumeric(byte), "\(byte)")
        }
    }

    @Test("a run of letters and digits ends at the first other byte, across words and in the tail")
    func runEnds() {
        var random = SeededGenerator(seed: 7)
        let pieces: [UInt8] = Array("aZ09".utf8) + [UInt8(ascii: "@"), UInt8(ascii: "."), UInt8(ascii: "-"), 0x7F, 0x80, 0xC3, 0x00, 0x2F, 0x3A, 0x40, 0x5B, 0x60, 0x7B]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...40, using: &random)
            // Mostly letters and digits, so that runs are long.
            let bytes = (0..<count).map { _ in
                Int.random(in: 0..<6, using: &random) == 0 ? pieces.randomElement(using: &random)! : pieces[Int.random(in: 0..<4, using: &random)]
            }
            let start = Int.random(in: 0...count, using: &random)
            let expected = (start..<count).first { !Self.isAlphanumeric(bytes[$0]) } ?? count
            let found = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { ASCIIWord.alphanumericRunEnd($0, from: start, to: count) } ?? 0
            }
            #expect(found == expected, "\(bytes) from \(start)")
        }
    }
}
