/// What a client may answer: which schemes, which realms, and whether plain http is ever
/// acceptable. The origin itself is judged by the guard's policy (credential allowlist,
/// transport), so an app never answers a challenge from a host it would not send credentials to.
public struct ChallengeRules: Hashable, Sendable {
    /// The schemes this library can answer.
    public enum Scheme: String, Hashable, Sendable, CaseIterable {
        /// RFC 7617 Basic, built by ``BasicCredentials``; never over plain http.
        case basic
        /// RFC 6750 Bearer, with a token the caller supplies.
        case bearer
    }

    /// The schemes that may be answered (Digest is never answered: it is MD5-based and this
    /// library builds no Digest response).
    package var schemes: Set<Scheme>
    /// The realms that may be answered; empty means any realm.
    package var realms: [String]
    /// Whether a Bearer challenge from a plain-http origin the policy allows may be answered.
    package var allowBearerOverHTTP: Bool

    /// Creates rules; by default Basic and Bearer, any realm, https only.
    /// - Parameters:
    ///   - schemes: the schemes that may be answered.
    ///   - realms: the realms that may be answered (empty: any).
    ///   - allowBearerOverHTTP: whether Bearer may be answered over http.
    public init(schemes: Set<Scheme> = [.basic, .bearer], realms: [String] = [], allowBearerOverHTTP: Bool = false) {
        self.schemes = schemes
        self.realms = realms
        self.allowBearerOverHTTP = allowBearerOverHTTP
    }
}

/// Credentials the caller's provider hands back for one origin, realm and scheme.
public enum ChallengeCredentials: Sendable {
    /// User id and password for Basic.
    case basic(BasicCredentials)
    /// A token for Bearer (RFC 6750 §2.1: `b64token` characters).
    case bearer(String)
}

/// The decision on a 401 or 407 response.
public enum ChallengeDecision: Hashable, Sendable, CustomStringConvertible {
    /// Send the request again with `field: value` (`Authorization` for 401,
    /// `Proxy-Authorization` for 407), answering `challenge`.
    case answer(field: String, value: String, challenge: AuthChallenge)
    /// Do not answer.
    case refuse(GuardDenial)

    /// `answer: Scheme realm="…"` (never the credential) or `refuse: code: text`.
    public var description: String {
        switch self {
        case .answer(_, _, let challenge):
            "answer: \(challenge.scheme)" + (challenge.realm.map { " realm=\(AuthChallenge.quote($0))" } ?? "")
        case .refuse(let denial): "refuse: \(denial)"
        }
    }
}
