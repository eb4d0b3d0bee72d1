/// A configurable set of characters and character sequences to remove from text, used by
/// ``SQL/strip(_:removing:)`` and ``Shell/strip(_:removing:)``.
///
/// ```swift
/// let set = StripSet(characters: "<>&", sequences: ["--"])
/// try SQL.strip("a<b>--c", removing: set)   // "abc"
/// ```
public struct StripSet: Sendable, Hashable {
    /// The characters removed wherever they occur.
    package let characters: Set<Unicode.Scalar>
    /// Sequences removed wherever they occur, also when removal brings their parts together.
    package let sequences: [String]

    /// Lookup table for ASCII members.
    private let ascii: [Bool]
    /// The sequences as UTF-8, without empty ones.
    private let sequenceBytes: [[UInt8]]

    /// Creates a set.
    /// - Parameters:
    ///   - characters: every Unicode scalar of this string is removed.
    ///   - sequences: each non-empty string is removed wherever it occurs.
    public init(characters: String, sequences: [String] = []) {
        self.init(scalars: Set(characters.unicodeScalars), sequences: sequences)
    }

    /// Creates a set from scalars.
    /// - Parameters:
    ///   - scalars: the scalars removed wherever they occur.
    ///   - sequences: each non-empty string is removed wherever it occurs.
    package init(scalars: Set<Unicode.Scalar>, sequences: [String] = []) {
        characters = scalars
        self.sequences = sequences.filter { !$0.isEmpty }
        var ascii = [Bool](repeating: false, count: 128)
        for scalar in scalars where scalar.value < 128 { ascii[Int(scalar.value)] = true }
        self.ascii = ascii
        sequenceBytes = self.sequences.map { Array($0.utf8) }
    }

    /// Removes the set's characters and sequences from well-formed UTF-8 `bytes`.
    ///
    /// Invariant: before each scalar is appended, the output holds no member character and no
    /// sequence; an appended scalar can only complete a sequence at the end, which is then cut
    /// off, leaving a prefix of the earlier output. So one pass removes every occurrence,
    /// including those that earlier removals bring together.
    func apply(_ bytes: UnsafeRawBufferPointer, refusingNUL: Bool, context: String) throws -> [UInt8] {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return [] }
        let hasNonASCII = characters.contains { $0.value >= 128 }
        var nulAt = -1
        let result = ascii.withUnsafeBufferPointer { asciiTable in
            UTF8Bytes.build(capacity: count) { out in
                let table = asciiTable.baseAddress.unsafelyUnwrapped
                var w = 0
                var i = 0
                while i < count {
                    let lead = base.load(fromByteOffset: i, as: UInt8.self)
                    var length = 1
                    if lead < 0x80 {
                        if lead == 0 && refusingNUL {
                            nulAt = i
                            return 0
                        }
                        if table[Int(lead)] {
                            i += 1
                            continue
                        }
                        out[w] = lead
                        w += 1
                    } else {
                        let (value, scalarLength) = UTF8Bytes.scalar(base, at: i)
                        length = scalarLength
                        if hasNonASCII, let scalar = Unicode.Scalar(value), characters.contains(scalar) {
                            i += length
                            continue
                        }
                        (out + w).update(
                            from: (base + i).assumingMemoryBound(to: UInt8.self), count: length)
                        w += length
                    }
                    i += length
                    if !sequenceBytes.isEmpty { w = Self.cutSequence(out, w, sequenceBytes) }
                }
                return w
            }
        }
        if nulAt >= 0 {
            throw SanitizeError(
                .nulByte, "NUL byte at byte \(nulAt) is not allowed in \(context) text",
                at: .init(byteOffset: nulAt))
        }
        return result
    }

    /// Whether ``apply(_:refusingNUL:context:)`` would return well-formed UTF-8 `bytes`
    /// unchanged and without an error: no NUL, no member character, no sequence. A quick test
    /// that lets a caller skip building the output. With non-ASCII text and non-ASCII members
    /// it says `false` ("maybe").
    func leavesUnchanged(utf8 bytes: UnsafeRawBufferPointer, hasNonASCII: Bool) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        if hasNonASCII && characters.contains(where: { $0.value >= 0x80 }) { return false }
        let count = bytes.count
        let clean = ascii.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let byte = base[i]
                if byte == 0 || (byte < 0x80 && table[Int(byte)]) { return false }
            }
            return true
        }
        guard clean else { return false }
        for sequence in sequenceBytes where sequence.count <= count {
            for start in 0...(count - sequence.count) where base[start] == sequence[0] {
                if sequence.indices.allSatisfy({ base[start + $0] == sequence[$0] }) { return false }
            }
        }
        return true
    }

    /// The ASCII bytes whose presence may make ``apply(_:refusingNUL:context:)`` change an
    /// ASCII text or refuse it: NUL, the ASCII members, and the first byte of each sequence.
    func asciiStopBytes() -> ASCIIByteSet {
        var stops = ASCIIByteSet(low: 1, high: 0)  // NUL
        var marked = Array(0..<128).filter { ascii[$0] }
        marked += sequenceBytes.compactMap { $0.first }.filter { $0 < 0x80 }.map(Int.init)
        for byte in marked { stops.insert(UInt8(byte)) }
        return stops
    }

    /// When the first `w` bytes of `out` end with one of `sequences`, cuts it off.
    @inline(__always)
    private static func cutSequence(_ out: UnsafeMutablePointer<UInt8>, _ w: Int, _ sequences: [[UInt8]]) -> Int {
        for sequence in sequences where sequence.count <= w {
            var matches = true
            let start = w - sequence.count
            for (k, byte) in sequence.enumerated() where out[start + k] != byte {
                matches = false
                break
            }
            if matches { return start }
        }
        return w
    }
}
