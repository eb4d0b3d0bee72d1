package import Foundation

/// One public-key pin: the SHA-256 digest of a certificate's DER-encoded
/// SubjectPublicKeyInfo (RFC 7469 §2.4), written `sha256/BASE64` as OkHttp and TrustKit do.
public struct SPKIPin: Hashable, Sendable, CustomStringConvertible {
    /// The 32 digest bytes.
    package let digest: [UInt8]

    /// Creates a pin from digest bytes.
    /// - Parameter digest: a SHA-256 digest (32 bytes).
    /// - Returns: `nil` when `digest` is not 32 bytes long.
    package init?(digest: some Collection<UInt8>) {
        guard digest.count == 32 else { return nil }
        self.digest = Array(digest)
    }

    /// Reads `sha256/BASE64` (standard alphabet with padding, 44 characters after the prefix).
    /// - Parameter text: the pin text.
    /// - Returns: `nil` for another prefix, bad base64 or a digest that is not 32 bytes.
    package init?(_ text: String) {
        guard text.hasPrefix("sha256/"), let data = Data(base64Encoded: String(text.dropFirst(7))) else { return nil }
        self.init(digest: data)
    }

    /// `sha256/BASE64`.
    public var description: String { "sha256/" + Data(digest).base64EncodedString() }
}

/// The pins of one host, as the guard policy's `pins` list holds them.
package struct PinnedHost: Hashable, Sendable {
    /// The fewest distinct pins a host may have: one in use and a backup (RFC 7469 §4.3).
    package static let minimumPins = 2

    /// The host name or IP address (Unicode or ASCII; compared in canonical form).
    package var host: String
    /// Whether every subdomain of ``host`` is pinned too.
    package var includesSubdomains: Bool
    /// The accepted keys; a chain passes when any of its certificates has one of them.
    package var pins: [SPKIPin]
    /// After this instant the host is no longer pinned (ordinary trust only, and a warning),
    /// so that a stale app is never locked out for ever; `nil` pins without end.
    package var expires: Date?

    /// Creates a host's pins.
    /// - Parameters:
    ///   - host: the host.
    ///   - includesSubdomains: whether subdomains are covered.
    ///   - pins: at least ``minimumPins`` distinct pins.
    ///   - expires: when pinning ends, if ever.
    package init(host: String, includesSubdomains: Bool = false, pins: [SPKIPin], expires: Date? = nil) {
        self.host = host
        self.includesSubdomains = includesSubdomains
        self.pins = pins
        self.expires = expires
    }
}

/// What the pins say about a certificate chain presented by a host.
package enum PinVerdict: Hashable, Sendable {
    /// The host has no pins: ordinary trust decides alone.
    case unpinned
    /// A certificate of the chain has one of the host's pins.
    case matched(SPKIPin)
    /// The host's pins expired at `expiry`: ordinary trust decides alone, and the caller
    /// should log `warning`.
    case expired(expiry: Date, warning: String)
    /// No certificate of the chain has a pin of the host: the connection must be refused.
    case mismatch(GuardDenial)

    /// Whether the connection may go on (every verdict but ``mismatch(_:)``).
    package var isAccepted: Bool {
        if case .mismatch = self { return false }
        return true
    }
}

/// The compiled `pins` of a guard policy: which hosts are pinned to which public keys.
///
/// Pinning narrows trust, never widens it: call ``verdict(host:chain:at:)`` only for a chain
/// that ordinary trust evaluation (path to a trusted root, validity, host name) accepted.
/// Digests come from the certificates' SubjectPublicKeyInfo; the `SanitizePinning` library
/// computes them with apple/swift-certificates.
package struct PinSet: Sendable {
    /// The hosts and their pins, as given.
    package let hosts: [PinnedHost]
    private let matchers: [HostMatcher]

    /// The empty set: no host pinned.
    package static let empty = PinSet(checked: [], matchers: [])

    /// Compiles pins: canonicalizes every host and checks every entry's pins.
    /// - Parameter hosts: the entries, in policy order (the first entry matching a host wins).
    /// - Throws: ``SanitizeError`` `policy-invalid`, with a JSON Pointer into the policy's
    ///   `pins`, for an unusable host or fewer than ``PinnedHost/minimumPins`` distinct pins.
    package init(_ hosts: [PinnedHost]) throws(SanitizeError) {
        var matchers: [HostMatcher] = []
        for (index, entry) in hosts.enumerated() {
            do {
                matchers.append(try HostMatcher(domain: entry.host, includesSubdomains: entry.includesSubdomains))
            } catch {
                throw SanitizeError(
                    .policyInvalid, "invalid guard policy: pinned host: \(error.reason)",
                    at: .init(pointer: JSONPointer(tokens: ["pins", "\(index)", "host"]).description))
            }
            if Set(entry.pins).count < PinnedHost.minimumPins {
                throw SanitizeError(
                    .policyInvalid,
                    "invalid guard policy: \(entry.host) needs at least \(PinnedHost.minimumPins) distinct pins "
                        + "(a backup key, RFC 7469 §4.3)",
                    at: .init(pointer: JSONPointer(tokens: ["pins", "\(index)", "sha256"]).description))
            }
        }
        self.init(checked: hosts, matchers: matchers)
    }

    private init(checked hosts: [PinnedHost], matchers: [HostMatcher]) {
        self.hosts = hosts
        self.matchers = matchers
    }

    /// The entry that pins `host`, if any (first match in policy order).
    /// - Parameter host: a host name or IP address as a URL holds it.
    /// - Returns: the entry, or `nil` when the host is not pinned or not a valid host.
    package func entry(for host: String) -> PinnedHost? {
        guard !matchers.isEmpty, case .success(let canonical) = CanonicalHost.parse(Substring(host)) else {
            return nil
        }
        return matchers.firstIndex { $0.matches(canonical) }.map { hosts[$0] }
    }

    /// Judges a chain that ordinary trust evaluation has already accepted.
    /// - Parameters:
    ///   - host: the host the client connected to (the URL's host, not a header).
    ///   - chain: the SHA-256 digests of the SubjectPublicKeyInfo of each certificate of the
    ///     chain, leaf first.
    ///   - date: the current time (default: now), compared with the entry's expiry.
    /// - Returns: unpinned, matched, expired (with a warning to log) or mismatch.
    package func verdict(host: String, chain: [SPKIPin], at date: Date = Date()) -> PinVerdict {
        guard let entry = entry(for: host) else { return .unpinned }
        if let expiry = entry.expires, date >= expiry {
            return .expired(
                expiry: expiry,
                warning: "pins for \(entry.host) expired at \(Self.format(expiry)); "
                    + "the host is checked by ordinary trust only until the pins are renewed")
        }
        if let hit = chain.first(where: { entry.pins.contains($0) }) { return .matched(hit) }
        return .mismatch(
            GuardDenial(
                .pinMismatch,
                "no certificate presented by \(host) has a pinned public key (\(chain.count) certificates checked)"))
    }

    private static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
