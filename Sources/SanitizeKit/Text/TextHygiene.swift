/// Unicode hygiene for text that is about to be stored or sent: trimming, normalization,
/// removal of invisible or dangerous characters, and length limits that never split a
/// character.
///
/// Every function takes and returns a `String` (always well-formed Unicode); use
/// ``UTF8Validation`` first when the input arrives as bytes.
///
/// ```swift
/// let name = TextHygiene.truncate(
///     TextHygiene.stripBidiControls(TextHygiene.nfc(TextHygiene.trim(raw))),
///     maxGraphemes: 64)
/// ```
public enum TextHygiene {
    /// Removes leading and trailing white space.
    ///
    /// White space is every scalar with the Unicode `White_Space` property (space, TAB, LF, CR,
    /// NBSP U+00A0, U+2000–U+200A, U+3000, …). Zero-width characters are not white space; use
    /// ``stripZeroWidth(_:)`` for them.
    /// - Parameter text: the text.
    /// - Returns: `text` without white space at either end.
    public static func trim(_ text: String) -> String {
        // Fast path: both ends are printable ASCII, so nothing is whitespace at either end.
        if let head = text.utf8.first, let tail = text.utf8.last,
            (0x21...0x7E).contains(head), (0x21...0x7E).contains(tail)
        {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else {
            return ""
        }
        guard let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else {
            return ""
        }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex {
            return text
        }
        return String(scalars[first...last])
    }
}
