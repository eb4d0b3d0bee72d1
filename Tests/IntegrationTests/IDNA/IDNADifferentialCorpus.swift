@testable import SanitizeKit

/// The inputs the IDNA differential tests give to our canonicaliser and to an oracle, and the
/// WHATWG host parser's own refusal that sits after domain to ASCII.
enum IDNADifferentialCorpus {
    /// `a<c>b.example` for every code point from U+0080 to U+2FFFF (surrogates excluded): each
    /// code point once, in a label that keeps it away from the edges, plus the hosts of issue #14.
    static let singleCodePoints: [String] = {
        var inputs: [String] = []
        for value in UInt32(0x80)..<0x30000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = String.UnicodeScalarView()
            text.append("a")
            text.append(scalar)
            text.append(contentsOf: "b.example".unicodeScalars)
            inputs.append(String(text))
        }
        return inputs
    }()

    /// WHATWG URL §3.5: forbidden domain code points (C0 controls, space, `#`, `%`, `/`, `:`,
    /// `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`, DEL), checked after domain to ASCII.
    static func hasForbiddenDomainCodePoint(_ ascii: String) -> Bool {
        ascii.utf8.contains { byte in
            byte <= 0x20 || byte == 0x7F || Array("#%/:<>?@[\\]^|".utf8).contains(byte)
        }
    }

    /// Our WHATWG answer: the ASCII domain, or `""` when refused (as node's
    /// `url.domainToASCII` answers).
    static func whatwg(_ input: String) -> String {
        guard case .success(let ascii) = UTS46.domainToASCII(input), !hasForbiddenDomainCodePoint(ascii) else {
            return ""
        }
        return ascii
    }
}
