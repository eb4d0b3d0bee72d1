import Foundation
import Testing

@testable import SanitizeKit

@Suite("JSON string escaping")
struct JSONEscapeTests {
    @Test("contiguous bytes (copied by runs) and any other sequence are escaped alike, and parse back")
    func runsAndBytesAgree() throws {
        var generator = SeededGenerator(seed: 9)
        var inputs: [[UInt8]] = [[], Array("plain".utf8), Array("\"\\".utf8)] + (0...0x7F).map { [UInt8($0)] }
        for _ in 0..<300 {
            inputs.append((0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...0x7F, using: &generator) })
        }
        for input in inputs {
            var contiguous: [UInt8] = []
            var other: [UInt8] = []
            let a = JSONWriter.appendEscaped(input, to: &contiguous)
            let b = JSONWriter.appendEscaped(input.lazy.map { $0 }, to: &other)
            #expect(contiguous == other)
            #expect(a == b)
            #expect(a == input.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C })
            let decoded = try JSONSerialization.jsonObject(with: Data([0x22] + contiguous + [0x22]), options: .fragmentsAllowed) as? String
            #expect(decoded.map { Array($0.utf8) } == input)
        }
    }

    @Test("two bytes of any kind at any two places of a 16-byte run: escaped as byte by byte")
    func wordAtATimeAgreesWithBytes() {
        // Bytes that need an escape and their neighbours that do not, ASCII and not: the word
        // test must flag exactly the first, whatever borrows the lanes below it make.
        let kinds: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xC3, 0xDC, 0xFF]
        var mismatches = 0
        for first in 0..<16 {
            for second in first..<16 {
                for a in kinds {
                    for b in kinds {
                        var input = [UInt8](repeating: UInt8(ascii: "x"), count: 16)
                        input[first] = a
                        input[second] = b
                        var contiguous: [UInt8] = []
                        var other: [UInt8] = []
                        JSONWriter.appendEscaped(input, to: &contiguous)
                        JSONWriter.appendEscaped(input.lazy.map { $0 }, to: &other)
                        if contiguous != other { mismatches += 1 }
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}
