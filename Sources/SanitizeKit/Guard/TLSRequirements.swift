/// A TLS protocol version, as a guard policy names it (`"1.0"` … `"1.3"`).
public enum TLSProtocolVersion: String, Hashable, Sendable, CaseIterable, Comparable {
    /// TLS 1.0 (RFC 2246); only a per-domain exception may allow it.
    case v1_0 = "1.0"
    /// TLS 1.1 (RFC 4346); only a per-domain exception may allow it.
    case v1_1 = "1.1"
    /// TLS 1.2 (RFC 5246): the policy's default floor, as App Transport Security's.
    case v1_2 = "1.2"
    /// TLS 1.3 (RFC 8446).
    case v1_3 = "1.3"

    /// The floors the policy's `transport.minimumTLSVersion` may name.
    package static let policyFloors: [TLSProtocolVersion] = [.v1_2, .v1_3]

    /// Orders versions oldest first.
    public static func < (lhs: TLSProtocolVersion, rhs: TLSProtocolVersion) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The TLS requirements a guard policy sets for one host: App Transport Security's floor
/// (`NSExceptionMinimumTLSVersion`) and forward secrecy (`NSExceptionRequiresForwardSecrecy`).
///
/// Ask ``RequestGuard/tlsRequirements(forHost:)``; the adapters build their TLS configuration
/// from the answer (docs/guard.md lists which adapter enforces what on which platform).
public struct TLSRequirements: Hashable, Sendable, CustomStringConvertible {
    /// The oldest protocol version a connection may use.
    public var minimumVersion: TLSProtocolVersion
    /// Whether TLS 1.2 and older must use a forward-secret (ECDHE) cipher suite. Every TLS 1.3
    /// suite is forward secret.
    public var requiresForwardSecrecy: Bool

    /// Creates requirements; the defaults are App Transport Security's.
    /// - Parameters:
    ///   - minimumVersion: the floor (default TLS 1.2).
    ///   - requiresForwardSecrecy: whether ECDHE suites are required below TLS 1.3 (default `true`).
    public init(minimumVersion: TLSProtocolVersion = .v1_2, requiresForwardSecrecy: Bool = true) {
        self.minimumVersion = minimumVersion
        self.requiresForwardSecrecy = requiresForwardSecrecy
    }

    /// `tls>=1.2 forward-secrecy=required`.
    public var description: String {
        "tls>=\(minimumVersion.rawValue) forward-secrecy=\(requiresForwardSecrecy ? "required" : "not-required")"
    }
}

/// The TLS requirements of one host and where they come from.
public struct HostTLSRequirements: Hashable, Sendable, CustomStringConvertible {
    /// What applies.
    public var requirements: TLSRequirements
    /// The canonical domain of the `tlsExceptions` entry that set them, or `nil` when the
    /// policy's own `minimumTLSVersion` and `requiresForwardSecrecy` apply.
    public var exceptionDomain: String?

    /// `tls>=1.2 forward-secrecy=required tls-source=policy` (or
    /// `tls-source=exception:example.com`).
    public var description: String {
        "\(requirements) tls-source=\(exceptionDomain.map { "exception:\($0)" } ?? "policy")"
    }
}

/// One `transport.tlsExceptions` entry compiled: a host matcher and what it sets.
struct TLSExceptionRule: Sendable {
    let matcher: HostMatcher
    let requirements: TLSRequirements

    /// Compiles the policy's TLS exceptions: every domain canonicalized, none listed twice.
    /// - Parameter transport: the transport rules.
    /// - Returns: the rules in policy order.
    /// - Throws: ``SanitizeError`` `policy-invalid` with the pointer of the bad domain.
    static func compile(_ transport: TransportPolicy) throws(SanitizeError) -> [TLSExceptionRule] {
        var rules: [TLSExceptionRule] = []
        for (index, exception) in transport.tlsExceptions.enumerated() {
            let pointer = JSONPointer(tokens: ["transport", "tlsExceptions", "\(index)", "domain"]).description
            let matcher: HostMatcher
            do {
                matcher = try HostMatcher(domain: exception.domain, includesSubdomains: exception.includesSubdomains)
            } catch {
                throw SanitizeError(.policyInvalid, "invalid guard policy: \(error.reason)", at: .init(pointer: pointer))
            }
            if let earlier = rules.firstIndex(where: { $0.matcher.host == matcher.host }) {
                throw SanitizeError(
                    .policyInvalid,
                    "invalid guard policy: \"\(exception.domain)\" is already listed at /transport/tlsExceptions/\(earlier)",
                    at: .init(pointer: pointer))
            }
            rules.append(
                TLSExceptionRule(
                    matcher: matcher,
                    requirements: TLSRequirements(
                        minimumVersion: exception.minimumTLSVersion ?? transport.minimumTLSVersion,
                        requiresForwardSecrecy: exception.requiresForwardSecrecy ?? transport.requiresForwardSecrecy)))
        }
        return rules
    }
}

extension RequestGuard {
    /// The TLS requirements that apply to `host`: those of the most specific `tlsExceptions`
    /// entry that matches it (the exact domain before any parent domain, a longer parent
    /// before a shorter one), else the policy's `minimumTLSVersion` and
    /// `requiresForwardSecrecy`.
    ///
    /// The host is canonicalized and matched as the guard matches `httpExceptions`
    /// (``CanonicalHost``: UTS #46, lowercase, no trailing dot; subdomains by whole labels).
    /// - Parameter host: a host as written in a URL (`api.example.com`, `[::1]`, `BÜCHER.de.`).
    /// - Returns: the requirements and the exception that set them, or the denial when the
    ///   text is not a host the guard can read.
    public func tlsRequirements(forHost host: String) -> Result<HostTLSRequirements, GuardDenial> {
        CanonicalHost.parse(Substring(host)).map { tlsRequirements(for: $0) }
    }

    /// ``tlsRequirements(forHost:)`` for a host already canonical.
    /// - Parameter host: the canonical host.
    /// - Returns: the requirements and their source.
    package func tlsRequirements(for host: CanonicalHost) -> HostTLSRequirements {
        var best: TLSExceptionRule?
        for rule in tlsExceptions where rule.matcher.matches(host) {
            if best.map({ rule.matcher.host.text.utf8.count > $0.matcher.host.text.utf8.count }) ?? true {
                best = rule
            }
        }
        guard let best else {
            return HostTLSRequirements(requirements: defaultTLSRequirements, exceptionDomain: nil)
        }
        return HostTLSRequirements(requirements: best.requirements, exceptionDomain: best.matcher.host.text)
    }

    /// The requirements of every host no `tlsExceptions` entry matches.
    package var defaultTLSRequirements: TLSRequirements {
        TLSRequirements(
            minimumVersion: policy.transport.minimumTLSVersion,
            requiresForwardSecrecy: policy.transport.requiresForwardSecrecy)
    }

    /// Every distinct set of requirements the policy can give a host (the policy's own and
    /// each exception's), for adapters that prepare one TLS context per requirement.
    package var allTLSRequirements: Set<TLSRequirements> {
        var all: Set<TLSRequirements> = [defaultTLSRequirements]
        for rule in tlsExceptions { all.insert(rule.requirements) }
        return all
    }

    /// Whether the policy accepts that an adapter cannot enforce the TLS floor or forward
    /// secrecy on its platform (`transport.allowUnenforcedTLSFloor`).
    package var allowsUnenforcedTLSFloor: Bool { policy.transport.allowUnenforcedTLSFloor }
}
