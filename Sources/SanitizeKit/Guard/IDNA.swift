import Foundation

/// Domain-to-ASCII for the guard: a documented subset of UTS #46 processing followed by
/// Punycode (RFC 3492) per label, as WHATWG URL §3.3 "domain to ASCII" requires.
///
/// The subset, applied to the whole host:
/// 1. map fullwidth ASCII (U+FF01…U+FF5E) to ASCII and the ideographic full stops
///    (U+3002, U+FF0E, U+FF61) to `.`, as UTS #46's mapping table does;
/// 2. lowercase each scalar (Unicode simple lowercase mapping);
/// 3. normalize to NFC;
/// 4. reject every non-ASCII scalar that is not a letter, mark or number (general categories
///    L*, M*, N*): controls, format characters (zero-width joiners, bidi controls, soft
///    hyphen), spaces, symbols, punctuation, private use, surrogates and unassigned code
///    points. UTS #46 maps some of these away and allows some symbols; the guard denies
///    them instead, which can only make a match fail, never succeed wrongly.
/// 5. encode each label that still holds non-ASCII as `xn--` + Punycode.
///
/// Not implemented: the full UTS #46 mapping table (compatibility mappings beyond
/// fullwidth forms, deviation characters), the CONTEXTJ/CONTEXTO and bidi rules of
/// IDNA 2008. Hosts using them are denied or simply fail to match.
enum IDNA {
    /// The longest host, in bytes, that the guard accepts (DNS names are at most 253).
    static let maxHostBytes = 253
    /// The longest DNS label, in bytes (RFC 1035 §2.3.4).
    static let maxLabelBytes = 63

    /// Converts a host (no percent escapes, no brackets) to lowercase ASCII.
    /// - Parameter host: the host as written in the URL.
    /// - Returns: the ASCII form, or a denial saying which rule failed.
    static func toASCII(_ host: Substring) -> Result<String, GuardDenial> {
        if host.utf8.allSatisfy({ $0 < 0x80 }) {
            return .success(String(decoding: host.utf8.map { asciiLower($0) }, as: UTF8.self))
        }
        guard host.utf8.count <= maxHostBytes * 4 else {
            return .failure(GuardDenial(.hostInvalid, "host is longer than \(maxHostBytes) bytes"))
        }
        var mapped = String.UnicodeScalarView()
        for scalar in host.unicodeScalars {
            switch scalar.value {
            case 0xFF01...0xFF5E:
                let ascii = UInt8(scalar.value - 0xFF01 + 0x21)
                mapped.append(Unicode.Scalar(asciiLower(ascii)))
            case 0x3002, 0xFF0E, 0xFF61:
                mapped.append(".")
            case 0..<0x80:
                mapped.append(Unicode.Scalar(asciiLower(UInt8(scalar.value))))
            default:
                guard isAllowed(scalar) else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    return .failure(
                        GuardDenial(
                            .hostInvalid,
                            "host contains U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex), "
                                + "which is not allowed in a domain name"))
                }
                mapped.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        let normalized = String(mapped).precomposedStringWithCanonicalMapping
        var labels: [String] = []
        for label in normalized.split(separator: ".", omittingEmptySubsequences: false) {
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                labels.append(String(label))
                continue
            }
            // Normalization may expose a scalar that was allowed only in composed form.
            for scalar in label.unicodeScalars where scalar.value >= 0x80 && !isAllowed(scalar) {
                return .failure(GuardDenial(.hostInvalid, "host contains a disallowed code point"))
            }
            guard let encoded = Punycode.encode(Array(label.unicodeScalars)) else {
                return .failure(GuardDenial(.hostInvalid, "host label is too long to encode"))
            }
            labels.append("xn--" + encoded)
        }
        return .success(labels.joined(separator: "."))
    }

    /// Letters, marks and numbers; everything else outside ASCII is denied.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber:
            return !scalar.properties.isDefaultIgnorableCodePoint
        default:
            return false
        }
    }

    /// Whether an ASCII label that starts with `xn--` is one that ``toASCII(_:)`` could have
    /// produced: its Punycode decodes, holds non-ASCII, every non-ASCII scalar is allowed, it
    /// is already lowercase and NFC, and encoding it again gives the same text.
    /// - Parameter label: the label, lowercase ASCII, including the `xn--` prefix.
    /// - Returns: `true` when the label is a canonical A-label.
    static func isCanonicalALabel(_ label: Substring) -> Bool {
        let body = String(label.dropFirst(4))
        guard let scalars = Punycode.decode(body), scalars.contains(where: { $0.value >= 0x80 }) else {
            return false
        }
        for scalar in scalars where scalar.value >= 0x80 {
            guard isAllowed(scalar), scalar.properties.lowercaseMapping == String(scalar) else { return false }
        }
        for scalar in scalars where scalar.value < 0x80 {
            guard !(scalar.value >= 0x41 && scalar.value <= 0x5A) else { return false }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        let text = String(view)
        guard text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(scalars) else { return false }
        return Punycode.encode(scalars) == body
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
