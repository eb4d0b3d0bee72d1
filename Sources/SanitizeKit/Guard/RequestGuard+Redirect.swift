extension RequestGuard {
    /// Checks a redirect before the client follows it, and returns the headers it may carry.
    ///
    /// The target is checked like a new request (``sanitized(url:method:headers:)``), and the
    /// credential-bearing headers are kept only when the target has the same origin (scheme,
    /// host, port) as the URL that redirected **and** is itself in the credential allowlist.
    /// A redirect to another host therefore always loses its credentials, even when both hosts
    /// are allowlisted: a credential is meant for the origin it was given to.
    /// - Parameters:
    ///   - from: the absolute URL that answered with the redirect.
    ///   - to: the absolute redirect target (resolve a relative `Location` against `from` first).
    ///   - method: the method of the redirected request (default `GET`).
    ///   - headers: the header fields the client would send to the target.
    /// - Returns: the headers to send to the target, or a denial (target URL, transport or
    ///   header rules; a malformed `from`).
    public func checkRedirect(from: String, to: String, method: String = "GET", headers: [HTTPHeaderField])
        -> SanitizedRequest
    {
        let source: GuardURL
        switch GuardURL.parse(from, maxBytes: Limits.maxURLBytes) {
        case .success(let value): source = value
        case .failure(let denial): return .deny(reason: denial)
        }
        var sameOrigin = false
        if case .success(let target) = GuardURL.parse(to, maxBytes: Limits.maxURLBytes) {
            sameOrigin = target.scheme == source.scheme && target.host == source.host && target.port == source.port
        }
        if sameOrigin {
            return sanitized(url: to, method: method, headers: headers)
        }
        var kept: [HTTPHeaderField] = []
        var removed: [String] = []
        for field in headers {
            if isCredentialHeader(field.name) { removed.append(field.name) } else { kept.append(field) }
        }
        switch sanitized(url: to, method: method, headers: kept) {
        case .allow(let headers, _): return .allow(headers: headers, removed: removed)
        case .deny(let reason): return .deny(reason: reason)
        }
    }

    /// ``checkRedirect(from:to:method:headers:)`` with headers as `(name, value)` pairs.
    /// - Parameters:
    ///   - from: the URL that redirected.
    ///   - to: the absolute redirect target.
    ///   - method: the method of the redirected request.
    ///   - headers: the header fields as `(name, value)` pairs.
    /// - Returns: the headers to send to the target, or a denial.
    @_disfavoredOverload
    package func checkRedirect(from: String, to: String, method: String = "GET", headers: [(String, String)])
        -> SanitizedRequest
    {
        checkRedirect(
            from: from, to: to, method: method, headers: headers.map { HTTPHeaderField(name: $0.0, value: $0.1) })
    }
}
