import SanitizeKit
import Testing

/// Seeded random inputs built from the characters that matter to addresses: no input may
/// crash a validator, and the String and byte APIs must agree.
@Suite("Email robustness")
struct EmailRobustnessTests {
    static let alphabet: [String] = [
        "a", "Z", "0", "-", ".", "..", "@", "@@", "\"", "\\", "[", "]", ":", "::", "IPv6:", "xn--", "xn--bcher-kva",
        " ", "\t", "(", ")", "<", ">", ",", "ü", "例", "\u{301}", "\u{85}", "\u{FEFF}", "255", "999", "🐲", "-.",
    ]

    @Test(arguments: EmailMode.allCases)
    func randomInputsNeverCrashAndBothAPIsAgree(mode: EmailMode) {
        let validator = EmailValidator(mode: mode)
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var validCount = 0
        for _ in 0..<5_000 {
            var address = ""
            for _ in 0..<(1 + next() % 24) { address += Self.alphabet[next() % Self.alphabet.count] }
            let verdict = validator.validate(address)
            let bytes = Array(address.utf8)
            #expect(bytes.withUnsafeBytes { validator.validate($0) } == verdict, "\(address)")
            if verdict.isValid { validCount += 1 }
        }
        // Random soup is mostly invalid, in every mode.
        #expect(validCount < 2_500)
    }

    @Test(arguments: EmailMode.allCases)
    func randomBytesNeverCrash(mode: EmailMode) {
        let validator = EmailValidator(mode: mode)
        var state: UInt64 = 42
        var invalidUTF8 = 0
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            state = state &* 6_364_136_223_846_793_005 &+ 1
            for _ in 0..<(Int(state >> 60) + 4) {
                state = state &* 6_364_136_223_846_793_005 &+ 1
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            bytes.insert(UInt8(ascii: "@"), at: bytes.count / 2)
            if bytes.withUnsafeBytes({ validator.validate($0) }) == .invalid(.invalidUTF8) { invalidUTF8 += 1 }
        }
        // Random bytes are mostly not UTF-8; every mode that reaches the pattern must say so.
        #expect(invalidUTF8 > 0)
    }
}
