/// Why a structural walk ended before the format's end marker.
///
/// Walkers throw it (typed throws, so stopping costs no allocation) and
/// ``FileInspector`` turns it into a ``FileVerdict``.
enum WalkStop: Error {
    /// The input ended (or the caller's bound was reached) while more bytes were needed.
    case endOfInput(offset: Int)
    /// The structure is inconsistent at `offset`.
    case corrupt(offset: Int, reason: String)
    /// The structure ended at `offset` and more bytes follow (used by walkers that must
    /// read to the end of input to find the end of the structure, such as PDF's).
    case trailingData(offset: Int)
    /// Reading the input failed.
    case io(SanitizeError)
}

/// A byte as two upper-case hex digits, for reasons (`FF`, `D9`).
func hexByte(_ byte: UInt8) -> String {
    let digits: [Character] = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

/// Four bytes as text when they are printable ASCII (a chunk type, a fourcc), else in hex.
func fourCC(_ value: Int) -> String {
    let bytes = [
        UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
        UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ]
    if bytes.allSatisfy({ (0x20...0x7E).contains($0) }) { return String(decoding: bytes, as: UTF8.self) }
    return bytes.map(hexByte).joined(separator: " ")
}
