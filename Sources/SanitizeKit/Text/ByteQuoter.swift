/// A table-driven quoter shared by the SQL and shell quoting: writes an opening quote, copies
/// bytes, replaces the few special bytes with their escape (at most 4 bytes), refuses NUL,
/// and writes the closing quote.
///
/// Hot path: eight bytes at a time are checked for any special byte with SWAR bit tricks
/// ("has zero byte" on the word XOR each special, as in strlen implementations) and copied
/// whole when there is none; only words that hold a special byte are handled byte by byte.
/// The output array is sized for the worst case up front and written through a raw pointer.
struct ByteQuoter: Sendable {
    /// The opening and closing quote.
    let quote: UInt8
    /// Per byte: 0 copy, 1 refuse (NUL), 2 replace.
    private let action: [UInt8]
    /// Per byte, 4 replacement bytes (used when `action` is 2).
    private let replacement: [UInt8]
    /// Per byte, how many of its 4 replacement bytes are used.
    private let replacementLength: [UInt8]
    /// The special bytes other than NUL, each repeated in every byte of a word.
    private let broadcasts: [UInt64]
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
        broadcasts = replacements.keys.sorted().map { UInt64($0) &* 0x0101_0101_0101_0101 }
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
        let count = bytes.count
        let quote = self.quote
        var nulAt = -1
        action.withUnsafeBufferPointer { action in
            replacement.withUnsafeBufferPointer { replacement in
                replacementLength.withUnsafeBufferPointer { replacementLength in
                    broadcasts.withUnsafeBufferPointer { broadcasts in
                        UTF8Bytes.append(to: &output, capacity: maxExpansion * count + 2) { out in
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
                            while i < count {
                                if i + 8 <= count {
                                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                                    if !Self.hasSpecial(word, broadcasts) {
                                        UnsafeMutableRawPointer(out + w).storeBytes(of: word, as: UInt64.self)
                                        w += 8
                                        i += 8
                                        continue
                                    }
                                }
                                let stop = min(i + 8, count)
                                while i < stop {
                                    let byte = base[i]
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
                            }
                            out[w] = quote
                            return w + 1
                        }
                    }
                }
            }
        }
        if nulAt >= 0 {
            throw SanitizeError(.nulByte, "NUL byte at byte \(nulAt) \(nulReason)", at: .init(byteOffset: nulAt))
        }
    }

    /// Whether any byte of `word` is NUL or one of the special bytes.
    @inline(__always)
    private static func hasSpecial(_ word: UInt64, _ broadcasts: UnsafeBufferPointer<UInt64>) -> Bool {
        @inline(__always) func hasZeroByte(_ v: UInt64) -> Bool {
            (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080 != 0
        }
        if hasZeroByte(word) { return true }
        for broadcast in broadcasts where hasZeroByte(word ^ broadcast) { return true }
        return false
    }
}
