import Foundation

extension TextHygiene {
    /// Unicode Normalization Form C (canonical decomposition, then canonical composition),
    /// as defined by Unicode Standard Annex #15.
    ///
    /// ASCII text is returned unchanged without any work.
    /// - Parameter text: the text.
    /// - Returns: `text` in NFC.
    public static func nfc(_ text: String) -> String {
        if isASCII(text) { return text }
        return text.precomposedStringWithCanonicalMapping
    }

    /// Unicode Normalization Form KC (compatibility decomposition, then canonical
    /// composition), UAX #15: folds look-alike forms such as `ﬁ` → `fi`, `①` → `1`,
    /// full-width `Ａ` → `A`.
    /// - Parameter text: the text.
    /// - Returns: `text` in NFKC.
    public static func nfkc(_ text: String) -> String {
        if isASCII(text) { return text }
        return text.precomposedStringWithCompatibilityMapping
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
