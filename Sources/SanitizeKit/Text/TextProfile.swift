/// What the text steps need to know to tell, without running, that they would leave a value
/// as it is: gathered in one pass over its UTF-8.
///
/// A record filter applies several steps to every string value; most values are already
/// clean, and building a `String` per step to find that out costs more than the rest of the
/// record's work. ``TextStep/leavesUnchanged(_:utf8:)`` answers from this profile.
struct TextProfile {
    var byteCount = 0
    var scalarCount = 0
    var hasNonASCII = false
    /// Every scalar is one that NFC (NFKC) keeps as it is, alone and after anything.
    var allNFCStable = true
    var allNFKCStable = true
    /// A C0 control, DEL or a C1 control (``TextHygiene/stripControls(_:keepingTabAndLineBreaks:)``).
    var hasControl = false
    /// A scalar ``TextHygiene/stripBidiControls(_:)`` removes.
    var hasBidiControl = false
    /// A scalar ``TextHygiene/stripZeroWidth(_:)`` may remove.
    var hasZeroWidth = false
    /// Neither the first nor the last scalar is White_Space (true for empty text), so
    /// ``TextHygiene/trim(_:)`` has nothing to cut.
    var edgesAreNotWhitespace = true

    /// Profiles well-formed UTF-8 (as a parsed JSON string is).
    init(utf8 bytes: UnsafeRawBufferPointer) {
        byteCount = bytes.count
        guard let base = bytes.baseAddress, byteCount > 0 else { return }
        var first: UInt32 = 0
        var last: UInt32 = 0
        var i = 0
        while i < byteCount {
            // Eight printable ASCII bytes at a time (no high bit, nothing below 0x20, no DEL).
            if i + 8 <= byteCount {
                // Little-endian value: the first byte in memory is the lowest.
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                let delete = word ^ (ones &* 0x7F)
                let special = word | ((word &- ones &* 0x20) & ~word) | ((delete &- ones) & ~delete)
                if special & highs == 0 {
                    if i == 0 { first = UInt32(word & 0xFF) }
                    last = UInt32(word >> 56)
                    scalarCount += 8
                    i += 8
                    continue
                }
            }
            let (value, length) = UTF8Bytes.scalar(base, at: i)
            if i == 0 { first = value }
            last = value
            scalarCount += 1
            i += length
            if value < 0x80 {
                if value < 0x20 || value == 0x7F { hasControl = true }
                continue
            }
            hasNonASCII = true
            if !TextHygiene.isNFCStable(value) { allNFCStable = false }
            if !TextHygiene.isNFKCStable(value) { allNFKCStable = false }
            if TextHygiene.isControl(value) { hasControl = true }
            if TextHygiene.isBidiControl(value) { hasBidiControl = true }
            if TextHygiene.isZeroWidth(value) { hasZeroWidth = true }
        }
        edgesAreNotWhitespace = !Self.isWhitespace(first) && !Self.isWhitespace(last)
    }

    /// White_Space, as ``TextHygiene/trim(_:)`` reads it.
    @inline(__always)
    static func isWhitespace(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        // Every non-ASCII White_Space scalar is one of these (a test checks all of Unicode), so
        // most text never reaches the property lookup.
        guard value == 0x85 || value == 0xA0 || value == 0x1680 || (0x2000...0x205F).contains(value) || value == 0x3000
        else { return false }
        return Unicode.Scalar(value)?.properties.isWhitespace ?? false
    }
}
