import Foundation
import SanitizeKit
import Testing

@Suite("Unicode hygiene")
struct TextHygieneTests {
    @Test(
        "trim",
        arguments: [
            ("  a b  ", "a b"), ("\t\n\r x \u{A0}\u{3000}", "x"), ("\u{200B}x", "\u{200B}x"), ("   ", ""), ("", ""), ("x", "x"),
        ])
    func trim(input: String, expected: String) {
        #expect(TextHygiene.trim(input).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test("NFC composes, NFKC folds compatibility forms")
    func normalization() {
        let decomposed = "e\u{301}"
        #expect(Array(TextHygiene.nfc(decomposed).unicodeScalars) == ["\u{E9}"])
        #expect(Array(TextHygiene.nfc("ﬁ①").unicodeScalars) == ["\u{FB01}", "\u{2460}"])
        #expect(Array(TextHygiene.nfkc("ﬁ①Ａ").unicodeScalars) == ["f", "i", "1", "A"])
        #expect(Array(TextHygiene.nfc("\u{212B}").unicodeScalars) == ["\u{C5}"])  // Angstrom sign
        #expect(TextHygiene.nfc("plain ascii") == "plain ascii")
    }

    @Test("strip controls: C0, DEL and C1 go; TAB/LF/CR only on request")
    func controls() {
        let input = "a\u{0}b\u{1B}[31mc\u{7F}d\u{85}e\u{9F}f\tg\nh\ri"
        #expect(TextHygiene.stripControls(input) == "ab[31mcdefghi")
        #expect(TextHygiene.stripControls(input, keepingTabAndLineBreaks: true) == "ab[31mcdef\tg\nh\ri")
        #expect(TextHygiene.stripControls("\r\n") == "")
        #expect(TextHygiene.stripControls("café ✓") == "café ✓")
    }

    @Test("strip bidi: overrides, isolates and marks")
    func bidi() {
        let trojan = "if (a\u{202E} } \u{2066}admin\u{2069} \u{202A}\u{202B}\u{202C}\u{202D}\u{2067}\u{2068}\u{200E}\u{200F}\u{61C}x"
        #expect(TextHygiene.stripBidiControls(trojan) == "if (a } admin x")
        #expect(TextHygiene.stripBidiControls("שלום abc") == "שלום abc")
    }

    @Test("strip zero-width keeps emoji ZWJ sequences whole")
    func zeroWidth() {
        #expect(TextHygiene.stripZeroWidth("pa\u{200B}y\u{200C}p\u{200D}a\u{2060}l\u{FEFF}\u{180E}\u{2062}") == "paypal")
        let family = "👨‍👩‍👧"
        #expect(TextHygiene.stripZeroWidth(family) == family)
        let rainbow = "🏳️‍🌈"
        #expect(TextHygiene.stripZeroWidth(rainbow) == rainbow)
        #expect(TextHygiene.stripZeroWidth("a\u{200D}👩") == "a👩")
        #expect(TextHygiene.stripZeroWidth("\u{200D}") == "")
    }

    @Test(
        "truncate by graphemes keeps families, flags and accents whole",
        arguments: [
            ("👨‍👩‍👧👨‍👩‍👧", 1, "👨‍👩‍👧"), ("🇪🇸🇫🇷🇩🇪", 2, "🇪🇸🇫🇷"), ("e\u{301}e\u{301}", 1, "e\u{301}"),
            ("abc", 5, "abc"), ("abc", 0, ""), ("\r\nx", 1, "\r\n"),
        ])
    func graphemes(input: String, limit: Int, expected: String) {
        #expect(TextHygiene.truncate(input, maxGraphemes: limit).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test(
        "truncate by bytes never splits a character",
        arguments: [
            ("👨‍👩‍👧x", 17, ""), ("👨‍👩‍👧x", 18, "👨‍👩‍👧"), ("🇪🇸🇫🇷", 7, ""), ("🇪🇸🇫🇷", 8, "🇪🇸"), ("é", 1, ""), ("aé", 2, "a"),
            ("e\u{301}", 1, ""), ("abc", 3, "abc"),
        ])
    func bytes(input: String, limit: Int, expected: String) {
        #expect(TextHygiene.truncate(input, maxUTF8Bytes: limit).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test("byte truncation is the longest whole-character prefix, for every limit", .corpus(.naughtyStrings))
    func byteTruncationProperty() {
        let samples = TextCorpus.naughtyStrings.filter { $0.utf8.count > 1 }.prefix(200)
            + ["👨‍👩‍👧🇪🇸e\u{301}한국어 🏳️‍🌈x"]
        for text in samples {
            let characters = Array(text)
            for limit in 0...(text.utf8.count + 1) {
                let result = TextHygiene.truncate(text, maxUTF8Bytes: limit)
                #expect(result.utf8.count <= limit)
                let kept = Array(result)
                #expect(kept.count <= characters.count && Array(characters.prefix(kept.count)) == kept)
                if kept.count < characters.count {
                    #expect(result.utf8.count + String(characters[kept.count]).utf8.count > limit)
                }
            }
        }
    }

    @Test("named steps", arguments: ["trim", "nfc", "nfkc", "strip-controls", "strip-bidi", "strip-zero-width", "strip-sql", "strip-shell", "encode-shell", "encode-url-query", "encode-sql-literal-postgres", "encode-sql-identifier"])
    func stepNames(name: String) throws {
        let step = try TextStep(name: name)
        _ = try step.apply(to: " x ")
    }

    @Test("steps do what their functions do")
    func steps() throws {
        #expect(try TextStep(name: "trim").apply(to: " a ") == "a")
        #expect(try TextStep(name: "encode-sql-literal-mysql").apply(to: "a'") == "'a\\''")
        #expect(try TextStep(name: "encode-url-form").apply(to: "a b&") == "a+b%26")
        #expect(try TextStep.truncateGraphemes(1).apply(to: "🇪🇸🇫🇷") == "🇪🇸")
        #expect(try TextStep.truncateBytes(3).apply(to: "aéb") == "aé")
        #expect(throws: SanitizeError.self) { try TextStep(name: "shout") }
        #expect(throws: SanitizeError.self) { try TextStep(name: "encode-sql-literal-oracle") }
        #expect(throws: SanitizeError.self) { try TextStep.stripSQL.apply(to: "\u{0}") }
    }
}

/// The segmenting normalizer against Foundation's whole-string normalization.
@Suite("Normalization segments")
struct NormalizationSegmentTests {
    @Test("NFC and NFKC equal Foundation's on 20 000 random strings of tricky scalars")
    func differential() {
        var generator = SeededGenerator(seed: 15)
        // Starters, combining marks, Hangul jamo, kana voiced marks, singletons, compatibility
        // characters, Indic vowel signs that compose, emoji.
        let alphabet: [Unicode.Scalar] = [
            "a", "e", "A", " ", "\u{C5}", "\u{E9}", "\u{300}", "\u{301}", "\u{327}", "\u{323}", "\u{344}",
            "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{D55C}", "\u{304B}", "\u{3099}", "\u{309B}",
            "\u{212B}", "\u{2126}", "\u{374}", "\u{FB01}", "\u{2460}", "\u{FF21}", "\u{A0}", "\u{B2}",
            "\u{BC7}", "\u{BBE}", "\u{DD9}", "\u{DCF}", "\u{65E5}", "\u{1F468}", "\u{200D}", "\u{FE0F}",
            "\u{1F1EA}", "\u{3B1}", "\u{313}", "\u{345}", "\u{F900}", "\u{438}", "\u{306}", "\u{3A9}",
            "\u{1F1F8}", "\u{415}", "\u{308}",
        ]
        for _ in 0..<20_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 12) {
                scalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            let text = String(scalars)
            #expect(
                TextHygiene.nfc(text).unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(
                TextHygiene.nfkc(text).unicodeScalars.elementsEqual(text.precomposedStringWithCompatibilityMapping.unicodeScalars),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("segments far apart are normalized separately and give the same result")
    func farApartSegments() {
        var generator = SeededGenerator(seed: 16)
        let pieces = ["e\u{301}", "\u{1100}\u{1161}\u{11A8}", "\u{3B1}\u{313}\u{301}", "\u{FB01}", "\u{212B}", "\u{304B}\u{3099}", "\u{AC00}\u{11A8}"]
        let gaps = [String(repeating: "x", count: 1_100), String(repeating: "\u{65E5}", count: 1_500), String(repeating: "é", count: 2_000)]
        for _ in 0..<50 {
            var text = ""
            for _ in 0..<6 {
                text += pieces[Int(generator.next() % UInt64(pieces.count))]
                text += gaps[Int(generator.next() % UInt64(gaps.count))]
            }
            #expect(TextHygiene.nfc(text).unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars))
            #expect(TextHygiene.nfkc(text).unicodeScalars.elementsEqual(text.precomposedStringWithCompatibilityMapping.unicodeScalars))
        }
    }

    @Test("NFC and NFKC cap runs of combining marks at 30 (stream-safe), so long runs stay linear")
    func streamSafeNormalization() {
        // 40 000 alternating marks of two classes: quadratic reordering took 9.8 s before.
        let hostile = "e" + String(repeating: "\u{0301}\u{0327}", count: 40_000)
        for normalized in [TextHygiene.nfc(hostile), TextHygiene.nfkc(hostile)] {
            var run = 0
            var longest = 0
            var joiners = 0
            for scalar in normalized.unicodeScalars {
                if scalar == "\u{034F}" { joiners += 1 }
                run = scalar.properties.canonicalCombiningClass == .notReordered ? 0 : run + 1
                longest = max(longest, run)
            }
            #expect(longest <= 30)
            #expect(joiners == 80_000 / 30)
            #expect(Array(TextHygiene.nfc(normalized).utf8) == Array(normalized.utf8))  // already NFC
        }
        // Exactly 30 marks in a row are left alone; real text never comes near.
        let thirty = "a" + String(repeating: "\u{0301}", count: 30)
        #expect(!TextHygiene.nfc(thirty).unicodeScalars.contains("\u{034F}"))
        #expect(TextHygiene.nfc("A\u{030A} e\u{0301}") == "\u{00C5} \u{00E9}")
        #expect(TextHygiene.nfc("a" + String(repeating: "\u{0301}", count: 31)).unicodeScalars.filter { $0 == "\u{034F}" }.count == 1)
    }
}
