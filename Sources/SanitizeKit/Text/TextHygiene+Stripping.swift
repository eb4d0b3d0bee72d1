extension TextHygiene {
    /// Removes control characters: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F),
    /// the Unicode general category `Cc`.
    ///
    /// By default TAB, LF and CR go too, because a single-line field never needs them. Pass
    /// `keepingTabAndLineBreaks: true` for multi-line text: then TAB (U+0009), LF (U+000A) and
    /// CR (U+000D) stay and every other control goes.
    /// - Parameters:
    ///   - text: the text.
    ///   - keepingTabAndLineBreaks: keep TAB, LF and CR.
    /// - Returns: `text` without control characters.
    public static func stripControls(_ text: String, keepingTabAndLineBreaks: Bool = false) -> String {
        if keepingTabAndLineBreaks {
            return ScalarFilter.remove(from: text) { isControl($0) && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        }
        return ScalarFilter.remove(from: text, where: isControl)
    }

    /// Removes the Unicode bidirectional formatting characters that reorder how text is
    /// displayed ("Trojan Source", CVE-2021-42574):
    /// the embeddings and overrides U+202A–U+202E (LRE, RLE, PDF, LRO, RLO), the isolates
    /// U+2066–U+2069 (LRI, RLI, FSI, PDI), and the invisible marks U+200E (LRM),
    /// U+200F (RLM) and U+061C (ALM), which can reorder neutral characters just as well.
    /// - Parameter text: the text.
    /// - Returns: `text` without bidi controls.
    public static func stripBidiControls(_ text: String) -> String {
        ScalarFilter.remove(from: text, where: isBidiControl)
    }

    /// Removes zero-width and invisible format characters that hide content or split words
    /// unseen: U+200B ZERO WIDTH SPACE, U+200C ZWNJ, U+200D ZWJ, U+2060 WORD JOINER,
    /// U+2061–U+2064 (invisible math operators), U+FEFF (BOM / ZWNBSP) and U+180E
    /// MONGOLIAN VOWEL SEPARATOR.
    ///
    /// A ZWJ that joins two emoji (as in 👨‍👩‍👧, or 🏳️‍🌈) is kept, so emoji sequences stay
    /// whole: it is kept when the scalar before it is an emoji, an emoji modifier or U+FE0F,
    /// and the scalar after it is an emoji. Note that ZWNJ is meaningful in Persian and some
    /// Indic scripts; it is removed all the same.
    /// - Parameter text: the text.
    /// - Returns: `text` without zero-width characters.
    public static func stripZeroWidth(_ text: String) -> String {
        ScalarFilter.remove(from: text, where: isZeroWidth) { previous, next in
            // Only consulted for ZWJ: keep it inside an emoji ZWJ sequence.
            guard let previous, let next else { return false }
            return isEmojiJoinable(previous, before: true) && isEmojiJoinable(next, before: false)
        }
    }

    /// Whether `value` is a C0 or C1 control character or DEL.
    @inline(__always)
    static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (value >= 0x7F && value <= 0x9F)
    }

    /// Whether `value` is a bidi embedding, override, isolate or mark.
    @inline(__always)
    static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x061C
    }

    /// Whether `value` is one of the zero-width characters ``stripZeroWidth(_:)`` removes.
    @inline(__always)
    static func isZeroWidth(_ value: UInt32) -> Bool {
        (0x200B...0x200D).contains(value) || (0x2060...0x2064).contains(value)
            || value == 0xFEFF || value == 0x180E
    }

    /// Whether a scalar can stand beside a ZWJ in an emoji ZWJ sequence.
    private static func isEmojiJoinable(_ value: UInt32, before: Bool) -> Bool {
        guard value >= 0xA9, let scalar = Unicode.Scalar(value) else { return false }
        if before && (value == 0xFE0F || scalar.properties.isEmojiModifier) { return true }
        return scalar.properties.isEmoji
    }
}
