/// Random text over ASCII, controls, Latin-1, BMP and astral scalars (never surrogates).
package enum GeneratedText {
    /// A string of up to `maxLength` scalars drawn from `generator`.
    package static func random(using generator: inout SeededGenerator, maxLength: Int = 24) -> String {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x20...0x7E, 0x00...0x1F, 0x7F...0xFF, 0x100...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int(generator.next() % UInt64(maxLength + 1)) {
            let range = ranges[Int(generator.next() % UInt64(ranges.count))]
            let value = range.lowerBound + UInt32(generator.next() % UInt64(range.upperBound - range.lowerBound + 1))
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
