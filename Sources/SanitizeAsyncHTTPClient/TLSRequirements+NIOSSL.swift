import NIOSSL
import SanitizeKit

/// The guard policy's TLS requirements (floor and forward secrecy, App Transport Security's
/// rules) as NIOSSL client configuration, and the handshake failures they cause read back as
/// the requirement the server did not meet.
enum TLSRequirementConfiguration {
    /// NIOSSL's default suites without the non-ECDHE ones: every suite left is forward secret
    /// (BoringSSL has no finite-field DHE; TLS 1.3 suites are not configured here and are all
    /// forward secret). CBC-SHA ECDHE suites stay, so a TLS 1.0/1.1 exception can still connect.
    static let forwardSecretCipherSuites = "ECDH+AESGCM:ECDH+CHACHA20:ECDH+AES256:ECDH+AES128:!aNULL:!eNULL:!MD5"

    /// Sets the floor and, when forward secrecy is required, the ECDHE-only suites.
    /// - Parameters:
    ///   - requirements: what the policy requires for a host.
    ///   - configuration: the client configuration to restrict.
    static func apply(_ requirements: TLSRequirements, to configuration: inout TLSConfiguration) {
        configuration.minimumTLSVersion = nioVersion(requirements.minimumVersion)
        if requirements.requiresForwardSecrecy { configuration.cipherSuites = forwardSecretCipherSuites }
    }

    /// NIOSSL's name for a policy version.
    static func nioVersion(_ version: TLSProtocolVersion) -> NIOSSL.TLSVersion {
        switch version {
        case .v1_0: .tlsv1
        case .v1_1: .tlsv11
        case .v1_2: .tlsv12
        case .v1_3: .tlsv13
        }
    }

    /// Reads a failed handshake as the policy requirement the server did not meet, or `nil`
    /// when the failure is about something else (trust, the network, a server that refuses
    /// every offer).
    ///
    /// BoringSSL reports a server that chose a version below the floor as
    /// `UNSUPPORTED_PROTOCOL` (or the server's `protocol_version` alert), and a server without
    /// any suite the client offered as its `handshake_failure` alert or `NO_SHARED_CIPHER`.
    /// What the server does offer comes from `finding` (``TLSOfferProbe``): the version it
    /// completes the widest handshake at. Below the floor, the refusal is the version's; at or
    /// above it, only the suites differ from the probe's offer, so the refusal is forward
    /// secrecy's; when the server refuses even the probe, the failure is not the policy's. With
    /// no finding (behind a proxy, the probe unanswered) the error's reason code decides alone.
    /// - Parameters:
    ///   - error: the error AsyncHTTPClient or NIOSSL threw.
    ///   - host: the canonical host.
    ///   - requirements: what the policy required of it.
    ///   - finding: what the probe learned, if it ran.
    /// - Returns: the client error naming host, requirement and what the server offered.
    static func policyFailure(
        _ error: any Error, host: String, requirements: HostTLSRequirements, finding: TLSOfferProbe.Finding = .unknown
    ) -> GuardedClientError? {
        let text = String(describing: error)
        guard mayBeRequirementFailure(error) else { return nil }
        let versionFailure = isVersionFailure(text)
        let source = requirements.exceptionDomain.map { "the tlsExceptions entry for \($0)" } ?? "the policy"
        let floor = requirements.requirements.minimumVersion
        let forwardSecrecy = requirements.requirements.requiresForwardSecrecy
        let wanted = forwardSecrecy ? "a forward-secret (ECDHE) cipher suite or TLS 1.3" : "a cipher suite the client supports"
        func versionRefused(_ offered: String) -> GuardedClientError {
            GuardedClientError(
                .tlsVersionRefused, "\(host): \(source) requires TLS \(floor.rawValue) or later; \(offered) (\(reason(in: text)))")
        }
        func suitesRefused(_ offered: String) -> GuardedClientError {
            GuardedClientError(
                .tlsCipherRefused,
                "\(host): \(source) requires TLS \(floor.rawValue) or later with \(wanted); \(offered) (\(reason(in: text)))")
        }
        switch finding {
        case .negotiated(let version) where version < floor:
            return versionRefused("the server offers TLS \(version.rawValue) at most")
        case .negotiated(let version):
            guard forwardSecrecy, version < .v1_3 else { return nil }  // the probe's offer differs only in its suites
            return suitesRefused("the server offers TLS \(version.rawValue) only with suites that are not forward secret")
        case .refusedEveryOffer:
            return nil
        case .unknown:
            return versionFailure
                ? versionRefused("the server offered only an older version")
                : suitesRefused("the server offered none")
        }
    }

    /// Whether a failed request's error is a handshake failure that the TLS requirements may
    /// explain (a version or suite mismatch), so that asking the server what it offers is worth
    /// a connection.
    static func mayBeRequirementFailure(_ error: any Error) -> Bool {
        let text = String(describing: error)
        return isVersionFailure(text) || text.contains("NO_SHARED_CIPHER") || text.contains("HANDSHAKE_FAILURE")
    }

    private static func isVersionFailure(_ text: String) -> Bool {
        text.contains("UNSUPPORTED_PROTOCOL") || text.contains("PROTOCOL_VERSION")
    }

    /// The BoringSSL reason code in an error's text (`UNSUPPORTED_PROTOCOL`), or `handshake failed`.
    private static func reason(in text: String) -> String {
        for code in [
            "UNSUPPORTED_PROTOCOL", "TLSV1_ALERT_PROTOCOL_VERSION", "NO_SHARED_CIPHER", "SSLV3_ALERT_HANDSHAKE_FAILURE",
        ] where text.contains(code) {
            return "handshake: \(code)"
        }
        return "handshake failed"
    }
}
