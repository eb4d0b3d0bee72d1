import Testing

@testable import SanitizeKit

/// The record filter skips a value when every step says it would leave the value unchanged;
/// that answer must never be wrong.
@Suite("Step shortcuts")
struct StepShortcutTests {
    static let steps: [SanitizeStep] = [
        .text(.trim), .text(.nfc), .text(.nfkc), .text(.stripControls), .text(.stripBidi),
        .text(.stripZeroWidth), .text(.truncateGraphemes(0)), .text(.truncateGraphemes(5)),
        .text(.truncateBytes(3)), .text(.truncateBytes(64)), .text(.stripSQL), .text(.stripShell),
        .text(.encode(.url(.query))), .text(.encode(.sqlLiteral(.sqlite))), .lowercaseDomain,
    ]

    /// Every ASCII character except NUL and a set of non-ASCII ones each step cares about,
    /// alone and in pairs, plus seeded random strings from an alphabet rich in both.
    static let samples: [String] = {
        let special = ["é", "e\u{0301}", "\u{0301}", "\u{00A0}", "\u{0085}", "\u{2003}", "\u{202E}", "\u{2066}",
                       "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{0090}", "Ａ", "ﬁ", "①", "日", "한", "👨‍👩‍👧", "🇪🇸", "Ω", "Ｅ"]
        let alphabet = (1..<128).map { String(UnicodeScalar(UInt8($0))) } + special
        var samples = [""] + alphabet
        for a in ["-", "/", "*", " ", "a", "A", "@", "\r", "é", "\u{00A0}", "\u{0301}"] { samples += alphabet.map { a + $0 } }
        // One odd character at every position of a 20-character value (the word-at-a-time
        // path of the profile sees it in the first, second or third word).
        let plain = Array("abcdefghijklmnopqrst")
        for odd in ["\u{7F}", "\u{1F}", "\t", "é", " ", "\u{00A0}", "\u{202E}"] {
            for position in plain.indices {
                var value = plain
                value[position] = Character(odd)
                samples.append(String(value))
            }
        }
        var state: UInt64 = 20_261_122
        let rich = Array(" \t-*/@%;'\"\\aAbBzZ09.\r\n") + special.map { Character($0) }
        for _ in 0..<3_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for k in 0..<Int(state >> 60) + 1 {
                let pick = Int((state >> UInt64(4 * (k % 12))) & 0xFF) % rich.count
                text.append(rich[pick])
            }
            samples.append(text)
        }
        return samples
    }()

    @Test func aStepThatSaysUnchangedLeavesTheValueAsItIs() throws {
        var skipped = 0
        for step in Self.steps {
            for sample in Self.samples {
                var text = sample
                let unchanged = text.withUTF8 { utf8 in
                    let bytes = UnsafeRawBufferPointer(utf8)
                    return step.leavesUnchanged(TextProfile(utf8: bytes), utf8: bytes)
                }
                guard unchanged else { continue }
                skipped += 1
                let applied = try step.apply(to: sample)
                #expect(Array(applied.utf8) == Array(sample.utf8), "\(step) on \(Array(sample.utf8))")
            }
        }
        // The shortcut must actually fire, or it is no shortcut.
        #expect(skipped > Self.samples.count * 5)
    }

    @Test func theProfileSaysWhatAScalarAtATimeWould() {
        // Every length from 1 to 20 with an odd character at every position: the profile reads
        // runs of printable ASCII a word at a time, the last eight bytes as the word that ends
        // the text, and the rest a scalar at a time.
        var samples = Self.samples
        for length in 1...20 {
            let plain = Array("abcdefghijklmnopqrst".prefix(length))
            for odd in ["\u{7F}", "\u{1F}", "\t", "é", " ", "\u{00A0}", "\u{202E}", "日", "\u{200B}", "ﬁ"] {
                for position in plain.indices {
                    var value = plain
                    value[position] = Character(odd)
                    samples.append(String(value))
                    samples.append(String(value) + odd)
                }
            }
        }
        for sample in samples {
            var text = sample
            let profile = text.withUTF8 { TextProfile(utf8: UnsafeRawBufferPointer($0)) }
            let values = sample.unicodeScalars.map(\.value)
            let nonASCII = values.filter { $0 >= 0x80 }
            let shown = "\(Array(sample.utf8))"
            #expect(profile.byteCount == sample.utf8.count && profile.scalarCount == values.count, "\(shown)")
            #expect(profile.hasNonASCII == !nonASCII.isEmpty, "\(shown)")
            #expect(profile.allNFCStable == nonASCII.allSatisfy(TextHygiene.isNFCStable), "\(shown)")
            #expect(profile.allNFKCStable == nonASCII.allSatisfy(TextHygiene.isNFKCStable), "\(shown)")
            #expect(profile.hasControl == values.contains { $0 < 0x20 || $0 == 0x7F || $0 >= 0x80 && TextHygiene.isControl($0) }, "\(shown)")
            #expect(profile.hasBidiControl == nonASCII.contains(where: TextHygiene.isBidiControl), "\(shown)")
            #expect(profile.hasZeroWidth == nonASCII.contains(where: TextHygiene.isZeroWidth), "\(shown)")
            let edges = [values.first, values.last].compactMap { $0 }
            #expect(profile.edgesAreNotWhitespace == !edges.contains(where: TextProfile.isWhitespace), "\(shown)")
        }
    }

    @Test func stripSetsSeeTheirSequences() {
        for (text, expected) in [("a-b", true), ("a--b", false), ("a/b", false), ("ab;", false), ("plain text", true)] {
            var copy = text
            #expect(copy.withUTF8 { SQL.defaultStripSet.leavesUnchanged(utf8: UnsafeRawBufferPointer($0), hasNonASCII: false) } == expected, "\(text)")
        }
    }

    @Test func aMinimalRecordIsWrittenAsItCameAndAReplacementIsSeen() throws {
        let minimal = Array(#"{"a":"x","b":[1,2.50,true,null],"c":"\u00e9\n"}"#.utf8)
        var document = try JSONDocument(parsing: minimal)
        #expect(document.serialized() == minimal)
        document.setString("", at: try #require(document.member("a", of: document.root)))
        #expect(document.serialized() == Array(#"{"a":"","b":[1,2.50,true,null],"c":"\u00e9\n"}"#.utf8))

        let spaced = Array(#" { "a" : "x" , "b" : [ 1 ] } "#.utf8)
        #expect(try JSONDocument(parsing: spaced).serialized() == Array(#"{"a":"x","b":[1]}"#.utf8))
        var reused = try JSONDocument(parsing: spaced)
        try minimal.withUnsafeBytes { try reused.reparse($0) }
        #expect(reused.serialized() == minimal)
        try spaced.withUnsafeBytes { try reused.reparse($0) }
        #expect(reused.serialized() == Array(#"{"a":"x","b":[1]}"#.utf8))
    }
}
