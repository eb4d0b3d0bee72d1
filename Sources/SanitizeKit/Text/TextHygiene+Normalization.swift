import Foundation

extension TextHygiene {
    /// Unicode Normalization Form C (canonical decomposition, then canonical composition),
    /// as defined by Unicode Standard Annex #15.
    ///
    /// Only the parts that can change are normalized: text is split at "stable" scalars (see
    /// ``isNFCStable(_:)``), which are in NFC, have canonical combining class 0 and never
    /// combine with a preceding character, so they start a normalization segment (UAX #15 §9);
    /// the segments holding other scalars go through Foundation's normalizer and the rest is
    /// copied. ASCII text is returned unchanged without any work.
    ///
    /// Those segments are first put into the Stream-Safe Text Format (UAX #15 §13): a
    /// COMBINING GRAPHEME JOINER (U+034F) goes before the 31st combining mark in a row. No
    /// real text has such runs, and canonical reordering of a long run is quadratic (an
    /// attacker's 1 MiB of alternating marks would take minutes); with the joiner every run
    /// is at most 30 marks long.
    /// - Parameter text: the text.
    /// - Returns: `text` in NFC (of its stream-safe form).
    public static func nfc(_ text: String) -> String {
        if isASCII(text) { return text }
        return normalizeSegments(text, isStable: isNFCStable) { $0.precomposedStringWithCanonicalMapping }
    }

    /// Unicode Normalization Form KC (compatibility decomposition, then canonical
    /// composition), UAX #15: folds look-alike forms such as `ﬁ` → `fi`, `①` → `1`,
    /// full-width `Ａ` → `A`. Same segmenting as ``nfc(_:)``, with a stable set that also
    /// excludes characters that have compatibility decompositions.
    /// - Parameter text: the text.
    /// - Returns: `text` in NFKC.
    public static func nfkc(_ text: String) -> String {
        if isASCII(text) { return text }
        return normalizeSegments(text, isStable: isNFKCStable) { $0.precomposedStringWithCompatibilityMapping }
    }

    /// Scalars that are NFC_QC=Yes, combining class 0 and never the second of a canonical
    /// composition: everything below U+0300, Hiragana U+3041–3096, Katakana U+30A1–30FA,
    /// CJK Unified Ideographs U+4E00–9FFF, Hangul syllables U+AC00–D7A3, pictographs and emoji
    /// U+1F300–1FAFF, regional indicators U+1F1E6–1F1FF, basic Greek U+0391–03A9 and
    /// U+03B1–03C9, basic Cyrillic U+0410–044F, ZWJ U+200D and VS16 U+FE0F.
    static func isNFCStable(_ value: UInt32) -> Bool {
        value < 0x300 || isCommonWideStable(value)
    }

    /// As ``isNFCStable(_:)`` without compatibility characters: ASCII, U+00C0–00FF, and the
    /// same CJK, Hangul, kana, emoji, Greek and Cyrillic ranges.
    static func isNFKCStable(_ value: UInt32) -> Bool {
        value < 0x80 || (0xC0...0xFF).contains(value) || isCommonWideStable(value)
    }

    private static func isCommonWideStable(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value)
            || (0x1F300...0x1FAFF).contains(value) || (0x1F1E6...0x1F1FF).contains(value)
            || (0x391...0x3A9).contains(value) || (0x3B1...0x3C9).contains(value)
            || (0x410...0x44F).contains(value) || value == 0x200D || value == 0xFE0F
    }

    /// Unstable runs closer than this many stable scalars are normalized in one call
    /// (each call into Foundation costs about as much as normalizing a few hundred scalars).
    static let mergeDistance = 1024

    /// Normalizes only the segments that hold an unstable scalar, each from the stable scalar
    /// before it (which may compose with what follows) to the next stable scalar.
    private static func normalizeSegments(
        _ text: String, isStable: (UInt32) -> Bool, normalize: (String) -> String
    ) -> String {
        let scalars = text.unicodeScalars
        var result = ""
        var copiedUpTo = scalars.startIndex
        var lastStable: String.Index?
        var changedAny = false
        var i = scalars.startIndex
        while i < scalars.endIndex {
            if isStable(scalars[i].value) {
                lastStable = i
                i = scalars.index(after: i)
                continue
            }
            let segmentStart = lastStable ?? i
            // The run of unstable scalars, merged with the next runs when fewer than
            // `mergeDistance` stable scalars separate them: one call for a cluster of segments.
            var j = i
            var restIsStable = false
            while true {
                while j < scalars.endIndex && !isStable(scalars[j].value) { j = scalars.index(after: j) }
                var k = j
                var gap = 0
                while k < scalars.endIndex && gap < mergeDistance && isStable(scalars[k].value) {
                    k = scalars.index(after: k)
                    gap += 1
                }
                guard k < scalars.endIndex && gap < mergeDistance else {
                    restIsStable = k == scalars.endIndex
                    break
                }
                j = k
            }
            if !changedAny && restIsStable {
                return normalize(streamSafe(text))  // a single segment: normalize in one call
            }
            if !changedAny {
                result.reserveCapacity(text.utf8.count + 16)
                changedAny = true
            }
            result.unicodeScalars.append(contentsOf: scalars[copiedUpTo..<segmentStart])
            result += normalize(streamSafe(String(scalars[segmentStart..<j])))
            copiedUpTo = j
            lastStable = nil
            i = j
        }
        guard changedAny else { return text }
        result.unicodeScalars.append(contentsOf: scalars[copiedUpTo...])
        return result
    }

    /// The most combining marks (non-starters) in a row in the Stream-Safe Text Format.
    static let maxNonStarters = 30

    /// `text` with U+034F COMBINING GRAPHEME JOINER before each 31st consecutive non-starter
    /// (canonical combining class other than 0), UAX #15 §13; `text` itself when it has no
    /// such run. Counts scalars, not the non-starters of their decompositions: a bound all the
    /// same, a little earlier for the few characters that decompose into several marks.
    static func streamSafe(_ text: String) -> String {
        var run = 0
        var needed = false
        for scalar in text.unicodeScalars {
            run = scalar.properties.canonicalCombiningClass == .notReordered ? 0 : run + 1
            if run > maxNonStarters {
                needed = true
                break
            }
        }
        guard needed else { return text }
        var result = String.UnicodeScalarView()
        run = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.canonicalCombiningClass == .notReordered {
                run = 0
            } else {
                run += 1
                if run > maxNonStarters {
                    result.append("\u{034F}")
                    run = 1
                }
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// Whether every byte of `text` is ASCII (and so already in every normalization form).
    static func isASCII(_ text: String) -> Bool {
        UTF8Bytes.with(text) { bytes in
            guard let base = bytes.baseAddress else { return true }
            var i = 0
            let count = bytes.count
            while i + 8 <= count {
                if base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                    return false
                }
                i += 8
            }
            while i < count {
                if base.load(fromByteOffset: i, as: UInt8.self) >= 0x80 { return false }
                i += 1
            }
            return true
        }
    }
}
