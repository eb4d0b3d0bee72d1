/// A `pattern` that is `^` and up to 16 literal ASCII characters, such as the `^x-` and `^/` of
/// OpenAPI and Swagger documents' `patternProperties`: decided by comparing the text's first
/// bytes, no regular-expression engine.
///
/// Exact both ways on any UTF-8 text: without the multiline flag `^` holds only at the start
/// (ECMA-262 §22.2.2.6), and each literal character (letters, digits and punctuation that is
/// not a pattern syntax character, §22.2.1) matches only itself, so the pattern matches exactly
/// the texts that begin with those bytes. Any other pattern (an escape, a class, a quantifier,
/// `.`, `$`, a group, an alternative, a non-ASCII character) is left to PCRE2.
/// ``ProgramBuffers/matchPattern(_:_:)`` asks it first.
struct LiteralPrefixPattern: Sendable, Equatable {
    /// The literal's bytes, first byte lowest, in two words (plain values: ``ProgramBuffers``
    /// keeps it in a buffer of its own).
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    /// How many bytes the literal has (1 to 16).
    private var count = 0

    /// The characters a literal may hold: letters, digits, and the printable ASCII punctuation
    /// that ECMA-262 does not make a pattern syntax character (`^ $ \ . * + ? ( ) [ ] { } |`).
    /// `#`, backquote and space are literals too, but rare in a prefix: PCRE2 keeps them.
    private static func isLiteral(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "@"),
            UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: ","),
            UInt8(ascii: ";"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "'"),
            UInt8(ascii: "\""):
            return true
        default:
            return false
        }
    }

    /// Reads `^literal`; `nil` for any other pattern.
    init?(_ source: String) {
        let bytes = Array(source.utf8)
        guard bytes.count >= 2, bytes.count <= 17, bytes[0] == UInt8(ascii: "^") else { return nil }
        for (position, byte) in bytes.dropFirst().enumerated() {
            guard Self.isLiteral(byte) else { return nil }
            if position < 8 {
                low |= UInt64(byte) << UInt64(8 * position)
            } else {
                high |= UInt64(byte) << UInt64(8 * (position - 8))
            }
        }
        count = bytes.count - 1
    }

    /// Whether the text begins with the literal.
    func matches(_ utf8: UnsafeRawBufferPointer) -> Bool {
        guard utf8.count >= count else { return false }
        for position in 0..<count {
            let word = position < 8 ? low : high
            let expected = UInt8(truncatingIfNeeded: word >> UInt64(8 * (position & 7)))
            if utf8[position] != expected { return false }
        }
        return true
    }
}
