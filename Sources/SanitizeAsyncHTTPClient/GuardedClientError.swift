public import SanitizeKit

/// Why a ``GuardedHTTPClient`` sent nothing, or stopped: a stable code and a sentence.
///
/// The client throws it (as AsyncHTTPClient throws its own errors) so that a call site reads
/// like any other HTTP call; ``code`` tells scripts and tests which rule stopped the request.
public struct GuardedClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable identifier: a ``GuardDenial/Code`` of the guard, or one of the client's own.
    public var code: GuardDenial.Code
    /// What happened, for people; never contains header values or body bytes.
    public var text: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: the stable identifier.
    ///   - text: the human explanation.
    public init(_ code: GuardDenial.Code, _ text: String) {
        self.code = code
        self.text = text
    }

    /// An error from a guard denial.
    /// - Parameter denial: what the guard said.
    public init(_ denial: GuardDenial) { self.init(denial.code, denial.text) }

    /// `code: text`.
    public var description: String { "\(code): \(text)" }
}

extension GuardDenial.Code {
    /// More redirects than ``GuardedHTTPClient/Configuration/maxRedirects``.
    public static let tooManyRedirects = Self(rawValue: "too-many-redirects")
    /// A redirect without a usable `Location`.
    public static let redirectInvalid = Self(rawValue: "redirect-invalid")
    /// The response body is longer than ``GuardedHTTPClient/Configuration/maxResponseBytes``.
    public static let responseTooLarge = Self(rawValue: "response-too-large")
    /// A pinned host asked for over plain http, where no key can be checked.
    public static let pinnedHostInsecure = Self(rawValue: "pinned-host-insecure")
    /// The connection or TLS handshake failed (ordinary trust refused the chain, the peer
    /// closed, the host could not be reached).
    public static let transportFailed = Self(rawValue: "transport-failed")
    /// The server offered only a TLS version below the policy's floor for the host
    /// (`minimumTLSVersion`, or the host's `tlsExceptions` entry).
    public static let tlsVersionRefused = Self(rawValue: "tls-version-refused")
    /// The server offered no cipher suite the policy allows for the host (no forward-secret
    /// ECDHE suite when `requiresForwardSecrecy` holds).
    public static let tlsCipherRefused = Self(rawValue: "tls-cipher-refused")
}
