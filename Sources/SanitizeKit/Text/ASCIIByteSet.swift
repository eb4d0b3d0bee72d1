/// A set of ASCII bytes as two 64-bit masks: bit n of `low` holds byte n (0–63), bit n of
/// `high` byte 64 + n. A byte at or above 0x80 is never in it. Membership is a shift and a
/// test, with no table to load (a table in a `static let` is read through a lazy-initialization
/// check on every byte).
struct ASCIIByteSet: Sendable, Equatable {
    /// Bytes 0–63.
    var low: UInt64
    /// Bytes 64–127.
    var high: UInt64

    /// The set of the bytes whose bits are set in `low` (0–63) and `high` (64–127).
    @inline(__always)
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let mask = byte < 64 ? low : high
        return byte < 128 && (mask >> UInt64(byte & 63)) & 1 != 0
    }

    /// Whether the set holds no byte.
    var isEmpty: Bool { low | high == 0 }

    /// Adds `byte` (below 0x80).
    mutating func insert(_ byte: UInt8) {
        precondition(byte < 128, "an ASCIIByteSet holds ASCII bytes only")
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    /// Adds every byte of `other`.
    mutating func formUnion(_ other: ASCIIByteSet) {
        low |= other.low
        high |= other.high
    }
}
