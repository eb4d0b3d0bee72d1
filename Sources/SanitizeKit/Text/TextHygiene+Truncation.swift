extension TextHygiene {
    /// Keeps at most `maxGraphemes` extended grapheme clusters (user-perceived characters,
    /// UAX #29), so an emoji family, a flag or a letter with its accents is kept whole or
    /// dropped whole.
    /// - Parameters:
    ///   - text: the text.
    ///   - maxGraphemes: the most characters to keep; 0 or less gives "".
    /// - Returns: the longest prefix of `text` with at most `maxGraphemes` characters.
    public static func truncate(_ text: String, maxGraphemes: Int) -> String {
        guard maxGraphemes > 0 else { return "" }
        guard let end = text.index(text.startIndex, offsetBy: maxGraphemes, limitedBy: text.endIndex)
        else { return text }
        return String(text[..<end])
    }

    /// Keeps at most `maxBytes` bytes of UTF-8 without splitting a grapheme cluster (and so
    /// never a UTF-8 sequence): the result is the longest prefix of whole characters that fits.
    /// - Parameters:
    ///   - text: the text.
    ///   - maxBytes: the most UTF-8 bytes to keep; 0 or less gives "".
    /// - Returns: the longest prefix of `text` made of whole characters and at most
    ///   `maxBytes` bytes long.
    public static func truncate(_ text: String, maxUTF8Bytes maxBytes: Int) -> String {
        let total = text.utf8.count
        if total <= maxBytes { return text }
        guard maxBytes > 0 else { return "" }
        let utf8 = text.utf8
        if maxBytes <= total / 2 {
            // Walk forward over the part that is kept.
            var end = text.startIndex
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(after: index)
                if utf8.distance(from: utf8.startIndex, to: next) > maxBytes { break }
                end = next
                index = next
            }
            return String(text[..<end])
        }
        // Walk backward over the part that is dropped.
        var end = text.endIndex
        while end > text.startIndex && utf8.distance(from: utf8.startIndex, to: end) > maxBytes {
            end = text.index(before: end)
        }
        return String(text[..<end])
    }
}
