/// Deterministic inputs shared by the benchmark files.
enum BenchmarkInputs {
    /// 1 MiB of printable ASCII, as in ordinary form fields.
    static let asciiMiB: [UInt8] = {
        var generator = SplitMix64(seed: 1)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-_'\"%;/".utf8)
        return (0..<(1 << 20)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
    }()

    /// About 1 MiB of mixed Unicode text: Latin, accents, CJK, emoji with ZWJ and flags.
    static let unicodeMiB: [UInt8] = {
        var generator = SplitMix64(seed: 2)
        let pieces = ["hello ", "café ", "naïve ", "日本語 ", "한국어 ", "👨‍👩‍👧 ", "🇪🇸 ", "e\u{301} ", "Ωmega ", "x"]
        var bytes: [UInt8] = []
        bytes.reserveCapacity((1 << 20) + 64)
        while bytes.count < 1 << 20 {
            bytes += Array(pieces[Int(generator.next() % UInt64(pieces.count))].utf8)
        }
        return bytes
    }()
}

/// A small, fast, seeded generator, so every run measures the same bytes.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
