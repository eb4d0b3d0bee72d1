import Testing
import TestSupport

@testable import SanitizeKit

/// ``ASCIIByteSet`` against a `Set<UInt8>` holding the same bytes, on every byte value.
@Suite("ASCII byte set")
struct ASCIIByteSetTests {
    @Test("membership is the inserted bytes', for random sets, and never a byte at or above 0x80")
    func membership() {
        var random = SeededGenerator(seed: 20_261_128)
        for round in 0..<200 {
            var set = ASCIIByteSet(low: 0, high: 0)
            var reference = Set<UInt8>()
            for _ in 0..<(round % 40) {
                let byte = UInt8.random(in: 0..<128, using: &random)
                set.insert(byte)
                reference.insert(byte)
            }
            #expect(set.isEmpty == reference.isEmpty)
            for byte in UInt8.min...UInt8.max {
                #expect(set.contains(byte) == reference.contains(byte), "\(byte) in \(reference.sorted())")
            }
        }
        let full = ASCIIByteSet(low: .max, high: .max)
        #expect((UInt8.min...UInt8.max).filter(full.contains) == Array(0..<128))
    }

    @Test("a union holds the bytes of both")
    func union() {
        var letters = ASCIIByteSet(low: 0, high: 0)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { letters.insert(byte) }
        var digits = ASCIIByteSet(low: 0, high: 0)
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { digits.insert(byte) }
        letters.formUnion(digits)
        let expected = Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
        #expect((UInt8.min...UInt8.max).filter(letters.contains) == expected)
    }

    @Test("the email checks' letter-digit-hyphen set is RFC 5321's Let-dig and \"-\"")
    func letterDigitHyphen() {
        let expected = (UInt8.min...UInt8.max).filter { byte in
            let scalar = Unicode.Scalar(byte)
            return byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
        }
        #expect((UInt8.min...UInt8.max).filter(EmailStructure.isLetterDigitHyphen) == expected)
    }
}
