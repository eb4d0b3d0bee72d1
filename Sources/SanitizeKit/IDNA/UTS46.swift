import Foundation

/// The one IDNA canonicaliser of the package: Unicode Technical Standard #46 processing
/// (UTS #46 §4, §4.2 ToASCII) over the Unicode 15.0.0 IdnaMappingTable, with Punycode
/// (RFC 3492, ``Punycode``) for the `xn--` labels.
///
/// Every host and email domain goes through these functions, so a name has exactly one
/// canonical ASCII form:
/// - ``domainToASCII(_:)`` is WHATWG URL §3.3 "domain to ASCII" with beStrict = false, the
///   form browsers, node, curl and Foundation connect to;
/// - ``toASCII(_:options:)`` with ``Options/strict`` adds the DNS length and hyphen rules for
///   callers such as email domains;
/// - ``validateALabel(_:options:)`` checks one `xn--` label.
///
/// ```swift
/// UTS46.domainToASCII("Bücher.example")   // .success("xn--bcher-kva.example")
/// UTS46.domainToASCII("127.0.0.¹")        // .success("127.0.0.1")
/// UTS46.domainToASCII("a\u{202E}b")       // .failure: idna-disallowed, U+202E at byte 1
/// ```
package enum UTS46 {
    /// The processing flags of UTS #46 §4 that callers choose. The others are fixed as WHATWG
    /// URL sets them: CheckBidi = true, CheckJoiners = true, UseSTD3ASCIIRules = false,
    /// Transitional_Processing = false.
    package struct Options: OptionSet, Hashable, Sendable {
        /// The raw bits.
        package let rawValue: UInt8
        /// Creates options from raw bits.
        /// - Parameter rawValue: the bits.
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// CheckHyphens (UTS #46 §4.1 criteria 2 and 3): no `-` at the start or end of a
        /// label, and no `--` in positions 3–4 unless the label is a valid `xn--` A-label.
        package static let checkHyphens = Options(rawValue: 1 << 0)
        /// VerifyDnsLength (UTS #46 §4.2 step 4): labels of 1–63 octets and a name of at most
        /// 253 octets in ASCII (a trailing root dot not counted).
        package static let verifyDNSLength = Options(rawValue: 1 << 1)

        /// IDNA2008's CONTEXTO rules (RFC 5892 Appendix A.3–A.9) and its DISALLOWED
        /// exceptions (RFC 5892 §2.6), which UTS #46 does not apply: for JSON Schema's
        /// `hostname` format, which follows RFC 5890–5892.
        package static let checkContextO = Options(rawValue: 1 << 2)

        /// WHATWG URL "domain to ASCII" with beStrict = false: no hyphen or length checks.
        package static let whatwg: Options = []
        /// For domains that must be DNS host names (email domains): both checks.
        package static let strict: Options = [.checkHyphens, .verifyDNSLength]
    }

    /// The longest input, in UTF-8 bytes, that the functions accept (a DNS name is at most
    /// 253 octets; the cap keeps mapping and normalization work bounded).
    package static let maxInputBytes = 4096

    /// WHATWG URL §3.3 "domain to ASCII" with beStrict = false: UTS #46 ToASCII with
    /// CheckHyphens = false, CheckBidi = true, CheckJoiners = true, UseSTD3ASCIIRules = false,
    /// Transitional_Processing = false, VerifyDnsLength = false; an empty result is a failure.
    ///
    /// The host parser still has to refuse forbidden domain code points and read IPv4 forms
    /// in the result (WHATWG URL §3.5 steps 6–8).
    /// - Parameter domain: the domain, percent-decoded, without brackets.
    /// - Returns: the lowercase ASCII form, or the first rule it breaks.
    package static func domainToASCII(_ domain: some StringProtocol) -> Result<String, IDNAError> {
        switch toASCII(domain, options: .whatwg) {
        case .success(let ascii) where ascii.isEmpty:
            return .failure(IDNAError(.empty, "the domain maps to the empty string (WHATWG URL domain to ASCII step 3)"))
        case let result:
            return result
        }
    }

    /// UTS #46 §4.2 ToASCII with CheckBidi, CheckJoiners, Nontransitional processing,
    /// UseSTD3ASCIIRules = false, and the chosen `options`.
    /// - Parameters:
    ///   - domain: the domain name.
    ///   - options: ``Options/whatwg`` or ``Options/strict`` (or any mix of the two flags).
    /// - Returns: the ASCII form (`xn--` labels for non-ASCII ones), or the first rule it breaks.
    package static func toASCII(_ domain: some StringProtocol, options: Options) -> Result<String, IDNAError> {
        let labels: [Label]
        switch process(domain, options: options) {
        case .success(let processed): labels = processed
        case .failure(let error): return .failure(error)
        }
        var ascii: [String] = []
        ascii.reserveCapacity(labels.count)
        for label in labels {
            if let aLabel = label.aLabel {
                ascii.append(aLabel)
            } else if label.scalars.allSatisfy(\.isASCII) {
                ascii.append(String(String.UnicodeScalarView(label.scalars)))
            } else if let encoded = Punycode.encode(label.scalars) {
                ascii.append("xn--" + encoded)
            } else {
                return .failure(
                    IDNAError(
                        .tooLong, "the label has more than \(Punycode.maxInputScalars) code points for Punycode",
                        byteOffset: label.inputOffset))
            }
        }
        if options.contains(.verifyDNSLength), let error = verifyDNSLength(ascii, labels) {
            return .failure(error)
        }
        return .success(ascii.joined(separator: "."))
    }

    /// Checks that one label is a valid A-label (RFC 5890 §2.3.2.1): ASCII, starting with
    /// `xn--` (in any case), its Punycode decodes (RFC 3492) to a non-ASCII label that encodes
    /// back to the same text (compared ignoring ASCII case), and the decoded U-label passes
    /// UTS #46 validity (§4.1: NFC, only valid code points, no leading mark, CheckJoiners,
    /// CheckBidi for the label on its own, and the `options`).
    /// - Parameters:
    ///   - label: one label, without dots.
    ///   - options: the flags; ``Options/strict`` by default.
    /// - Returns: `nil` when the label is a valid A-label, else the rule it breaks.
    package static func validateALabel(_ label: some StringProtocol, options: Options = .strict) -> IDNAError? {
        var offset = 0
        for scalar in label.unicodeScalars {
            guard scalar.isASCII else {
                return IDNAError(.aLabel, "an A-label is ASCII only", scalar: scalar, byteOffset: offset)
            }
            guard scalar != "." else {
                return IDNAError(.fullStop, "an A-label is one label", scalar: scalar, byteOffset: offset)
            }
            offset += 1
        }
        let lowered = String(label).lowercased()
        guard lowered.hasPrefix("xn--") else {
            return IDNAError(.aLabel, "an A-label starts with xn--", byteOffset: 0)
        }
        switch toASCII(lowered, options: options) {
        case .failure(let error): return error
        case .success: return nil
        }
    }

    /// Whether one label is a valid A-label (``validateALabel(_:options:)`` finds nothing).
    /// - Parameters:
    ///   - label: one label, without dots.
    ///   - options: the flags; ``Options/strict`` by default.
    /// - Returns: `true` for a valid A-label.
    package static func isValidALabel(_ label: some StringProtocol, options: Options = .strict) -> Bool {
        validateALabel(label, options: options) == nil
    }
}
