import Testing

@testable import SanitizeKit

/// ``UTS46`` on the standards' own examples (UTS #46 §4 and its Table 3, RFC 5892 Appendix A,
/// RFC 5893 §2, WHATWG URL's host examples) and on the hosts of issue #14.
@Suite("UTS #46 processing")
struct UTS46Tests {
    /// WHATWG domain to ASCII: input → ASCII form.
    static let mapped: [(String, String)] = [
        ("example.com", "example.com"),
        ("EXAMPLE.com", "example.com"),
        ("Bücher.example", "xn--bcher-kva.example"),
        ("xn--bcher-kva.example", "xn--bcher-kva.example"),
        ("XN--BCHER-KVA.example", "xn--bcher-kva.example"),
        ("faß.de", "xn--fa-hia.de"),  // Nontransitional: ß stays (UTS #46 Table 3)
        ("βόλος.com", "xn--nxasmm1c.com"),  // final sigma kept
        ("ශ්‍රී.com", "xn--10cl1a0b660p.com"),  // ZWJ after a virama (RFC 5892 A.2)
        ("نامه‌ای.com", "xn--mgba3gch31f060k.com"),  // ZWNJ between joining letters (A.1)
        ("127.0.0.¹", "127.0.0.1"),  // superscript one → 1
        ("169.254.169.²⁵⁴", "169.254.169.254"),
        ("a.ℓocalhost", "a.localhost"),  // script small l → l
        ("①②⑦.⓪.⓪.①", "127.0.0.1"),  // circled digits
        ("ＥＸＡＭＰＬＥ．ｃｏｍ", "example.com"),  // fullwidth letters and full stop
        ("example。com", "example.com"),  // ideographic full stop
        ("straẞe.example", "xn--strae-oqa.example"),  // U+1E9E maps to ß since UTS #46 15.1 (ss before)
        ("Ⅻ.example", "xii.example"),
        ("ex\u{AD}ample.com", "example.com"),  // soft hyphen is ignored
        ("a\u{200B}b.com", "ab.com"),  // zero width space is ignored
        ("e\u{301}.com", "xn--9ca.com"),  // NFC composes é
        ("example.com.", "example.com."),  // the root label stays
        ("a..b", "a..b"),  // empty labels are fine without VerifyDnsLength
        ("-a-.example", "-a-.example"),  // no CheckHyphens
        ("ab--cd.example", "ab--cd.example"),
        ("a b.com", "a b.com"),  // UseSTD3ASCIIRules=false: the host parser refuses the space
        ("xn--ls8h.example", "xn--ls8h.example"),  // 💩 as an A-label
    ]

    /// Entries of IdnaMappingTable that changed after Unicode 15.0, as Python's `idna` 3.20
    /// (Unicode 18.0 tables) maps them: input → ASCII form.
    static let mappedSince15: [(String, String)] = [
        ("stra\u{1E9E}e.example", "xn--strae-oqa.example"),  // 15.1: ẞ → ß, not ss
        ("\u{10A0}.example", "xn--rkj.example"),  // 16.0: Georgian capital Ⴀ → ⴀ (was disallowed)
        ("\u{2132}x.example", "xn--x-5yn.example"),  // 16.0: Ⅎ → ⅎ (was disallowed)
        ("x\u{2061}y.example", "xy.example"),  // 16.0: FUNCTION APPLICATION ignored (was disallowed)
        ("\u{1CCD6}pi.example", "api.example"),  // 16.0: OUTLINED LATIN CAPITAL LETTER A → a
        ("a\u{1D6A6}.example", "ass.example"),  // 17.0: → ss
        ("\u{A7F1}x.example", "sx.example"),  // 17.0: → s
    ]

    @Test("the tables are Unicode 18.0.0's, as the mappings changed since 15.0 show", arguments: mappedSince15)
    func mapsAsUnicode18(input: String, expected: String) {
        #expect(UTS46Data.unicodeVersion == "18.0.0")
        #expect(UTS46.domainToASCII(input) == .success(expected))
    }

    @Test("WHATWG domain to ASCII maps", arguments: mapped)
    func maps(input: String, expected: String) {
        #expect(UTS46.domainToASCII(input) == .success(expected))
    }

    /// Input → error code and the byte offset it names (`nil`: no offset).
    static let refused: [(String, IDNAError.Code, Int?)] = [
        ("a\u{202E}b.com", .disallowed, 1),  // RIGHT-TO-LEFT OVERRIDE
        ("abc.\u{E000}.com", .disallowed, 4),  // private use
        ("a\u{FFFD}.com", .disallowed, 1),
        ("a\u{200D}b.com", .contextJ, 1),  // ZWJ without a virama (RFC 5892 A.2)
        ("a\u{200C}b.com", .contextJ, 1),  // ZWNJ between non-joining letters (A.1)
        ("\u{301}a.com", .leadingMark, 0),  // a combining acute first
        ("xn--0.example", .punycode, 0),
        ("www.xn--0.example", .punycode, 4),
        ("xn--abc-.example", .aLabel, 0),  // decodes to ASCII only
        ("xn--xn--a--gua.pt", .aLabel, 0),  // the U-label starts with xn--
        ("xn--a.example", .codePoint, 0),  // decodes to U+0080, disallowed
        ("\u{5D0}a.example", .bidi, 2),  // rule 2: L in an RTL label
        ("1.\u{5D0}", .bidi, 0),  // rule 1: a label starting with EN in a Bidi domain name
        ("\u{627}\u{661}\u{6F1}.example", .bidi, 2),  // rule 4: AN and EN in one RTL label
        ("a.\u{5D0}\u{5B0}-", .bidi, nil),  // rule 3: an RTL label ending with ES
        ("", .empty, nil),
        ("\u{AD}", .empty, nil),
    ]

