/// Eight bytes at a time: the ASCII classes the checks look for, flagged in a word.
///
/// Each test flags a byte by the high bit of its lane (``highBits``), exactly: a lane never
/// borrows from or carries into the next. A byte `b` below 0x80 is at least `k` when
/// `b + (0x80 - k)` has its high bit set (both terms are below 0x80, so the sum stays in its
/// lane); a byte at or above 0x80 is in no range or class here (``flags(_:equalTo:)`` takes any
/// byte).
///
/// Most bytes of the addresses, names and identifiers the checks read are letters and digits;
/// the byte that ends such a run (a dot, an `@`, a hyphen, a quote) is what a check has to
/// look at, and ``alphanumericRunEnd(_:from:to:)`` finds it.
enum ASCIIWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The eight bytes at `offset` from `base`, the first in the word's lowest byte.
    @inline(__always)
    static func load(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The lanes of `lanes` (bytes below 0x80) that are at least `bound`.
    @inline(__always)
    private static func atLeast(_ lanes: UInt64, _ bound: UInt8) -> UInt64 {
        lanes &+ ones &* UInt64(0x80 &- bound)
    }

    /// The bytes of `word` from `low` through `high` (both ASCII).
    @inline(__always)
    static func flags(_ word: UInt64, from low: UInt8, through high: UInt8) -> UInt64 {
        let lanes = word & lowBits
        return atLeast(lanes, low) & ~atLeast(lanes, high &+ 1) & ~word & highBits
    }

    /// The bytes of `word` equal to `byte`.
    @inline(__always)
    static func flags(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return ~(((difference & lowBits) &+ lowBits) | difference) & highBits
    }

    /// The bytes of `word` that are ASCII letters or digits.
    @inline(__always)
    static func alphanumericFlags(_ word: UInt64) -> UInt64 {
        let lanes = word & lowBits
        // `| 0x20` folds A–Z onto a–z; no other byte lands there.
        let folded = lanes | ones &* 0x20
        let letters = atLeast(folded, UInt8(ascii: "a")) & ~atLeast(folded, UInt8(ascii: "z") + 1)
        let digits = atLeast(lanes, UInt8(ascii: "0")) & ~atLeast(lanes, UInt8(ascii: "9") + 1)
        return (letters | digits) & ~word & highBits
    }

    /// Whether `byte` is an ASCII letter or digit.
    @inline(__always)
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    /// The index of the first byte from `start` (before `end`) that is not an ASCII letter or
    /// digit; `end` when there is none.
    @inline(__always)
    static func alphanumericRunEnd(_ base: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        var index = start
        while end - index >= 8 {
            let others = ~alphanumericFlags(load(base, index)) & highBits
            if others != 0 { return index + others.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < end, isAlphanumeric(base.load(fromByteOffset: index, as: UInt8.self)) { index += 1 }
        return index
    }
}
