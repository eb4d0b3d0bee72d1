import Testing

@testable import SanitizeKit

@Suite("JSON decimal writing")
struct JSONDecimalWriterTests {
    @Test("integers are written as Swift prints them, after what the buffer held")
    func asSwiftPrints() {
        var values: [Int] = [0, 1, 9, 10, 99, 100, -1, -9, -10, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        while power <= Int.max / 10 {
            values += [power - 1, power, power + 1, -power]
            power *= 10
        }
        var generator = SeededGenerator(seed: 53)
        values += (0..<500).map { _ in Int.random(in: Int.min...Int.max, using: &generator) }
        // Line numbers and indices: most below 10^8, written from a word of digits.
        values += (0..<2_000).map { _ in Int.random(in: -200_000_000...200_000_000, using: &generator) }
        for value in values {
            var out = Array("x:".utf8)
            JSONWriter.appendDecimal(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "x:\(value)")
        }
    }
}
