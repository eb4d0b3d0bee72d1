import SanitizeKit
import Testing

@Suite("SQL strip mode")
struct SQLStrippingTests {
    @Test(
        "default set",
        arguments: [
            ("1'; DROP TABLE t; --", "1 DROP TABLE t "),
            ("50% off", "50 off"),
            ("a/*b*/c", "a*b*c"),
            ("-/-", ""),
            ("a---b", "a-b"),
            ("tab\there\r\n", "tabhere"),
            ("\"quoted\" \\ back", "quoted  back"),
            ("plain text", "plain text"),
            ("café — ünïcödé", "café — ünïcödé"),
        ])
    func defaults(input: String, expected: String) throws {
        #expect(try SQL.strip(input) == expected)
    }

    @Test("the result never holds a stripped character or a comment opener", .corpus(.naughtyStrings))
    func invariant() throws {
        for value in TextCorpus.all {
            let stripped = try SQL.strip(value)
            #expect(!stripped.unicodeScalars.contains { "%'\";\\/\t\r\n".unicodeScalars.contains($0) })
            #expect(!stripped.contains("--") && !stripped.contains("/*"), "\(value.debugDescription)")
        }
    }

    @Test("a custom set, with non-ASCII characters and sequences")
    func custom() throws {
        let set = StripSet(characters: "<>\u{2019}", sequences: ["xx", "é"])
        #expect(try SQL.strip("a<b>c\u{2019}xéx", removing: set) == "abc")
        #expect(set.sequences == ["xx", "é"])
    }

    @Test("NUL is an error, with its offset")
    func nul() {
        #expect(throws: SanitizeError(.nulByte, "NUL byte at byte 1 is not allowed in SQL text", at: .init(byteOffset: 1))) {
            try SQL.strip("a\u{0}")
        }
    }
}
