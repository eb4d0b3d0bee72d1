extension RequestGuard {
    /// Decides whether to answer a `401` or `407` challenge, and builds the answer.
    ///
    /// In order: a 401 is judged for `origin` (the URL that answered, after redirects), a 407
    /// only for the `proxy` the caller configured, answered with `Proxy-Authorization` and never
    /// by copying `Authorization`; the origin must be one the policy trusts with that credential
    /// header (``check(url:method:headers:)``: allowlist, transport, loopback…); the first
    /// challenge whose scheme the rules allow is taken (a Basic challenge without a realm, which
    /// RFC 7617 §2 requires, is passed over; when only such are left, none is answered); Basic
    /// is never answered over plain http (Bearer only when the rules allow it), a realm must be
    /// one the rules name when they name any, Basic's `charset` must be UTF-8; a scheme and
    /// realm already answered is not answered again; the provider's credentials must fit the
    /// scheme.
    /// - Parameters:
    ///   - status: the response status (401 or 407).
    ///   - challenges: the parsed `WWW-Authenticate` (401) or `Proxy-Authenticate` (407) challenges.
    ///   - origin: the absolute URL that was requested.
    ///   - proxy: the proxy URL the caller configured, for a 407.
    ///   - rules: schemes, realms and http rules.
    ///   - answered: `scheme realm` keys (``answerKey(for:)``) answered before for this request.
    ///   - credentials: the caller's provider: (origin or proxy URL, realm, scheme) to credentials.
    /// - Returns: the field and value to send, or the reason not to.
    public func decide(
        status: Int, challenges: [AuthChallenge], origin: String, proxy: String? = nil,
        rules: ChallengeRules = ChallengeRules(), answered: Set<String> = [],
        credentials: (String, String?, ChallengeRules.Scheme) -> ChallengeCredentials?
    ) -> ChallengeDecision {
        let field: String
        let target: String
        switch status {
        case 401:
            field = "Authorization"
            target = origin
        case 407:
            guard let proxy else {
                return .refuse(GuardDenial(.challengeNotApplicable, "a 407 without a configured proxy is not answered"))
            }
            field = "Proxy-Authorization"
            target = proxy
        default:
            return .refuse(GuardDenial(.challengeNotApplicable, "status \(status) is not a challenge (401 or 407)"))
        }
        // The origin must be one the credential header may go to (a placeholder value: the
        // guard never reads credential values).
        if case .deny(let reason) = check(url: target, headers: [HTTPHeaderField(name: field, value: "x")]) {
            return .refuse(reason)
        }
        let allowed = challenges.compactMap { challenge in
            ChallengeRules.Scheme(rawValue: challenge.schemeKey).flatMap {
                rules.schemes.contains($0) ? (challenge, $0) : nil
            }
        }
        guard !allowed.isEmpty else {
            let offered = challenges.map(\.scheme).joined(separator: ", ")
            return .refuse(GuardDenial(.challengeSchemeNotAllowed, "no allowed scheme among: \(offered)"))
        }
        // A challenge its scheme's RFC calls malformed is passed over, as a client ignores it.
        guard let (challenge, scheme) = allowed.first(where: { Self.isWellFormed($0.0, scheme: $0.1) }) else {
            return .refuse(
                GuardDenial(.challengeRealmMissing, "a Basic challenge without a realm is not answered (RFC 7617 §2)"))
        }
        let isHTTP = target.prefix(5).lowercased() == "http:"
        if isHTTP && (scheme == .basic || !rules.allowBearerOverHTTP) {
            return .refuse(GuardDenial(.challengeInsecure, "\(challenge.scheme) is not answered over plain http"))
        }
        if !rules.realms.isEmpty && !rules.realms.contains(challenge.realm ?? "") {
            return .refuse(GuardDenial(.challengeRealmNotAllowed, "the realm is not one the rules name"))
        }
        if scheme == .basic, let charset = challenge.charset, charset.lowercased() != "utf-8" {
            return .refuse(GuardDenial(.challengeCharset, "Basic charset must be UTF-8 (RFC 7617 §2.1)"))
        }
        if answered.contains(Self.answerKey(for: challenge)) {
            return .refuse(
                GuardDenial(.challengeRepeated, "\(challenge.scheme) for this realm was answered already; not again"))
        }
        switch (scheme, credentials(target, challenge.realm, scheme)) {
        case (.basic, .basic(let basic)?):
            return .answer(field: field, value: basic.headerValue, challenge: challenge)
        case (.bearer, .bearer(let token)?) where Self.isB64Token(token):
            return .answer(field: field, value: "Bearer \(token)", challenge: challenge)
        default:
            return .refuse(
                GuardDenial(.challengeNoCredentials, "no fitting credentials for \(challenge.scheme) at this origin"))
        }
    }

    /// The key that marks a challenge as answered: the lowercased scheme and the realm.
    /// - Parameter challenge: the challenge answered.
    /// - Returns: `scheme realm`.
    public static func answerKey(for challenge: AuthChallenge) -> String {
        "\(challenge.schemeKey) \(challenge.realm ?? "")"
    }

    /// Whether `challenge` is one its scheme allows: Basic needs a `realm` parameter
    /// (RFC 7617 §2), so a bare `Basic` or a token68 form (`Basic abc==`, `Basic realm=`)
    /// is not; RFC 6750 makes Bearer's realm optional.
    static func isWellFormed(_ challenge: AuthChallenge, scheme: ChallengeRules.Scheme) -> Bool {
        switch scheme {
        case .basic: challenge.token68 == nil && challenge.realm != nil
        case .bearer: true
        }
    }

    /// RFC 6750 §2.1 b64token: `1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="`.
    static func isB64Token(_ token: String) -> Bool {
        let bytes = Array(token.utf8)
        var index = 0
        while index < bytes.count, AuthChallengeParser.isToken68Byte(bytes[index]) { index += 1 }
        guard index > 0 else { return false }
        while index < bytes.count, bytes[index] == UInt8(ascii: "=") { index += 1 }
        return index == bytes.count && bytes.count <= 8192
    }
}
