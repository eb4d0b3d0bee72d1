@testable import SanitizeKit
import Testing

/// RFC 3492 §7.1 sample strings, and common IDN labels.
@Suite("Punycode")
struct PunycodeTests {
    static let samples: [(unicode: String, punycode: String)] = [
        ("bücher", "bcher-kva"),
        ("münchen", "mnchen-3ya"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),  // RFC 3492 §7.1 (B) Chinese
        ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),  // (A) Arabic (Egyptian)
        ("почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"),  // (L) Russian
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),  // (O)
        ("실례", "9n2bp8q"),  // checked with Python's punycode codec
        ("테스트", "9t4b11yi5a"),
    ]

    @Test(arguments: samples.indices)
    func encodesAndDecodesTheRFCSamples(index: Int) {
        let (unicode, punycode) = Self.samples[index]
        let scalars = Array(unicode.unicodeScalars)
        #expect(Punycode.encode(scalars) == Array(punycode.utf8))
        #expect(Punycode.decode(Array(punycode.utf8)) == scalars)
    }

    @Test(arguments: ["9", "a!", "zz99zz9", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "ü-a"])
    func rejectsWhatIsNotPunycode(text: String) {
        #expect(Punycode.decode(Array(text.utf8)) == nil)
    }
}
