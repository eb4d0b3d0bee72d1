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
        return leads.withUnsafeBufferPointer { leads -> Int? in
            let lead = leads.baseAddress.unsafelyUnwrapped
            var i = 0
            // One character per step with no branch on its length (text that mixes one- to
            // four-byte characters makes such branches mispredict): the lead byte's table entry
            // gives the length and the allowed range of the second byte, and one mask checks
            // the third and fourth. The first problem hands over to the exact scan.
            while i + 4 <= count {
                if i + 8 <= count {
                    let ascii = asciiPrefixLength(raw, at: i)
                    i += ascii
                    if ascii == 8 { continue }
                    if i + 4 > count { break }
                }
                let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                let first = word & 0xFF
                // The length from the lead byte's leading ones (0 for ASCII, which is 1 long),
                // computed rather than looked up, to keep the next step's address off a load.
                let ones = (~first << 24).leadingZeroBitCount
                let length = ones == 0 ? 1 : ones
                let info = lead[Int(first)]
                let second = (word >> 8) & 0xFF
                // Bytes 3 and 4 must be continuation bytes when the length says they belong.
                let tailMask: UInt32 = length == 4 ? 0xC0C0_0000 : (length == 3 ? 0x00C0_0000 : 0)
                let ok = info & 0x7 == UInt32(length) && second >= (info >> 8) & 0xFF && second <= info >> 16
                    && word & tailMask == tailMask & 0x8080_0000
                if !ok { return scalarScan(bytes, from: i) }
                i += length
            }
            return scalarScan(bytes, from: i)
        }
    }

    /// How many of the eight bytes at `offset` are ASCII before the first that is not (8 when
    /// all are): ASCII is skipped a word at a time, and in a word with a non-ASCII byte the
    /// ASCII bytes before it at once (the lowest byte of the little-endian value is the first
    /// in memory).
    @inline(__always)
    private static func asciiPrefixLength(_ raw: UnsafeRawPointer, at offset: Int) -> Int {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let high = word & 0x8080_8080_8080_8080
        return high == 0 ? 8 : high.trailingZeroBitCount >> 3
    }

    /// Per lead byte: the sequence length in bits 0–2 (0 when it cannot start one), and the
    /// lowest and highest allowed second byte in bits 8–15 and 16–23 (Unicode table 3-7; any
    /// byte after an ASCII lead).
    private static let leads: [UInt32] = (0..<256).map { byte -> UInt32 in
        func entry(_ length: UInt32, _ low: UInt32, _ high: UInt32) -> UInt32 { length | low << 8 | high << 16 }
        switch byte {
        case 0x00...0x7F: return entry(1, 0x00, 0xFF)
        case 0xC2...0xDF: return entry(2, 0x80, 0xBF)
        case 0xE0: return entry(3, 0xA0, 0xBF)
        case 0xED: return entry(3, 0x80, 0x9F)
        case 0xE1...0xEF: return entry(3, 0x80, 0xBF)
        case 0xF0: return entry(4, 0x90, 0xBF)
        case 0xF1...0xF3: return entry(4, 0x80, 0xBF)
        case 0xF4: return entry(4, 0x80, 0x8F)
        default: return 0
        }
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

    /// Finds the first ill-formed UTF-8 sequence at or after `first`, which must be where a
    /// sequence starts: one branch per sequence, exact; what the table loop of
    /// ``firstInvalidByteOffset(in:)-(UnsafeRawBufferPointer)`` hands over to at a problem
    /// and for the last few bytes.
    static func scalarScan(_ bytes: UnsafeRawBufferPointer, from first: Int) -> Int? {
        let count = bytes.count
        guard first < count, let raw = bytes.baseAddress else { return nil }
        let p = raw.assumingMemoryBound(to: UInt8.self)
        @inline(__always) func continuation(_ k: Int) -> Bool { p[k] & 0xC0 == 0x80 }
        var i = first
        while i < count {
            if i + 8 <= count {
                let ascii = asciiPrefixLength(raw, at: i)
                i += ascii
                if ascii == 8 { continue }
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
}
