/// The request guard's policy: transport rules, credential scoping and header limits, as
/// read from a JSON file (`Rules/policy/guard-default.json`, schema in
/// `Rules/policy/guard-policy.schema.json`).
///
/// Every key is optional except `version`; a missing key takes the safe default (https only,
/// no loopback or local network, no userinfo, no host trusted with credentials). Unknown keys
/// are rejected when decoding, so a typo cannot silently weaken a policy.
public struct GuardPolicy: Hashable, Sendable {
    /// The only policy format version this library reads.
    package static let currentVersion = 1

    /// The transport rules.
    package var transport: TransportPolicy
    /// Which headers carry credentials, and where they may go.
    package var credentials: CredentialPolicy
    /// Size limits on the request headers.
    package var headers: HeaderLimits
    /// TLS public-key pins per host (compile with ``PinSet/init(_:)``; see `PinSet.swift`).
    package var pins: [PinnedHost] = []

    /// Creates a policy; the defaults are the safe ones.
    /// - Parameters:
    ///   - transport: the transport rules.
    ///   - credentials: the credential scoping.
    ///   - headers: the header limits.
    package init(
        transport: TransportPolicy = TransportPolicy(),
        credentials: CredentialPolicy = CredentialPolicy(),
        headers: HeaderLimits = HeaderLimits()
    ) {
        self.transport = transport
        self.credentials = credentials
        self.headers = headers
    }
}

/// Which transports a request may use: https always, http only by exception.
package struct TransportPolicy: Hashable, Sendable {
    /// A domain that may be reached over plain http.
    package struct HTTPException: Hashable, Sendable {
        /// A domain name (Unicode or ASCII) or an IP address.
        package var domain: String
        /// Whether every subdomain of ``domain`` may use http too.
        package var includesSubdomains: Bool

        /// Creates an exception.
        /// - Parameters:
        ///   - domain: the domain or IP address.
        ///   - includesSubdomains: whether subdomains are covered.
        package init(domain: String, includesSubdomains: Bool = false) {
            self.domain = domain
            self.includesSubdomains = includesSubdomains
        }
    }

    /// What the policy allows for loopback or local-network hosts.
    package enum LocalAccess: String, Hashable, Sendable, CaseIterable {
        /// Never.
        case deny
        /// Over https only.
        case httpsOnly = "https-only"
        /// Over https and plain http.
        case allowHTTP = "allow-http"
    }

    /// Domains that may use plain http.
    package var httpExceptions: [HTTPException]
    /// Access to this machine (`localhost`, `127.0.0.0/8`, `::1`, …).
    package var loopback: LocalAccess
    /// Access to private and link-local networks (RFC 1918, `169.254.0.0/16`, `fc00::/7`, …).
    package var localNetwork: LocalAccess
    /// Whether URLs with `user:password@` may be sent (then only to allowlisted base URLs).
    package var allowUserinfo: Bool
    /// The oldest TLS version any host may use unless a ``tlsExceptions`` entry says otherwise
    /// (App Transport Security's TLS 1.2 by default; `1.3` allowed).
    package var minimumTLSVersion: TLSProtocolVersion = .v1_2
    /// Whether TLS 1.2 connections must use forward-secret (ECDHE) suites (ATS: yes).
    package var requiresForwardSecrecy = true
    /// Per-domain TLS requirements (ATS's `NSExceptionDomains`).
    package var tlsExceptions: [TLSException] = []
    /// Whether an adapter that cannot enforce the TLS requirements on its platform (URLSession
    /// on Linux) may still be created; without it such an adapter refuses the policy.
    package var allowUnenforcedTLSFloor = false

    /// A domain with its own TLS requirements, as ATS's `NSExceptionMinimumTLSVersion`,
    /// `NSExceptionRequiresForwardSecrecy` and `NSIncludesSubdomains` set them.
    package struct TLSException: Hashable, Sendable {
        /// A domain name (Unicode or ASCII) or an IP address.
        package var domain: String
        /// Whether every subdomain of ``domain`` is covered too.
        package var includesSubdomains: Bool
        /// The floor for this domain (`1.0` … `1.3`); `nil` keeps the policy's.
        package var minimumTLSVersion: TLSProtocolVersion?
        /// Forward secrecy for this domain; `nil` keeps the policy's.
        package var requiresForwardSecrecy: Bool?

        /// Creates an exception.
        /// - Parameters:
        ///   - domain: the domain or IP address.
        ///   - includesSubdomains: whether subdomains are covered.
        ///   - minimumTLSVersion: the domain's floor, `nil` for the policy's.
        ///   - requiresForwardSecrecy: the domain's forward secrecy, `nil` for the policy's.
        package init(
            domain: String, includesSubdomains: Bool = false, minimumTLSVersion: TLSProtocolVersion? = nil,
            requiresForwardSecrecy: Bool? = nil
        ) {
            self.domain = domain
            self.includesSubdomains = includesSubdomains
            self.minimumTLSVersion = minimumTLSVersion
            self.requiresForwardSecrecy = requiresForwardSecrecy
        }
    }

    /// Creates transport rules; the defaults allow https to public hosts only.
    /// - Parameters:
    ///   - httpExceptions: domains that may use http.
    ///   - loopback: access to this machine.
    ///   - localNetwork: access to local networks.
    ///   - allowUserinfo: whether userinfo URLs may be sent.
    package init(
        httpExceptions: [HTTPException] = [], loopback: LocalAccess = .deny,
        localNetwork: LocalAccess = .deny, allowUserinfo: Bool = false
    ) {
        self.httpExceptions = httpExceptions
        self.loopback = loopback
        self.localNetwork = localNetwork
        self.allowUserinfo = allowUserinfo
    }
}

