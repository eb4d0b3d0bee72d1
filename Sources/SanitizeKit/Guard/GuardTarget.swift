/// The canonical form of a request URL, as every decision of the guard sees it: scheme,
/// canonical host (``CanonicalHost``, after UTS #46 mapping), effective port, normalized path,
/// and the class of the host. `sanitize guard --explain` prints it beside the verdict.
package struct GuardTarget: Hashable, Sendable, CustomStringConvertible {
    /// `https` or `http`.
    package let scheme: String
    /// The canonical host.
    package let host: CanonicalHost
    /// The effective port (the scheme's default when none is written).
    package let port: Int
    /// The normalized path (`/` joined segments), or `nil` when the path is ambiguous.
    package let path: String?
    /// The URL to send the request to (``GuardDecision/allow(canonicalURL:)``).
    package let url: String
    /// `[userinfo@]host[:port]` of ``url``: the canonical host, the port unless default.
    package let authority: String
    /// `host[:port]`: ``authority`` without userinfo, the value of a `Host` field.
    package let hostAndPort: String
    /// The kind of address or name the host is: `loopback`, `unspecified`, `private`,
    /// `link-local`, `shared`, `unique-local`, `multicast`, `reserved`, `localhost`,
    /// `local-name`, `single-label`, `public`…, with `transition:` or `ipv4-mapped:` in front
    /// of the class of the IPv4 address an IPv6 transition or mapped address embeds.
    package let hostClass: String

    /// `scheme=… host=… port=… path=… class=… scope=…`.
    package var description: String {
        "scheme=\(scheme) host=\(host.text) port=\(port) path=\(path ?? "(ambiguous)") class=\(hostClass) "
            + "scope=\(host.scope.rawValue)"
    }

    init(_ url: GuardURL) {
        scheme = url.scheme.rawValue
        host = url.host
        port = url.port
        self.url = url.canonicalText
        authority = url.canonicalAuthority
        hostAndPort = url.authorityText
        if case .success(let segments) = url.path {
            path = "/" + segments.joined(separator: "/")
        } else {
            path = nil
        }
        hostClass = host.hostClass
    }
}

extension RequestGuard {
    /// The canonical form the guard reads `url` as, or why it cannot read it.
    /// - Parameter url: an absolute http(s) URL.
    /// - Returns: the scheme, canonical host, port, normalized path and host class, or the
    ///   denial the URL gets before any policy rule.
    package func target(of url: String) -> Result<GuardTarget, GuardDenial> {
        GuardURL.parse(url, maxBytes: Limits.maxURLBytes).map(GuardTarget.init)
    }
}

extension CanonicalHost {
    /// The class of the host (see ``GuardTarget/hostClass``).
    var hostClass: String {
        guard let address else {
            let text = self.text
            if text == "localhost" || text.hasSuffix(".localhost") { return "localhost" }
            for suffix in Self.localSuffixes where text == suffix || text.hasSuffix("." + suffix) {
                return "local-name(.\(suffix))"
            }
            return text.contains(".") ? "public" : "single-label"
        }
        switch address {
        case .v4(let value): return Self.v4Class(value)
        case .v6(let p):
            if p == [0, 0, 0, 0, 0, 0, 0, 1] { return "loopback" }
            if p == [0, 0, 0, 0, 0, 0, 0, 0] { return "unspecified" }
            if p[0...4].allSatisfy({ $0 == 0 }) && p[5] == 0xFFFF {
                return "ipv4-mapped:" + Self.v4Class(UInt32(p[6]) << 16 | UInt32(p[7]))
            }
            let embedded = address.embeddedTransitionV4
            if !embedded.isEmpty { return "transition:" + embedded.map(Self.v4Class).joined(separator: ",") }
            if p[0] & 0xFE00 == 0xFC00 { return "unique-local" }
            if p[0] & 0xFFC0 == 0xFE80 { return "link-local" }
            if p[0] & 0xFFC0 == 0xFEC0 { return "site-local" }
            if p[0] & 0xFF00 == 0xFF00 { return "multicast" }
            if p[0] == 0x0100 && p[1...3].allSatisfy({ $0 == 0 }) { return "discard" }
            return "public"
        }
    }

    private static func v4Class(_ value: UInt32) -> String {
        let a = value >> 24
        let b = (value >> 16) & 0xFF
        switch a {
        case 127: return "loopback"
        case 0: return value == 0 ? "unspecified" : "this-network"
        case 10: return "private"
        case 100 where b & 0xC0 == 64: return "shared"
        case 169 where b == 254: return "link-local"
        case 172 where b & 0xF0 == 16: return "private"
        case 192 where b == 168: return "private"
        case 192 where b == 0 && (value >> 8) & 0xFF == 0: return "ietf-protocol"
        case 198 where b & 0xFE == 18: return "benchmarking"
        case 224...239: return "multicast"
        case 240...255: return "reserved"
        default: return "public"
        }
    }
}
