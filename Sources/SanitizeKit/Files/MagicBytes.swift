/// Format detection from the first bytes of a file (its "magic number" signature).
enum MagicBytes {
    /// The longest prefix detection looks at.
    static let prefixLength = 12

    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let gif87: [UInt8] = Array("GIF87a".utf8)
    private static let gif89: [UInt8] = Array("GIF89a".utf8)
    private static let pdf: [UInt8] = Array("%PDF-".utf8)
    private static let riff: [UInt8] = Array("RIFF".utf8)
    private static let webp: [UInt8] = Array("WEBP".utf8)
    private static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// What the first bytes say.
    enum Detection: Equatable {
        /// A full signature of `format`.
        case format(FileFormat)
        /// The input is a strict prefix (at least 2 bytes) of `format`'s signature: it ends too early.
        case prefix(FileFormat)
        /// No signature matched.
        case none
    }

    /// Detects the format from up to ``prefixLength`` leading bytes.
    /// - Parameter bytes: the first bytes of the input (all of it when shorter).
    /// - Returns: the detection.
    static func detect(_ bytes: UnsafeRawBufferPointer) -> Detection {
        if bytes.starts(with: jpeg) { return .format(.jpeg) }
        if bytes.starts(with: png) { return .format(.png) }
        if bytes.starts(with: gif87) || bytes.starts(with: gif89) { return .format(.gif) }
        if bytes.starts(with: pdf) { return .format(.pdf) }
        if bytes.count >= 12, bytes.starts(with: riff), bytes.dropFirst(8).starts(with: webp) { return .format(.webp) }
        guard bytes.count >= 2 else { return .none }
        if isStrictPrefix(bytes, of: jpeg) { return .prefix(.jpeg) }
        if isStrictPrefix(bytes, of: png) { return .prefix(.png) }
        if isStrictPrefix(bytes, of: gif87) || isStrictPrefix(bytes, of: gif89) { return .prefix(.gif) }
        if isStrictPrefix(bytes, of: pdf) { return .prefix(.pdf) }
        if bytes.count < 12, isStrictPrefix(bytes, of: riff) || bytes.starts(with: riff) {
            // RIFF is shared with WAV and AVI: only a RIFF cut before its form type may be WebP,
            // unless the part of the form type present already rules WebP out.
            if bytes.count <= 8 || bytes.dropFirst(8).starts(with: webp.prefix(bytes.count - 8)) {
                return .prefix(.webp)
            }
        }
        return .none
    }

    /// The classic JPEG test: at least 12 bytes, starting `FF D8` and ending `FF D9`.
    static func isClassicJPEG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count >= 12 else { return false }
        return bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[count - 2] == 0xFF && bytes[count - 1] == 0xD9
    }

    /// Whether `bytes` is shorter than `signature` and starts it.
    private static func isStrictPrefix(_ bytes: some Collection<UInt8>, of signature: [UInt8]) -> Bool {
        bytes.count < signature.count && signature.starts(with: bytes)
    }
}
