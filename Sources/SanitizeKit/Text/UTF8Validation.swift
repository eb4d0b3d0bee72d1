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
        guard count > 0, let raw = bytes.baseAddress else { return nil }
        let p = raw.assumingMemoryBound(to: UInt8.self)
        @inline(__always) func continuation(_ k: Int) -> Bool { p[k] & 0xC0 == 0x80 }
        var i = 0
        while i < count {
            // ASCII eight bytes at a time; in a word with a non-ASCII byte, the ASCII bytes
            // before it are skipped at once (the lowest byte of the little-endian value is
            // the first in memory).
            if i + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let high = word & 0x8080_8080_8080_8080
                if high == 0 {
                    i += 8
                    continue
                }
                i += high.trailingZeroBitCount >> 3
            }
            let b0 = p[i]
            if b0 < 0x80 {
                i += 1
            } else if b0 < 0xC2 {
                return i  // continuation byte or overlong two-byte lead
            } else if b0 < 0xE0 {
                guard i + 1 < count, continuation(i + 1) else { return i }
                i += 2
            } else if b0 < 0xF0 {
                guard i + 2 < count, continuation(i + 1), continuation(i + 2) else { return i }
                let b1 = p[i + 1]
                if (b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 > 0x9F) { return i }  // overlong, surrogate
                i += 3
            } else if b0 < 0xF5 {
                guard i + 3 < count, continuation(i + 1), continuation(i + 2), continuation(i + 3) else { return i }
                let b1 = p[i + 1]
                if (b0 == 0xF0 && b1 < 0x90) || (b0 == 0xF4 && b1 > 0x8F) { return i }  // overlong, > U+10FFFF
                i += 4
            } else {
                return i
            }
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
}
