/// Strict percent-decoding (WHATWG URL Standard §1.3 "percent-decode", RFC 3986 §2.1),
/// which refuses to guess: a `%` that is not followed by two hexadecimal digits (`%zz`, `%4`,
/// a final `%`) is an error with its byte position, where browsers and Python pass it through.
///
/// ```swift
/// try PercentDecoding.decode("caf%C3%A9")      // "café"
/// try PercentDecoding.decodeForm("a+b%2B")     // "a b+"
/// try PercentDecoding.decode("100%")           // throws malformed-percent-escape at byte 3
/// ```
public enum PercentDecoding {
    /// Decodes `%XX` escapes; the result must be UTF-8.
    /// - Parameter text: the encoded text.
    /// - Returns: the decoded text.
    /// - Throws: ``SanitizeError`` `malformed-percent-escape` with the offset of the bad `%`,
    ///   or `invalid-utf8` with the offset (in `text`) of the escape that starts the first
    ///   ill-formed sequence.
    public static func decode(_ text: String) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            try UTF8Bytes.with(text) { try decodeToString($0, plusAsSpace: false) }
        }
    }

    /// Decodes application/x-www-form-urlencoded text: `+` is a space, then `%XX` escapes.
    /// - Parameter text: the encoded text.
    /// - Returns: the decoded text.
    /// - Throws: as ``decode(_:)``.
    public static func decodeForm(_ text: String) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            try UTF8Bytes.with(text) { try decodeToString($0, plusAsSpace: true) }
        }
    }

    /// Decodes `%XX` escapes in bytes; the result may be any bytes.
    /// - Parameters:
    ///   - bytes: the encoded bytes: `[UInt8]`, `Data`, `String.UTF8View`, any collection of bytes.
    ///   - plusAsSpace: decode `+` as a space (form encoding).
    /// - Returns: the decoded bytes.
    /// - Throws: ``SanitizeError`` `malformed-percent-escape` with the offset of the bad `%`.
    @inlinable
    public static func decode(utf8 bytes: some Collection<UInt8>, plusAsSpace: Bool = false) throws(SanitizeError) -> [UInt8] {
        try ContiguousInput.with(bytes) { (raw) throws(SanitizeError) in try decode(utf8: raw, plusAsSpace: plusAsSpace) }
    }

    /// Decodes `%XX` escapes in bytes; the result may be any bytes.
    /// - Parameters:
    ///   - bytes: the encoded bytes.
    ///   - plusAsSpace: decode `+` as a space (form encoding).
    /// - Returns: the decoded bytes.
    /// - Throws: ``SanitizeError`` `malformed-percent-escape` with the offset of the bad `%`.
    @usableFromInline
    package static func decode(utf8 bytes: UnsafeRawBufferPointer, plusAsSpace: Bool = false) throws(SanitizeError) -> [UInt8] {
        try SanitizeError.typed {
            let count = bytes.count
            var badAt = -1
            let result = UTF8Bytes.build(capacity: count) { out in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
                var w = 0
                var i = 0
                while i < count {
                    let byte = base[i]
                    if byte == 0x25 {
                        guard i + 2 < count, let high = hexValue(base[i + 1]), let low = hexValue(base[i + 2])
                        else {
                            badAt = i
                            return 0
                        }
                        out[w] = high << 4 | low
                        i += 3
                    } else {
                        out[w] = plusAsSpace && byte == 0x2B ? 0x20 : byte
                        i += 1
                    }
                    w += 1
                }
                return w
            }
            if badAt >= 0 {
                throw SanitizeError(
                    .malformedPercentEscape,
                    "malformed percent escape at byte \(badAt): '%' must be followed by two hex digits",
                    at: .init(byteOffset: badAt))
            }
            return result
        }
    }

    /// Decodes and checks that the result is UTF-8, mapping an error back to the input.
    static func decodeToString(_ bytes: UnsafeRawBufferPointer, plusAsSpace: Bool) throws -> String {
        let decoded = try decode(utf8: bytes, plusAsSpace: plusAsSpace)
        guard let badOutput = UTF8Validation.firstInvalidByteOffset(in: decoded) else {
            return UTF8Bytes.string(decoded)
        }
        let offset = inputOffset(ofOutputByte: badOutput, in: bytes)
        throw SanitizeError(
            .invalidUTF8, "decoded bytes are not UTF-8 (escape or byte at byte \(offset))",
            at: .init(byteOffset: offset))
    }

    /// The offset in encoded `bytes` of the `%XX` escape (or plain byte) that decodes to byte
    /// `target` of the output, for error messages that point into the input.
    /// - Parameters:
    ///   - target: an offset in the decoded bytes.
    ///   - bytes: the encoded bytes (well-formed escapes).
    /// - Returns: the offset in `bytes`.
    package static func inputOffset(ofOutputByte target: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var produced = 0
        var i = 0
        while i < bytes.count {
            if produced == target { return i }
            i += bytes[i] == 0x25 ? 3 : 1
            produced += 1
        }
        return i
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
