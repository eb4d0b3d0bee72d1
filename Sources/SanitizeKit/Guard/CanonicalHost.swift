/// A URL host in the one form the guard compares: lowercase ASCII (IDNs as `xn--` labels),
/// no trailing dot, IP addresses in canonical text.
///
/// Built by ``init(parsing:)`` from the host text of a URL, following WHATWG URL §3.5 host
/// parsing for special schemes, but stricter: a percent-encoded host is denied rather than
/// decoded, because parsers disagree about it.
package struct CanonicalHost: Hashable, Sendable, CustomStringConvertible {
    /// The canonical text: `example.com`, `xn--pypal-4ve.com`, `127.0.0.1`, `[::1]`.
    package let text: String
    /// The IP address, when the host is one (in any WHATWG spelling).
    package let address: IPAddress?

    /// Domain suffixes that name this machine (RFC 6761 §6.3).
    static let loopbackNames = ["localhost"]
    /// Domain suffixes that only resolve inside a local network: mDNS `.local` (RFC 6762),
    /// `.home.arpa` (RFC 8375), `.internal` (ICANN reserved for private use), and the
    /// customary `.lan` and `.localdomain`.
    static let localSuffixes = ["local", "home.arpa", "internal", "lan", "localdomain"]

    /// The canonical text.
    package var description: String { text }

    /// The kind of network the host points into. A domain name is judged by its name only
    /// (the guard does no DNS): `localhost` and `*.localhost` are loopback; the suffixes in
    /// ``localSuffixes`` and single-label names (resolved through search domains) are local.
    package let scope: IPAddress.Scope

    /// ``loopbackNames`` and ``localSuffixes`` as bytes, each with and without a leading dot.
    private static let loopbackBytes = loopbackNames.map { (Array($0.utf8), Array(("." + $0).utf8)) }
    private static let localBytes = localSuffixes.map { (Array($0.utf8), Array(("." + $0).utf8)) }

    /// The scope of a canonical domain name (lowercase ASCII, no trailing dot).
    private static func scope(ofDomain bytes: [UInt8]) -> IPAddress.Scope {
        func isUnder(_ suffix: ([UInt8], [UInt8])) -> Bool {
            bytes == suffix.0 || (bytes.count > suffix.1.count && bytes.suffix(suffix.1.count).elementsEqual(suffix.1))
        }
        if loopbackBytes.contains(where: isUnder) { return .loopback }
        if localBytes.contains(where: isUnder) { return .localNetwork }
        if !bytes.contains(UInt8(ascii: ".")) { return .localNetwork }
        return .publicNetwork
    }

    /// The longest canonical domain name, in bytes (DNS names are at most 253).
    static let maxHostBytes = 253
    /// The longest label, in bytes (RFC 1035 §2.3.4).
    static let maxLabelBytes = 63

    /// Parses and canonicalizes the host part of a URL, as the WHATWG URL host parser does
    /// (URL §3.5) and then a little stricter.
    ///
    /// Steps: an IPv6 literal in brackets goes to the WHATWG IPv6 parser. Otherwise a host with
    /// `%` is denied (percent-encoded hosts are read differently by different parsers); the
    /// host goes through ``UTS46/domainToASCII(_:)`` (full UTS #46 mapping, NFC, CheckBidi,
    /// CheckJoiners: what browsers, node, curl and Foundation do), so `127.0.0.¹`,
    /// `①②⑦.⓪.⓪.①` and `ＬＯＣＡＬＨＯＳＴ` reach the later steps as `127.0.0.1` and
    /// `localhost`; a host it cannot map is denied. Then a host with a WHATWG forbidden domain
    /// code point is denied, a host that "ends in a number" must parse as an IPv4 address in
    /// one of the WHATWG forms (decimal, octal, hex, 1–4 parts), one trailing dot is removed,
    /// and every label must be 1–63 bytes of `a-z`, `0-9`, `-`, `_`.
    /// - Parameter raw: the host as it appears between the authority's `@` and port.
    /// - Returns: the canonical host, or the denial that explains why it is not one.
    package static func parse(_ raw: Substring) -> Result<CanonicalHost, GuardDenial> {
        parse(bytes: ArraySlice(raw.utf8))
    }

    /// ``parse(_:)`` over the UTF-8 bytes of the host.
    static func parse(bytes raw: ArraySlice<UInt8>) -> Result<CanonicalHost, GuardDenial> {
        guard !raw.isEmpty else { return .failure(GuardDenial(.urlMalformed, "URL has an empty host")) }
        if raw.first == UInt8(ascii: "[") {
            let inner = Substring(String(decoding: raw.dropFirst().dropLast(), as: UTF8.self))
            guard raw.last == UInt8(ascii: "]"), raw.count >= 2, let pieces = IPAddress.parseV6(inner) else {
                let shown = String(decoding: raw.prefix(64), as: UTF8.self)
                return .failure(GuardDenial(.hostInvalid, "\(shown) is not a valid IPv6 address"))
            }
            let address = IPAddress.v6(pieces)
            return .success(CanonicalHost(address: address))
        }
        if raw.contains(UInt8(ascii: "%")) {
            return .failure(
                GuardDenial(.urlAmbiguous, "host is percent-encoded; parsers disagree on decoding it"))
        }
        var bytes: [UInt8]
        switch UTS46.domainToASCII(String(decoding: raw, as: UTF8.self)) {
        case .success(let ascii): bytes = Array(ascii.utf8)
        case .failure(let error):
            return .failure(
                GuardDenial(.hostInvalid, "host cannot be mapped to ASCII (\(error.code.rawValue)): \(error.reason)"))
        }
        if let forbidden = bytes.first(where: isForbiddenDomainByte) {
            return .failure(
                GuardDenial(
                    .hostInvalid,
                    "host maps to text holding \(printable(forbidden)), a forbidden domain code point (WHATWG URL §3.5)"))
        }
        return canonicalize(ascii: &bytes)
    }

    /// WHATWG URL §3.5 forbidden domain code points (ASCII): C0 controls, space, `#`, `%`,
    /// `/`, `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`, DEL.
    private static func isForbiddenDomainByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x20, 0x7F, UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
            UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "|"):
            true
        default: false
        }
    }

    /// Validates lowercase ASCII host bytes: IPv4 when it ends in a number, otherwise labels.
    private static func canonicalize(ascii bytes: inout [UInt8]) -> Result<CanonicalHost, GuardDenial> {
        // The last label, ignoring one trailing empty label, decides whether this is IPv4.
        var end = bytes.count
        if end > 1 && bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
        var lastStart = end
        while lastStart > 0 && bytes[lastStart - 1] != UInt8(ascii: ".") { lastStart -= 1 }
        if lastStart < end && endsInANumber(bytes[lastStart..<end]) {
            let text = String(decoding: bytes, as: UTF8.self)
            guard let value = IPAddress.parseV4(Substring(text)) else {
                return .failure(GuardDenial(.hostInvalid, "\(text) ends in a number but is not a valid IPv4 address"))
            }
            let address = IPAddress.v4(value)
            return .success(CanonicalHost(address: address))
        }
        bytes.removeLast(bytes.count - end)
        guard bytes.count <= maxHostBytes else {
            return .failure(GuardDenial(.hostInvalid, "host is longer than \(maxHostBytes) bytes"))
        }
        var labelStart = 0
        for index in 0...bytes.count {
            guard index == bytes.count || bytes[index] == UInt8(ascii: ".") else {
                let byte = bytes[index]
                let ok =
                    (byte >= 0x61 && byte <= 0x7A) || byte.isASCIIDigit || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
                guard ok else {
                    return .failure(
                        GuardDenial(
                            .hostInvalid, "host contains \(printable(byte)), which is not allowed in a domain name"))
                }
                continue
            }
            let length = index - labelStart
            guard length > 0 else {
                return .failure(
                    GuardDenial(.hostInvalid, "host \(String(decoding: bytes, as: UTF8.self)) has an empty label"))
            }
            guard length <= maxLabelBytes else {
                return .failure(
                    GuardDenial(
                        .hostInvalid, "a label of \(String(decoding: bytes, as: UTF8.self)) is longer than 63 bytes"))
            }
            labelStart = index + 1
        }
        return .success(CanonicalHost(domain: bytes))
    }

    /// WHATWG "ends in a number" for one label: all decimal digits, or `0x` and hex digits.
    private static func endsInANumber(_ label: ArraySlice<UInt8>) -> Bool {
        if label.allSatisfy({ $0.isASCIIDigit }) { return true }
        guard label.count >= 2, label[label.startIndex] == UInt8(ascii: "0"),
            label[label.startIndex + 1] | 0x20 == UInt8(ascii: "x")
        else { return false }
        return label.dropFirst(2).allSatisfy { $0.isHexDigit }
    }

    private init(address: IPAddress) {
        self.text = address.description
        self.address = address
        self.scope = address.scope
    }

    private init(domain bytes: [UInt8]) {
        self.text = String(decoding: bytes, as: UTF8.self)
        self.address = nil
        self.scope = Self.scope(ofDomain: bytes)
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }
}

