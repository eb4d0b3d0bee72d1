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
}
