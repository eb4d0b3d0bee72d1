public import SanitizeKit

#if canImport(FoundationNetworking)
    import Foundation
    package import FoundationNetworking
#else
    package import Foundation
#endif
#if canImport(Darwin)
    import Security
#endif

extension GuardDenial.Code {
    /// The session cannot enforce the policy's TLS requirements on this platform and the
    /// policy does not set `transport.allowUnenforcedTLSFloor`.
    public static let tlsFloorUnenforced = Self(rawValue: "tls-floor-unenforced")
}

/// What a `URLSession` can enforce of the guard policy's TLS requirements on this platform,
/// and the session setting that does it.
///
/// - Apple platforms: `tlsMinimumSupportedProtocolVersion` is set per session, so one floor
///   serves every host: the lowest the policy gives any host. When `tlsExceptions` lower it
///   for some domains, the other hosts are not held to their own floor: unenforced. Forward
///   secrecy is App Transport Security's own rule (on unless the app's Info.plist turns it
///   off); URLSession has no per-session cipher setting, and the adapter does not read the
///   Info.plist.
/// - Linux: FoundationNetworking (libcurl) has no `tlsMinimumSupportedProtocolVersion` and
///   no cipher setting, and sets neither on libcurl; the floor is whatever the system's
///   OpenSSL configuration allows: unenforced. Debian 12 (libcurl 7.88, OpenSSL 3.0) accepts
///   TLS 1.0 and 1.1 with a static-RSA suite such as `AES128-SHA` (its security level 1 only
///   refuses the SHA-1 signatures other TLS 1.0 suites need) and TLS 1.2 with
///   `AES128-GCM-SHA256` (TLSFloorHandshakeTests, on loopback).
package enum URLSessionTLSFloor {
    /// Whether this platform's URLSession lets the adapter set the TLS floor.
    #if canImport(Darwin)
        package static let canSetFloor = true
    #else
        package static let canSetFloor = false
    #endif

    /// Why the policy's TLS requirements are not enforced by a URLSession here; empty when
    /// they all are.
    /// - Parameters:
    ///   - all: every distinct requirement the policy gives a host.
    ///   - canSetFloor: whether the platform's URLSession takes a floor.
    /// - Returns: one sentence per requirement the session cannot hold.
    package static func unenforced(_ all: Set<TLSRequirements>, canSetFloor: Bool) -> [String] {
        let floors = Set(all.map(\.minimumVersion))
        guard canSetFloor else {
            return [
                "FoundationNetworking on this platform has no TLS version or cipher setting; the floor "
                    + "(\(floors.sorted().map { "TLS \($0.rawValue)" }.joined(separator: ", "))) and forward "
                    + "secrecy are the system TLS library's defaults"
            ]
        }
        guard let lowest = floors.min(), floors.count > 1 else { return [] }
        return [
            "URLSession takes one TLS floor per session: tlsExceptions lower it to TLS \(lowest.rawValue) for every host"
        ]
    }

    /// Refuses a policy whose TLS requirements this platform's URLSession cannot enforce,
    /// unless the policy allows it (`transport.allowUnenforcedTLSFloor`).
    /// - Parameter requestGuard: the guard.
    /// - Throws: ``GuardDenial`` `tls-floor-unenforced` saying what is not enforced.
    package static func check(_ requestGuard: RequestGuard) throws(GuardDenial) {
        let reasons = unenforced(requestGuard.allTLSRequirements, canSetFloor: canSetFloor)
        guard !reasons.isEmpty, !requestGuard.allowsUnenforcedTLSFloor else { return }
        throw GuardDenial(
            .tlsFloorUnenforced,
            reasons.joined(separator: "; ")
                + "; set transport.allowUnenforcedTLSFloor to use this session anyway, or use SanitizeAsyncHTTPClient")
    }

    /// Sets the session's floor (Apple platforms): the lowest the policy gives any host.
    /// - Parameters:
    ///   - configuration: the session configuration.
    ///   - requestGuard: the guard.
    package static func apply(to configuration: URLSessionConfiguration, for requestGuard: RequestGuard) {
        #if canImport(Darwin)
            let lowest = requestGuard.allTLSRequirements.map(\.minimumVersion).min() ?? .v1_2
            configuration.tlsMinimumSupportedProtocolVersion =
                switch lowest {
                case .v1_0: .TLSv10
                case .v1_1: .TLSv11
                case .v1_2: .TLSv12
                case .v1_3: .TLSv13
                }
        #endif
    }
}
