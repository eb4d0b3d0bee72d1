import SanitizeKit
import Testing

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    @Test(
        "offset of the first ill-formed sequence",
        arguments: [
            ([], nil), (Array("héllo 👋".utf8), nil), ([0x61, 0xC3, 0x28], 1), ([0xC0, 0x80], 0),
            ([0xC1, 0xBF], 0), ([0xE0, 0x80, 0x80], 0), ([0xE0, 0x9F, 0xBF], 0), ([0xED, 0xA0, 0x80], 0),
            ([0xF0, 0x8F, 0xBF, 0xBF], 0), ([0xF4, 0x90, 0x80, 0x80], 0), ([0xF5, 0x80, 0x80, 0x80], 0),
            ([0x80], 0), ([0x61, 0x62, 0xE2, 0x82], 2), (Array("12345678".utf8) + [0x39, 0xFF], 9),
            (Array("abcdefghij".utf8) + [0xF0, 0x9F, 0x98], 10), ([0xEF, 0xBF, 0xBF], nil), ([0xF4, 0x8F, 0xBF, 0xBF], nil),
        ] as [([UInt8], Int?)])
    func offsets(bytes: [UInt8], expected: Int?) {
        #expect(UTF8Validation.firstInvalidByteOffset(in: bytes) == expected)
    }

    @Test("agrees with the standard library on 20 000 random byte strings")
    func differential() {
        var generator = SeededGenerator(seed: 7)
        let alphabet: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 12)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let offset = UTF8Validation.firstInvalidByteOffset(in: bytes)
            #expect((offset == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            if let offset {
                #expect(String(validating: bytes[..<offset], as: UTF8.self) != nil)
            }
        }
    }

    @Test("every lead byte with every kind of second byte, at every position of a word, agrees with the standard library")
    func everyLeadByteEverywhere() {
        // One second byte from each range that table 3-7 tells apart, and the range edges.
        let seconds: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var checked = 0
        for lead in 0...255 {
            for second in seconds {
                // The pair, then two continuation bytes (which four-byte leads need), starting at
                // each of the eight byte positions of a word: followed by more words, or at the
                // end (the last, partial word; or a line shorter than a word); and after a
                // 32-byte ASCII block that is skipped whole.
                let sequence: [UInt8] = [UInt8(lead), second, 0x80, 0xBF]
                for before in Array(0..<8) + [32, 37] {
                    for after in [0, 11] {
                        let bytes = [UInt8](repeating: 0x61, count: before) + sequence + [UInt8](repeating: 0x62, count: after)
                        let offset = UTF8Validation.firstInvalidByteOffset(in: bytes)
                        let wellFormed = String(validating: bytes, as: UTF8.self) != nil
                        let prefixWellFormed = offset.map { String(validating: bytes[..<$0], as: UTF8.self) != nil } ?? true
                        if (offset == nil) != wellFormed || !prefixWellFormed {
                            Issue.record("disagrees on \(bytes): offset \(String(describing: offset))")
                            return
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 256 * 19 * 20)
    }

    @Test("on long mixed text with one fault anywhere, the offset is where the bad sequence starts")
    func mixedTextWithOneFault() {
        var generator = SeededGenerator(seed: 11)
        // Edge scalars of every length, and faults of every kind the table loop must catch.
        let scalars: [Unicode.Scalar] = ["a", "~", "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}",
                                         "\u{10000}", "\u{10FFFF}", "é", "日", "👨"]
        let faults: [[UInt8]] = [[0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0x80], [0xED, 0xA0, 0x80],
                                 [0xF0, 0x8F, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
                                 [0xE1, 0x80], [0xF1, 0x80, 0x80], [0xC3], [0xE1, 0x41, 0x80], [0xF1, 0x80, 0x41, 0x80]]
        var faulty = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            var boundaries: [Int] = []
            for _ in 0..<Int(generator.next() % 24) {
                boundaries.append(bytes.count)
                bytes += Array(String(scalars[Int(generator.next() % UInt64(scalars.count))]).utf8)
            }
            boundaries.append(bytes.count)
            var expected: Int?
            if generator.next() % 3 != 0 {
                let at = boundaries[Int(generator.next() % UInt64(boundaries.count))]
                bytes.insert(contentsOf: faults[Int(generator.next() % UInt64(faults.count))], at: at)
                expected = at
                faulty += 1
            }
            #expect(UTF8Validation.firstInvalidByteOffset(in: bytes) == expected, "\(bytes)")
        }
        #expect(faulty > 10_000)
    }

    @Test("string(validating:) throws invalid-utf8 with the offset")
    func throwing() throws {
        #expect(try UTF8Validation.string(validating: Array("ok".utf8)) == "ok")
        #expect(throws: SanitizeError(.invalidUTF8, "invalid UTF-8 at byte 2", at: .init(byteOffset: 2))) {
            try UTF8Validation.string(validating: [0x6F, 0x6B, 0xFE])
        }
    }
}