    @Test("WHATWG domain to ASCII refuses", arguments: refused)
    func refuses(input: String, code: IDNAError.Code, offset: Int?) {
        guard case .failure(let error) = UTS46.domainToASCII(input) else {
            Issue.record("accepted \(input.debugDescription)")
            return
        }
        #expect(error.code == code, "\(error)")
        if let offset { #expect(error.byteOffset == offset, "\(error)") }
    }

    @Test("the reason names the rule, the code point and its byte offset")
    func reasonText() {
        guard case .failure(let failure) = UTS46.domainToASCII("ab\u{202E}c") else { return }
        #expect(failure.code.rawValue == "idna-disallowed")
        #expect(failure.reason.hasPrefix("U+202E at byte 2: "))
        #expect(failure.scalar == "\u{202E}")
    }

    @Test("Bidi domain names that satisfy RFC 5893 §2", arguments: [
        ("a.\u{5D0}", "a.xn--4db"), ("\u{5D0}1.example", "xn--1-zhc.example"),
    ])
    func bidiAccepted(input: String, expected: String) {
        #expect(UTS46.domainToASCII(input) == .success(expected))
    }

    /// Strict options (email domains): input → error code, or `nil` for success.
    static let strict: [(String, IDNAError.Code?)] = [
        ("xn--bcher-kva.example", nil),
        ("Bücher.example", nil),
        ("example.com.", nil),  // the root label is not counted
        (String(repeating: "a", count: 63) + ".com", nil),
        (String(repeating: "a", count: 64) + ".com", .labelLength),
        ([String](repeating: String(repeating: "a", count: 63), count: 4).joined(separator: "."), .domainLength),
        ([String](repeating: String(repeating: "a", count: 62), count: 4).joined(separator: "."), nil),  // 251
        ("a..b", .labelLength),
        ("", .labelLength),
        ("-a.example", .hyphen),
        ("a-.example", .hyphen),
        ("ab--cd.example", .hyphen),
        ("a-b.example", nil),
    ]

    @Test("strict options add the DNS length and hyphen rules", arguments: strict)
    func strictOptions(input: String, code: IDNAError.Code?) {
        switch UTS46.toASCII(input, options: .strict) {
        case .success: #expect(code == nil, "accepted \(input)")
        case .failure(let error): #expect(error.code == code, "\(error)")
        }
    }

    @Test("a hyphen error names the offset of its label")
    func hyphenOffset() {
        guard case .failure(let error) = UTS46.toASCII("ok.-bad.example", options: .strict) else {
            Issue.record("accepted")
            return
        }
        #expect(error.code == .hyphen)
        #expect(error.byteOffset == 3)
    }

    static let aLabels: [(String, Bool)] = [
        ("xn--bcher-kva", true),
        ("XN--BCHER-KVA", true),  // DNS compares ASCII without case
        ("xn--ls8h", true),
        ("xn--fa-hia", true),  // faß
        ("xn--abc-", false),  // ASCII only
        ("xn--a", false),  // U+0080
        ("xn--0", false),  // not Punycode
        ("xn--bcher-kva.de", false),  // two labels
        ("bcher-kva", false),  // no prefix
        ("xn--bücher", false),  // not ASCII
        ("xn--xn--a--gua", false),  // the U-label starts with xn--
        ("xn--9ca", true),  // é
        ("xn--e-xbb", false),  // e + U+0301: not NFC
    ]

    @Test("A-label validity", arguments: aLabels)
    func aLabel(label: String, valid: Bool) {
        #expect(UTS46.isValidALabel(label) == valid, "\(UTS46.validateALabel(label).map(String.init(describing:)) ?? "valid")")
    }

    @Test("the ASCII fast path of the mapping step says what the table says")
    func asciiRowsOfTheTable() {
        let data = UTS46Data.shared
        for value in UInt8(0)...0x7F {
            let scalar = Unicode.Scalar(value)
            if (0x41...0x5A).contains(value) {
                #expect(data.status(scalar) == .mapped)
                #expect(Array(data.mapping(scalar)) == [Unicode.Scalar(value | 0x20)])
            } else {
                #expect(data.status(scalar) == .valid, "U+\(String(value, radix: 16))")
            }
        }
    }
}
