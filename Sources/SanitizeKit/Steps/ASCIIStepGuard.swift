/// What a list of `x-sanitize` steps needs to see in an ASCII string (one without C0
/// controls, as an unescaped JSON string is) to be sure that every step leaves it as it is.
///
/// It answers in one pass over the bytes what ``SanitizeStep/leavesUnchanged(_:utf8:)`` would
/// answer step by step from a ``TextProfile``: for ASCII text without C0 controls the profile
/// is fully known from the length, the two edge bytes and whether a DEL occurs. A "yes" is
/// certain; a "no" means "maybe not", and the caller applies the steps.
struct ASCIIStepGuard: Sendable, Equatable {
    /// A step may change any value (an encoder): the answer is always "maybe not".
    private var isOpaque = false
    /// The smallest truncation limit (ASCII: one byte is one scalar is one grapheme).
    private var maxLength = Int.max
    /// `trim` is in the list: neither edge may be whitespace.
    private var trimsEdges = false
    /// `strip-controls` is in the list: no DEL.
    private var stripsDelete = false
    /// Bytes that may make a strip step change or refuse the value.
    private var stops = ASCIIByteSet(low: 0, high: 0)
    /// No letter or digit is in ``stops``: runs of them are stepped over a word at a time.
    private var stopsSpareAlphanumerics = true
    /// `lowercase-domain` is in the list: no capital letter after the last `@`.
    private var lowercasesDomain = false

    /// Summarizes a step list.
    init(_ steps: [SanitizeStep]) {
        for step in steps {
            switch step {
            case .lowercaseDomain:
                lowercasesDomain = true
            case .text(let text):
                switch text {
                case .trim: trimsEdges = true
                case .nfc, .nfkc, .stripBidi, .stripZeroWidth: continue  // ASCII is stable and has none
                case .stripControls: stripsDelete = true
                case .truncateGraphemes(let limit), .truncateBytes(let limit): maxLength = min(maxLength, limit)
                case .stripSQL: stops.formUnion(SQL.defaultStripSet.asciiStopBytes())
                case .stripShell: stops.formUnion(Shell.defaultStripSet.asciiStopBytes())
                case .encode: isOpaque = true
                }
            }
        }
        stopsSpareAlphanumerics = !(0..<128).contains { stops.contains(UInt8($0)) && ASCIIWord.isAlphanumeric(UInt8($0)) }
    }

    /// Whether every step leaves the ASCII text `bytes` unchanged and without an error.
    /// - Parameters:
    ///   - bytes: ASCII bytes with no byte below 0x20.
    ///   - hasDelete: whether a DEL (0x7F) occurs in them.
    @inline(__always)
    func leavesUnchanged(_ bytes: UnsafeRawBufferPointer, hasDelete: Bool) -> Bool {
        let count = bytes.count
        if isOpaque || count > maxLength || (stripsDelete && hasDelete) { return false }
        guard count > 0, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        if trimsEdges && (Self.isWhitespace(base[0]) || Self.isWhitespace(base[count - 1])) { return false }
        // The tests that read every byte, out of line: most lists have none. Static, and handed
        // the fields it reads: a method would be handed the guard in memory, so the scan copied
        // the table's guard to its stack for the call, in pieces that the load of `stops` here
        // straddled (a stalled load on every string with steps).
        return stops.isEmpty && !lowercasesDomain
            || Self.bytesLeaveUnchanged(
                base, count: count, stops: stops, stopsSpareAlphanumerics: stopsSpareAlphanumerics,
                lowercasesDomain: lowercasesDomain)
    }

    /// The tests of ``leavesUnchanged(_:hasDelete:)`` that read every byte of the `count` at
    /// `base`: no byte of `stops` (a strip step's), and with `lowercasesDomain` no capital letter
    /// in the domain.
    @inline(never)
    private static func bytesLeaveUnchanged(
        _ base: UnsafePointer<UInt8>, count: Int, stops: ASCIIByteSet, stopsSpareAlphanumerics: Bool, lowercasesDomain: Bool
    ) -> Bool {
        if !stops.isEmpty {
            var i = 0
            while i < count {
                if stopsSpareAlphanumerics {
                    i = ASCIIWord.alphanumericRunEnd(base, from: i, to: count)
                    if i == count { break }
                }
                if stops.contains(base[i]) { return false }
                i += 1
            }
        }
        guard lowercasesDomain else { return true }
        // No capital letter after the last `@` (without an `@` the step leaves the value alone,
        // whatever its case): read from the end, a word at a time.
        var sawCapital = false
        var end = count
        while end >= 8 {
            let word = ASCIIWord.load(base, end - 8)
            let capitals = ASCIIWord.flags(word, from: UInt8(ascii: "A"), through: UInt8(ascii: "Z"))
            let ats = ASCIIWord.flags(word, equalTo: UInt8(ascii: "@"))
            if ats != 0 {
                // The last `@` is the highest lane flagged; the capitals that count are above it.
                let lastAt = UInt64(63 - ats.leadingZeroBitCount)
                return !sawCapital && (lastAt == 63 || capitals >> (lastAt + 1) == 0)
            }
            if capitals != 0 { sawCapital = true }
            end -= 8
        }
        var i = end - 1
        while i >= 0 {
            let byte = base[i]
            if byte == UInt8(ascii: "@") { return !sawCapital }
            if byte &- UInt8(ascii: "A") < 26 { sawCapital = true }
            i -= 1
        }
        return true
    }

    /// For ASCII bytes, whether a DEL (0x7F) occurs in them; `nil` when a byte is not ASCII.
    @inline(__always)
    static func asciiHasDelete(_ bytes: some Sequence<UInt8>) -> Bool? {
        var hasDelete = false
        for byte in bytes {
            if byte >= 0x80 { return nil }
            hasDelete = hasDelete || byte == 0x7F
        }
        return hasDelete
    }

    /// ASCII White_Space: TAB to CR, and space.
    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
