/// A URL host in the one form the guard compares: lowercase ASCII (IDNs as `xn--` labels),
/// no trailing dot, IP addresses in canonical text.
///
/// Built by ``init(parsing:)`` from the host text of a URL, following WHATWG URL §3.5 host
/// parsing for special schemes, but stricter: a percent-encoded host is denied rather than
/// decoded, because parsers disagree about it.
public struct CanonicalHost: Hashable, Sendable, CustomStringConvertible {
    /// The canonical text: `example.com`, `xn--pypal-4ve.com`, `127.0.0.1`, `[::1]`.
    public let text: String
    /// The IP address, when the host is one (in any WHATWG spelling).
    public let address: IPAddress?

    /// Domain suffixes that name this machine (RFC 6761 §6.3).
    static let loopbackNames = ["localhost"]
    /// Domain suffixes that only resolve inside a local network: mDNS `.local` (RFC 6762),
    /// `.home.arpa` (RFC 8375), `.internal` (ICANN reserved for private use), and the
    /// customary `.lan` and `.localdomain`.
    static let localSuffixes = ["local", "home.arpa", "internal", "lan", "localdomain"]

    /// The canonical text.
    public var description: String { text }

    /// The kind of network the host points into. A domain name is judged by its name only
    /// (the guard does no DNS): `localhost` and `*.localhost` are loopback; the suffixes in
    /// ``localSuffixes`` and single-label names (resolved through search domains) are local.
    public var scope: IPAddress.Scope {
        if let address { return address.scope }
        for name in Self.loopbackNames where text == name || text.hasSuffix("." + name) {
            return .loopback
        }
        for suffix in Self.localSuffixes where text == suffix || text.hasSuffix("." + suffix) {
            return .localNetwork
        }
        if !text.contains(".") { return .localNetwork }
        return .publicNetwork
    }

    /// Parses and canonicalizes the host part of a URL.
    ///
    /// Steps: an IPv6 literal in brackets goes to the WHATWG IPv6 parser. Otherwise a host with
    /// `%` is denied (percent-encoded hosts are read differently by different parsers), the
    /// host goes through ``IDNA`` domain-to-ASCII, one trailing dot is removed, every label must
    /// be 1–63 bytes of `a-z`, `0-9`, `-`, `_`, and a host that "ends in a number" must parse as
    /// an IPv4 address in one of the WHATWG forms (decimal, octal, hex, 1–4 parts).
    /// - Parameter raw: the host as it appears between the authority's `@` and port.
    /// - Returns: the canonical host, or the denial that explains why it is not one.
    public static func parse(_ raw: Substring) -> Result<CanonicalHost, GuardDenial> {
        guard !raw.isEmpty else { return .failure(GuardDenial(.urlMalformed, "URL has an empty host")) }
        if raw.utf8.first == UInt8(ascii: "[") {
            guard raw.utf8.last == UInt8(ascii: "]"), raw.utf8.count >= 2,
                let pieces = IPAddress.parseV6(Substring(raw.utf8.dropFirst().dropLast()))
            else {
                return .failure(GuardDenial(.hostInvalid, "\(raw) is not a valid IPv6 address"))
            }
            let address = IPAddress.v6(pieces)
            return .success(CanonicalHost(text: address.description, address: address))
        }
        if raw.utf8.contains(UInt8(ascii: "%")) {
            return .failure(
                GuardDenial(.urlAmbiguous, "host is percent-encoded; parsers disagree on decoding it"))
        }
        let ascii: String
        switch IDNA.toASCII(raw) {
        case .success(let value): ascii = value
        case .failure(let denial): return .failure(denial)
        }
        var labels = ascii.split(separator: ".", omittingEmptySubsequences: false)
        if IPAddress.endsInANumber(labels) {
            guard let value = IPAddress.parseV4(Substring(ascii)) else {
                return .failure(GuardDenial(.hostInvalid, "\(ascii) ends in a number but is not a valid IPv4 address"))
            }
            let address = IPAddress.v4(value)
            return .success(CanonicalHost(text: address.description, address: address))
        }
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        let text = labels.joined(separator: ".")
        guard text.utf8.count <= IDNA.maxHostBytes else {
            return .failure(GuardDenial(.hostInvalid, "host is longer than \(IDNA.maxHostBytes) bytes"))
        }
        for label in labels {
            guard !label.isEmpty else {
                return .failure(GuardDenial(.hostInvalid, "host \(ascii) has an empty label"))
            }
            guard label.utf8.count <= IDNA.maxLabelBytes else {
                return .failure(GuardDenial(.hostInvalid, "a label of \(ascii) is longer than 63 bytes"))
            }
            for byte in label.utf8 {
                let ok =
                    (byte >= 0x61 && byte <= 0x7A) || byte.isASCIIDigit || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
                guard ok else {
                    return .failure(
                        GuardDenial(.hostInvalid, "host contains \(printable(byte)), which is not allowed in a domain name"))
                }
            }
            if label.hasPrefix("xn--"), !IDNA.isCanonicalALabel(label) {
                return .failure(GuardDenial(.hostInvalid, "host label \(label) is not a valid IDNA A-label"))
            }
        }
        return .success(CanonicalHost(text: text, address: nil))
    }

    private init(text: String, address: IPAddress?) {
        self.text = text
        self.address = address
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
public struct HostMatcher: Hashable, Sendable {
    /// The canonical domain or IP address of the rule.
    public let host: CanonicalHost
    /// Whether hosts below ``host`` match too (never for IP addresses).
    public let includesSubdomains: Bool

    /// Creates a rule from a domain as written in a policy.
    /// - Parameters:
    ///   - domain: a domain name (Unicode or ASCII, any case) or an IP address.
    ///   - includesSubdomains: whether subdomains match as well.
    /// - Throws: ``SanitizeError`` with code `policy-invalid` when `domain` is not a valid host,
    ///   or when `includesSubdomains` is set for an IP address.
    public init(domain: String, includesSubdomains: Bool) throws(SanitizeError) {
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
    public func matches(_ candidate: CanonicalHost) -> Bool {
        if candidate.text == host.text { return true }
        guard includesSubdomains, candidate.address == nil else { return false }
        let suffix = host.text
        let text = candidate.text
        return text.utf8.count > suffix.utf8.count + 1 && text.hasSuffix("." + suffix)
    }
}
