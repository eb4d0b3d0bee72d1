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
package enum UTF8Validation {
    /// Finds the first ill-formed UTF-8 sequence.
    /// - Parameter bytes: the bytes to check.
    /// - Returns: the byte offset where the first ill-formed sequence starts, or `nil` when
    ///   all bytes are well-formed UTF-8.
    package static func firstInvalidByteOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        guard count > 0, let raw = bytes.baseAddress else { return nil }
        return transitions.withUnsafeBufferPointer { rows -> Int? in
            let row = rows.baseAddress.unsafelyUnwrapped
            let p = raw.assumingMemoryBound(to: UInt8.self)
            // The automaton's state is a bit offset into the current byte's row; only its low
            // six bits count, because `&>>` masks the shift amount, so no step needs a mask and
            // each byte costs one shift on the dependency chain.
            var state: UInt64 = 0
            var i = 0
            var sequenceStart = 0  // a word start where the state was `accept`: a sequence begins there
            // ASCII is skipped 32 bytes at a time, between sequences. The test is per 32-byte
            // block, not per word: on text that mixes ASCII and other scripts a per-word branch
            // mispredicts often, which costs more than eight shifts, while a block of such text
            // is almost never all ASCII (and a block of ASCII text almost always is).
            while i + 32 <= count {
                @inline(__always) func word(_ k: Int) -> UInt64 {
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i + 8 * k, as: UInt64.self))
                }
                let (w0, w1, w2, w3) = (word(0), word(1), word(2), word(3))
                if state & 63 == State.accept.offset {
                    sequenceStart = i
                    if (w0 | w1 | w2 | w3) & 0x8080_8080_8080_8080 == 0 {
                        i += 32
                        continue
                    }
                }
                state = advance(state, over: w0, skipping: 0, rows: row)
                state = advance(state, over: w1, skipping: 0, rows: row)
                state = advance(state, over: w2, skipping: 0, rows: row)
                state = advance(state, over: w3, skipping: 0, rows: row)
                i += 32
            }
            // No branch inside this loop; `reject` is a trap state, so checking once at the
            // end is enough.
            while i + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                sequenceStart = state & 63 == State.accept.offset ? i : sequenceStart
                state = advance(state, over: word, skipping: 0, rows: row)
                i += 8
            }
            if i < count {
                if count >= 8 {
                    // The last bytes as one word that ends at the end, the bytes before them
                    // (already read) skipped, rather than a loop of one to seven steps.
                    let skip = 8 - (count - i)
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                    state = advance(state, over: word, skipping: skip, rows: row)
                } else {
                    for k in i..<count { state = row[Int(p[k])] &>> state }
                }
            }
            // The automaton says only whether the bytes are well-formed; the exact scan from
            // the last known sequence start finds where they stop being so.
            return state & 63 == State.accept.offset ? nil : scalarScan(bytes, from: sequenceStart)
        }
    }

    /// The automaton's state after the eight bytes of `word` (the first in memory first) but
    /// the first `skip`, which go through the identity rows (256 and up) instead.
    @inline(__always)
    private static func advance(
        _ state: UInt64, over word: UInt64, skipping skip: Int, rows: UnsafePointer<UInt64>
    ) -> UInt64 {
        var state = state
        for k in 0..<8 {
            let byte = Int(truncatingIfNeeded: word &>> UInt64(8 * k)) & 0xFF
            let skipped = ((k &- skip) >> 63) & 256  // 256 when k < skip, else 0
            state = rows[byte | skipped] &>> state
        }
        return state
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

    /// The states of the automaton that recognises well-formed UTF-8 (Unicode table 3-7): what
    /// the bytes seen so far still need.
    private enum State: UInt64, CaseIterable {
        /// Between sequences: the bytes so far are well-formed.
        case accept
        /// Ill-formed; stays so.
        case reject
        /// One, two or three more continuation bytes (80–BF).
        case oneMore, twoMore, threeMore
        /// After E0: A0–BF (no overlong form), then one more.
        case afterE0
        /// After ED: 80–9F (no surrogate), then one more.
        case afterED
        /// After F0: 90–BF (no overlong form), then two more.
        case afterF0
        /// After F4: 80–8F (nothing above U+10FFFF), then two more.
        case afterF4

        /// Where the state's next-state field sits in a row, which is also how the state is held.
        var offset: UInt64 { rawValue * 6 }

        /// The state after `byte`.
        func next(_ byte: UInt8) -> State {
            let continuation = (0x80...0xBF).contains(byte)
            switch self {
            case .accept:
                switch byte {
                case 0x00...0x7F: return .accept
                case 0xC2...0xDF: return .oneMore
                case 0xE0: return .afterE0
                case 0xED: return .afterED
                case 0xE1...0xEF: return .twoMore
                case 0xF0: return .afterF0
                case 0xF1...0xF3: return .threeMore
                case 0xF4: return .afterF4
                default: return .reject
                }
            case .reject: return .reject
            case .oneMore: return continuation ? .accept : .reject
            case .twoMore: return continuation ? .oneMore : .reject
            case .threeMore: return continuation ? .twoMore : .reject
            case .afterE0: return (0xA0...0xBF).contains(byte) ? .oneMore : .reject
            case .afterED: return (0x80...0x9F).contains(byte) ? .oneMore : .reject
            case .afterF0: return (0x90...0xBF).contains(byte) ? .twoMore : .reject
            case .afterF4: return (0x80...0x8F).contains(byte) ? .twoMore : .reject
            }
        }
    }

    /// One row per byte value: for every state, the next state's offset, stored six bits wide
    /// at the state's own offset (a shift-based automaton: nine states fit in 54 bits).
    /// Rows 256–511 leave every state as it is, for bytes that must not count.
    private static let transitions: [UInt64] =
        (0...255).map { byte -> UInt64 in
            State.allCases.reduce(0) { row, state in row | state.next(UInt8(byte)).offset << state.offset }
        } + Array(repeating: State.allCases.reduce(0) { row, state in row | state.offset << state.offset }, count: 256)

    /// Finds the first ill-formed UTF-8 sequence.
    /// - Parameter bytes: the bytes to check.
    /// - Returns: the byte offset where the first ill-formed sequence starts, or `nil`.
    package static func firstInvalidByteOffset(in bytes: [UInt8]) -> Int? {
        firstInvalidByteOffset(in: bytes[...])
    }

    /// Finds the first ill-formed UTF-8 sequence of a part of an array.
    /// - Parameter bytes: the bytes to check.
    /// - Returns: the byte offset, from the slice's start, where the first ill-formed sequence
    ///   starts, or `nil`.
    package static func firstInvalidByteOffset(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBytes { firstInvalidByteOffset(in: $0) }
    }

    /// Makes a `String` from bytes that must be well-formed UTF-8.
    /// - Parameter bytes: UTF-8 bytes.
    /// - Returns: the text.
    /// - Throws: ``SanitizeError`` with code `invalid-utf8` and the byte offset of the first
    ///   ill-formed sequence.
    package static func string(validating bytes: UnsafeRawBufferPointer) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            try validate(bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Makes a `String` from bytes that must be well-formed UTF-8.
    /// - Parameter bytes: UTF-8 bytes.
    /// - Returns: the text.
    /// - Throws: ``SanitizeError`` with code `invalid-utf8` and the byte offset of the first
    ///   ill-formed sequence.
    package static func string(validating bytes: [UInt8]) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            try bytes.withUnsafeBytes { try string(validating: $0) }
        }
    }

    /// Throws when `bytes` are not well-formed UTF-8.
    /// - Parameter bytes: the bytes to check.
    /// - Throws: ``SanitizeError`` with code `invalid-utf8` and the offset of the first
    ///   ill-formed sequence.
    package static func validate(_ bytes: UnsafeRawBufferPointer) throws(SanitizeError) {
        try SanitizeError.typed {
            if let offset = firstInvalidByteOffset(in: bytes) {
                throw SanitizeError(
                    .invalidUTF8, "invalid UTF-8 at byte \(offset)", at: .init(byteOffset: offset))
            }
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