/// Which headers carry credentials, and the base URLs they may be sent to.
package struct CredentialPolicy: Hashable, Sendable {
    /// The credential-bearing header names that every policy has (unless it names them in
    /// ``exemptHeaderNames``): HTTP authentication (RFC 9110 §11.6), cookies (RFC 6265), and
    /// the API-key, session and CSRF token headers of common services.
    package static let defaultHeaderNames = [
        "Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key", "X-Auth-Token", "Api-Key",
        "X-Amz-Security-Token", "Private-Token", "X-CSRF-Token",
    ]

    /// Header names, besides ``defaultHeaderNames``, that carry credentials.
    package var additionalHeaderNames: [String]
    /// Base URL patterns (`scheme://host[:port][/path-prefix]`) that may receive credentials.
    package var allowedBaseURLs: [String]
    /// Names from ``defaultHeaderNames`` that this policy does not treat as credentials
    /// (compared without ASCII case).
    package var exemptHeaderNames: [String] = []
    /// Whether the servers behind the allowlisted base URLs decode `%2e` before routing. When
    /// `false` (the default) a path holding `%2e` is ambiguous and gets no credentials; when
    /// `true` it is read as `.` (so `/admin/%2e%2e/v1/x` is `/v1/x`).
    package var serverDecodesDots = false

    /// Creates credential scoping; by default no URL may receive credentials.
    /// - Parameters:
    ///   - additionalHeaderNames: custom credential-bearing header names.
    ///   - allowedBaseURLs: base URL patterns that may receive credentials.
    package init(additionalHeaderNames: [String] = [], allowedBaseURLs: [String] = []) {
        self.additionalHeaderNames = additionalHeaderNames
        self.allowedBaseURLs = allowedBaseURLs
    }

    /// Creates credential scoping with exemptions from the default names.
    /// - Parameters:
    ///   - additionalHeaderNames: custom credential-bearing header names.
    ///   - allowedBaseURLs: base URL patterns that may receive credentials.
    ///   - exemptHeaderNames: default names this policy does not treat as credentials.
    package init(additionalHeaderNames: [String], allowedBaseURLs: [String], exemptHeaderNames: [String]) {
        self.init(additionalHeaderNames: additionalHeaderNames, allowedBaseURLs: allowedBaseURLs)
        self.exemptHeaderNames = exemptHeaderNames
    }

    /// All credential-bearing names: the defaults not exempted, then the additional ones.
    package var headerNames: [String] {
        let exempt = Set(exemptHeaderNames.map { $0.lowercased() })
        return Self.defaultHeaderNames.filter { !exempt.contains($0.lowercased()) } + additionalHeaderNames
    }
}

/// Bounds on the headers of one request.
package struct HeaderLimits: Hashable, Sendable {
    /// The largest value either limit may be set to.
    package static let ceiling = 1 << 20

    /// The most bytes all fields may take together, counted as `name: value\r\n`.
    package var maxTotalBytes: Int
    /// The most header fields a request may carry.
    package var maxCount: Int

    /// Creates limits.
    /// - Parameters:
    ///   - maxTotalBytes: the total size bound (default 16 KiB).
    ///   - maxCount: the field count bound (default 100).
    package init(maxTotalBytes: Int = 16384, maxCount: Int = 100) {
        self.maxTotalBytes = maxTotalBytes
        self.maxCount = maxCount
    }
}
