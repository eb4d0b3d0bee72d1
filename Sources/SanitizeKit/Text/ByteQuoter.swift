/// A table-driven quoter shared by the SQL and shell quoting: writes an opening quote, copies
/// bytes, replaces the few special bytes with their escape (at most 4 bytes), refuses NUL,
/// and writes the closing quote.
///
/// Hot path: eight bytes at a time are checked for any special byte with SWAR bit tricks
/// ("has zero byte" on the word XOR each special, as in strlen implementations) and copied
/// whole; when a word holds a special byte, the bytes before the first one are kept and that
/// byte is replaced, and the scan goes on right after it. The output is sized for the worst
/// case up front and written through a raw pointer.
package struct ByteQuoter: Sendable {
    /// The opening and closing quote.
    let quote: UInt8
    /// Per byte: 0 copy, 1 refuse (NUL), 2 replace.
    private let action: [UInt8]
    /// Per byte, 4 replacement bytes (used when `action` is 2).
    private let replacement: [UInt8]
    /// Per byte, how many of its 4 replacement bytes are used.
    private let replacementLength: [UInt8]
    /// The special bytes other than NUL, each repeated in every byte of a word: the first kept
    /// apart (every quoter has one, most only one, so the common case needs no loop), then the
    /// others.
    private let firstBroadcast: UInt64
    private let otherBroadcasts: [UInt64]
    /// The longest replacement, to size the output.
    private let maxExpansion: Int

    /// Creates a quoter.
    /// - Parameters:
    ///   - quote: the opening and closing quote byte.
    ///   - replacements: special bytes and what to write instead (1 to 4 bytes each).
    init(quote: UInt8, replacements: [UInt8: [UInt8]]) {
        self.quote = quote
        var action = [UInt8](repeating: 0, count: 256)
        var replacement = [UInt8](repeating: 0, count: 256 * 4)
        var replacementLength = [UInt8](repeating: 0, count: 256)
        action[0] = 1
        for (byte, bytes) in replacements {
            action[Int(byte)] = 2
            replacementLength[Int(byte)] = UInt8(bytes.count)
            for (k, b) in bytes.prefix(4).enumerated() { replacement[Int(byte) * 4 + k] = b }
        }
        self.action = action
        self.replacement = replacement
        self.replacementLength = replacementLength
        let broadcasts = replacements.keys.sorted().map { UInt64($0) &* 0x0101_0101_0101_0101 }
        // Without special bytes, NUL (0) stands in: it is looked for anyway.
        firstBroadcast = broadcasts.first ?? 0
        otherBroadcasts = Array(broadcasts.dropFirst())
        maxExpansion = max(1, replacements.values.map(\.count).max() ?? 1)
    }

    /// The quoted form of `bytes`.
    /// - Throws: ``SanitizeError`` `nul-byte` with the offset of the first NUL; `nulReason`
    ///   completes its reason ("cannot be quoted for SQL").
    func quoted(_ bytes: UnsafeRawBufferPointer, nulReason: String) throws -> [UInt8] {
        var output: [UInt8] = []
        try quote(bytes, appendingTo: &output, nulReason: nulReason)
        return output
    }

    /// Appends the quoted form of `bytes` to `output`; on error `output` is left as it was.
    /// - Throws: ``SanitizeError`` `nul-byte` with the offset of the first NUL.
    func quote(_ bytes: UnsafeRawBufferPointer, appendingTo output: inout [UInt8], nulReason: String) throws {
        var nonASCII = false
        try UTF8Bytes.append(to: &output, capacity: maxQuotedCount(bytes.count)) { out in
            try write(quoting: bytes, to: out, nulReason: nulReason, nonASCII: &nonASCII)
        }
    }

    /// The most bytes the quoted form of `count` input bytes can take.
    package func maxQuotedCount(_ count: Int) -> Int {
        maxExpansion * count + 2
    }

    /// Writes the quoted form of `bytes` to `out`, which has room for
    /// ``maxQuotedCount(_:)`` bytes, and returns how many it wrote.
    ///
    /// `nonASCII` is set when the bytes hold a byte of 0x80 or more, so that a caller can skip
    /// UTF-8 validation for ASCII text (the quoter has looked at every byte anyway).
    /// - Throws: ``SanitizeError`` `nul-byte` with the offset of the first NUL; `nulReason`
    ///   completes its reason. `nonASCII` is then not meaningful.
    package func write(
        quoting bytes: UnsafeRawBufferPointer, to out: UnsafeMutablePointer<UInt8>, nulReason: String,
        nonASCII: inout Bool
    ) throws -> Int {
        let count = bytes.count
        let quote = self.quote
        var nulAt = -1
        var seen: UInt64 = 0  // every byte looked at, OR-ed together
        let written = action.withUnsafeBufferPointer { action in
            replacement.withUnsafeBufferPointer { replacement in
                replacementLength.withUnsafeBufferPointer { replacementLength in
                    otherBroadcasts.withUnsafeBufferPointer { otherBroadcasts in
                        let firstBroadcast = self.firstBroadcast
                        let act = action.baseAddress.unsafelyUnwrapped
                        let rep = replacement.baseAddress.unsafelyUnwrapped
                        let repLength = replacementLength.baseAddress.unsafelyUnwrapped
                        out[0] = quote
                        var w = 1
                        guard let raw = bytes.baseAddress else {
                            out[1] = quote
                            return 2
                        }
                        let base = raw.assumingMemoryBound(to: UInt8.self)
                        var i = 0
                        // Eight bytes at a time: a word with no special byte is copied whole;
                        // otherwise the word is stored anyway, the bytes before its first
                        // special byte are kept, and that byte is handled on its own.
                        while i + 8 <= count {
                            // Little-endian value: the first byte in memory is the lowest.
                            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                            UnsafeMutableRawPointer(out + w).storeBytes(of: word.littleEndian, as: UInt64.self)
                            seen |= word
                            let mask = Self.specialMask(word, firstBroadcast, otherBroadcasts)
                            if mask == 0 {
                                w += 8
                                i += 8
                                continue
                            }
                            let clean = mask.trailingZeroBitCount >> 3
                            w += clean
                            i += clean
                            let byte = base[i]
                            guard act[Int(byte)] == 2 else {
                                nulAt = i
                                return 0
                            }
                            let length = Int(repLength[Int(byte)])
                            (out + w).update(from: rep + Int(byte) * 4, count: length)
                            w += length
                            i += 1
                        }
                        while i < count {
                            let byte = base[i]
                            seen |= UInt64(byte)
                            let kind = act[Int(byte)]
                            if kind == 0 {
                                out[w] = byte
                                w += 1
                            } else if kind == 2 {
                                let length = Int(repLength[Int(byte)])
                                (out + w).update(from: rep + Int(byte) * 4, count: length)
                                w += length
                            } else {
                                nulAt = i
                                return 0
                            }
                            i += 1
                        }
                        out[w] = quote
                        return w + 1
                    }
                }
            }
        }
        if nulAt >= 0 {
            throw SanitizeError(.nulByte, "NUL byte at byte \(nulAt) \(nulReason)", at: .init(byteOffset: nulAt))
        }
        nonASCII = seen & 0x8080_8080_8080_8080 != 0
        return written
    }

    /// A mask whose lowest set bit is the top bit of the lowest byte of `word` that is NUL or
    /// one of the special bytes; 0 when there is none.
    ///
    /// "Has zero byte" (`(v - 0x01…) & ~v & 0x80…`) can also flag a byte above a true zero
    /// byte (the borrow runs on), never below it, so the lowest flag is exact, also after
    /// the masks of several special bytes are combined.
    @inline(__always)
    private static func specialMask(
        _ word: UInt64, _ firstBroadcast: UInt64, _ otherBroadcasts: UnsafeBufferPointer<UInt64>
    ) -> UInt64 {
        @inline(__always) func zeroBytes(_ v: UInt64) -> UInt64 {
            (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
        }
        var mask = zeroBytes(word)
        mask |= zeroBytes(word ^ firstBroadcast)
        if !otherBroadcasts.isEmpty {
            for broadcast in otherBroadcasts { mask |= zeroBytes(word ^ broadcast) }
        }
        return mask
    }
}
