import Foundation
import Testing

@testable import SanitizeKit

@Suite("JSON string escaping")
struct JSONEscapeTests {
    /// RFC 8259 §7's escapes written one byte at a time: the oracle the writer's runs, words
    /// and stack buffer are held to.
    static func escapedByteByByte(_ input: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for byte in input {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case ..<0x20: out += Array(String(format: "\\u%04x", Int(byte)).utf8)
            default: out.append(byte)
            }
        }
        return out
    }

    @Test("contiguous bytes and any other sequence are escaped as byte by byte, and parse back")
    func runsAndBytesAgree() throws {
        var generator = SeededGenerator(seed: 9)
        var inputs: [[UInt8]] = [[], Array("plain".utf8), Array("\"\\".utf8)] + (0...0x7F).map { [UInt8($0)] }
        for _ in 0..<300 {
            inputs.append((0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...0x7F, using: &generator) })
        }
        // Longer than the writer's stack buffer: escapes only (the buffer fills and is appended
        // many times), runs longer than the buffer between escapes, and a mix.
        inputs.append([UInt8](repeating: 0x22, count: 2_000))
        inputs.append([UInt8](repeating: 0x01, count: 700))
        inputs.append([UInt8](repeating: 0x61, count: 1_500) + [0x0A] + [UInt8](repeating: 0x62, count: 600) + [0x5C])
        for length in [505, 506, 507, 511, 512, 513, 1_024] {
            inputs.append([0x22] + [UInt8](repeating: 0x61, count: length) + [0x22, 0x22])
        }
        for _ in 0..<40 {
            inputs.append((0..<Int.random(in: 500...3_000, using: &generator)).map { _ in
                Bool.random(using: &generator) ? 0x22 : UInt8.random(in: 0...0x7F, using: &generator)
            })
        }
        for input in inputs {
            var contiguous: [UInt8] = [0x7B]  // appended to what is there
            var other: [UInt8] = [0x7B]
            let a = JSONWriter.appendEscaped(input, to: &contiguous)
            let b = JSONWriter.appendEscaped(input.lazy.map { $0 }, to: &other)
            // Compared apart from the expectation, so that a failure names the input, not
            // thousands of bytes.
            let asByteByByte = contiguous == [0x7B] + Self.escapedByteByByte(input)
            let sameForOther = other == contiguous
            #expect(asByteByByte, "\(input.count) bytes from \(input.prefix(8))")
            #expect(sameForOther, "\(input.count) bytes from \(input.prefix(8))")
            #expect(a == b)
            #expect(a == input.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C })
            let decoded = try JSONSerialization.jsonObject(with: Data([0x22] + contiguous.dropFirst() + [0x22]), options: .fragmentsAllowed) as? String
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
                        JSONWriter.appendEscaped(input, to: &contiguous)
                        if contiguous != Self.escapedByteByByte(input) { mismatches += 1 }
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}
