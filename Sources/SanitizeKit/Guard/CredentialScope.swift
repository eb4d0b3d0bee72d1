/// One compiled entry of the credential allowlist: a base URL pattern that matches a
/// request URL when the scheme, canonical host and effective port are equal and the
/// request's normalized path starts with the pattern's path on a segment boundary.
///
/// `https://api.example.com/v1` matches `https://API.example.com.:443/v1/users` and
/// `https://api.example.com/v1/x/../y`, but not `https://api.example.com/v10`,
/// `https://api.example.com/v1/../admin`, `http://api.example.com/v1` or
/// `https://api.example.com:8443/v1`. See ``PathNormalization`` for the path rules.
struct CredentialScope: Hashable, Sendable {
    var scheme: GuardURL.Scheme
    var host: CanonicalHost
    var port: Int
    var pathPrefix: [String]
    /// The pattern as written in the policy, for messages.
    var text: String

    /// Compiles a base URL pattern.
    /// - Parameter pattern: `scheme://host[:port][/path]`, no userinfo, query or fragment.
    /// - Returns: the scope, or what is wrong with the pattern.
    static func compile(_ pattern: String) -> Result<CredentialScope, GuardDenial> {
        let url: GuardURL
        switch GuardURL.parse(pattern, maxBytes: RequestGuard.Limits.maxURLBytes) {
        case .success(let value): url = value
        case .failure(let denial): return .failure(denial)
        }
        guard !url.hasUserinfo else {
            return .failure(GuardDenial(.urlMalformed, "a base URL must not contain userinfo"))
        }
        guard !pattern.contains("?"), !pattern.contains("#") else {
            return .failure(GuardDenial(.urlMalformed, "a base URL must not contain a query or fragment"))
        }
        switch url.path {
        case .success(let segments):
            return .success(
                CredentialScope(scheme: url.scheme, host: url.host, port: url.port, pathPrefix: segments, text: pattern)
            )
        case .failure(let denial):
            return .failure(denial)
        }
    }

    /// Whether `url`, whose normalized path is `segments`, falls under this scope.
    func matches(_ url: GuardURL, segments: [String]) -> Bool {
        guard url.scheme == scheme, url.port == port, url.host == host else { return false }
        return PathNormalization.hasPrefix(segments, pathPrefix)
    }
}