/// Matches canonical hosts against one domain rule of a policy: the domain itself and,
/// when `includesSubdomains` is set, every host below it.
///
/// Both sides are canonical (see ``CanonicalHost``), so `EXAMPLE.com.` matches `example.com`,
/// while `pаypal.com` with a Cyrillic `а` (canonical `xn--pypal-4ve.com`) never matches
/// `paypal.com`. Subdomain matching works on whole labels: `notexample.com` is not below
/// `example.com`.
package struct HostMatcher: Hashable, Sendable {
    /// The canonical domain or IP address of the rule.
    package let host: CanonicalHost
    /// Whether hosts below ``host`` match too (never for IP addresses).
    package let includesSubdomains: Bool

    /// Creates a rule from a domain as written in a policy.
    /// - Parameters:
    ///   - domain: a domain name (Unicode or ASCII, any case) or an IP address.
    ///   - includesSubdomains: whether subdomains match as well.
    /// - Throws: ``SanitizeError`` with code `policy-invalid` when `domain` is not a valid host,
    ///   or when `includesSubdomains` is set for an IP address.
    package init(domain: String, includesSubdomains: Bool) throws(SanitizeError) {
        let host: CanonicalHost
        switch CanonicalHost.parse(Substring(domain)) {
        case .success(let value): host = value
        case .failure(let denial):
            throw SanitizeError(.policyInvalid, "\"\(domain)\" is not a valid host: \(denial.text)")
        }
        if host.address != nil && includesSubdomains {
            throw SanitizeError(.policyInvalid, "\"\(domain)\" is an IP address; includesSubdomains must be false")
        }
        self.host = host
        self.includesSubdomains = includesSubdomains
    }

    /// Whether `candidate` is the rule's host or, with subdomains included, below it.
    /// - Parameter candidate: a canonical host from a request URL.
    /// - Returns: `true` on a match.
    package func matches(_ candidate: CanonicalHost) -> Bool {
        if candidate.text == host.text { return true }
        guard includesSubdomains, candidate.address == nil else { return false }
        let suffix = host.text
        let text = candidate.text
        return text.utf8.count > suffix.utf8.count + 1 && text.hasSuffix("." + suffix)
    }
}
