/// Checks that bytes are well-formed UTF-8 and says where they are not.
///
/// Follows the Unicode Standard, chapter 3, table 3-7 ("Well-Formed UTF-8 Byte Sequences"):
/// no overlong forms, no surrogates (U+D800–U+DFFF), nothing above U+10FFFF, no lone
/// continuation bytes, no truncated sequences. The reported offset is the 0-based byte offset
/// of the first byte of the first ill-formed sequence.
///
/// ```swift
/// UTF8Validation.firstInvalidByteOffset(in: [0x61, 0xC3, 0x28])  // 1
/// let text = try UTF8Validation.string(validating: bytes)        // throws `invalid-utf8`
/// ```
public enum UTF8Validation {
    /// Finds the first ill-formed UTF-8 sequence.
    /// - Parameter bytes: the bytes to check.
    /// - Returns: the byte offset where the first ill-formed sequence starts, or `nil` when
    ///   all bytes are well-formed UTF-8.
    public static func firstInvalidByteOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return nil }
        var i = 0
        while i < count {
            // ASCII fast path: eight bytes at a time.
            while i + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            guard i < count else { return nil }
            let lead = base.load(fromByteOffset: i, as: UInt8.self)
            if lead < 0x80 {
                i += 1
                continue
            }
            let length = sequenceLength(base, count, at: i, lead: lead)
            if length == 0 { return i }
            i += length
        }
        return nil
    }

    /// Finds the first ill-formed UTF-8 sequence.
    /// - Parameter bytes: the bytes to check.
    /// - Returns: the byte offset where the first ill-formed sequence starts, or `nil`.
    public static func firstInvalidByteOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { firstInvalidByteOffset(in: $0) }
    }

    /// Makes a `String` from bytes that must be well-formed UTF-8.
    /// - Parameter bytes: UTF-8 bytes.
    /// - Returns: the text.
    /// - Throws: ``SanitizeError`` with code `invalid-utf8` and the byte offset of the first
    ///   ill-formed sequence.
    public static func string(validating bytes: UnsafeRawBufferPointer) throws -> String {
        try validate(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Makes a `String` from bytes that must be well-formed UTF-8.
    /// - Parameter bytes: UTF-8 bytes.
    /// - Returns: the text.
    /// - Throws: ``SanitizeError`` with code `invalid-utf8` and the byte offset of the first
    ///   ill-formed sequence.
    public static func string(validating bytes: [UInt8]) throws -> String {
        try bytes.withUnsafeBytes { try string(validating: $0) }
    }

    /// Throws when `bytes` are not well-formed UTF-8.
    /// - Parameter bytes: the bytes to check.
    /// - Throws: ``SanitizeError`` with code `invalid-utf8` and the offset of the first
    ///   ill-formed sequence.
    public static func validate(_ bytes: UnsafeRawBufferPointer) throws {
        if let offset = firstInvalidByteOffset(in: bytes) {
            throw SanitizeError(
                .invalidUTF8, "invalid UTF-8 at byte \(offset)", at: .init(byteOffset: offset))
        }
    }

    /// The length of the well-formed sequence starting at `i` with non-ASCII `lead`, or 0.
    @inline(__always)
    private static func sequenceLength(
        _ base: UnsafeRawPointer, _ count: Int, at i: Int, lead: UInt8
    ) -> Int {
        @inline(__always) func byte(_ k: Int) -> UInt8? {
            i + k < count ? base.load(fromByteOffset: i + k, as: UInt8.self) : nil
        }
        @inline(__always) func isContinuation(_ b: UInt8?) -> Bool {
            guard let b else { return false }
            return b & 0xC0 == 0x80
        }
        switch lead {
        case 0xC2...0xDF:
            return isContinuation(byte(1)) ? 2 : 0
        case 0xE0...0xEF:
            guard let second = byte(1) else { return 0 }
            let range: ClosedRange<UInt8> =
                lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            return range.contains(second) && isContinuation(byte(2)) ? 3 : 0
        case 0xF0...0xF4:
            guard let second = byte(1) else { return 0 }
            let range: ClosedRange<UInt8> =
                lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            return range.contains(second) && isContinuation(byte(2)) && isContinuation(byte(3))
                ? 4 : 0
        default:
            return 0
        }
    }
}
