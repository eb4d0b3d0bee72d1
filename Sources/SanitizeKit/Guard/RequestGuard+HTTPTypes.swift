public import HTTPTypes

extension RequestGuard {
    /// Says whether an `HTTPRequest` (apple/swift-http-types) may be sent as it is.
    ///
    /// The URL checked is `scheme://authority path` of the request's pseudo-header fields
    /// (RFC 9113 §8.3.1); a request without a scheme or authority is denied as
    /// `url-malformed`, since the guard cannot tell where it would go.
    /// - Parameter request: the request, its header fields included.
    /// - Returns: ``GuardDecision/allow(canonicalURL:)`` or a denial with the first rule broken;
    ///   ``canonical(_:)`` gives the request to send.
    public func check(_ request: HTTPRequest) -> GuardDecision {
        guard let url = Self.absoluteURL(of: request) else { return .deny(reason: Self.noTarget) }
        return check(url: url, method: request.method.rawValue, headers: request.headerFields)
    }

    /// Checks header fields held as `HTTPFields` (the guard's native header type).
    /// - Parameters:
    ///   - url: the absolute URL the client will request.
    ///   - method: the request method (default `GET`).
    ///   - headers: the header fields, in order.
    /// - Returns: allow, or deny with the reason.
    package func check(url: String, method: String = "GET", headers: HTTPFields) -> GuardDecision {
        check(url: url, method: method, headers: Self.fields(headers))
    }

    /// Checks an `HTTPRequest` and returns it with the header fields it may carry: credential
    /// fields are removed when the target is not in the credential allowlist (see
    /// ``sanitized(url:method:headers:)``). The request returned is ``canonical(_:)``: its
    /// authority is the host the guard judged.
    /// - Parameter request: the request.
    /// - Returns: the request to send and the names of the removed fields, or a denial.
    public func sanitized(_ request: HTTPRequest) -> Result<(request: HTTPRequest, removed: [String]), GuardDenial> {
        guard let url = Self.absoluteURL(of: request) else { return .failure(Self.noTarget) }
        switch sanitized(url: url, method: request.method.rawValue, headers: Self.fields(request.headerFields)) {
        case .deny(let reason): return .failure(reason)
        case .allow(_, let removed):
            var copy: HTTPRequest
            switch canonical(request) {
            case .success(let value): copy = value
            case .failure(let denial): return .failure(denial)
            }
            for name in removed {
                if let fieldName = HTTPField.Name(name) { copy.headerFields[fieldName] = nil }
            }
            return .success((copy, removed))
        }
    }

    /// The request as the guard reads it, to be sent instead of the original: the scheme in
    /// lowercase, the authority `[userinfo@]host[:port]` with the guard's canonical host
    /// (IDNs as `xn--` A-labels after UTS #46 mapping, IP addresses in canonical text) and the
    /// port left out when it is the default, and a `Host` field, if the request has one, set
    /// to that authority without userinfo. Method, path and the other fields are unchanged.
    ///
    /// A client that maps the original host with other Unicode data (`straẞe.example` is
    /// `strasse.example` under UTS #46 15.0 and `xn--strae-oqa.example` since 15.1) would
    /// otherwise reach another host than the one the verdict was about.
    /// - Parameter request: a request with scheme and authority.
    /// - Returns: the canonical request, or the denial its URL gets before any policy rule.
    public func canonical(_ request: HTTPRequest) -> Result<HTTPRequest, GuardDenial> {
        guard let url = Self.absoluteURL(of: request) else { return .failure(Self.noTarget) }
        switch GuardURL.parse(url, maxBytes: Limits.maxURLBytes) {
        case .failure(let denial): return .failure(denial)
        case .success(let target):
            var copy = request
            copy.scheme = target.scheme.rawValue
            copy.authority = target.canonicalAuthority
            // swift-http-types marks `.host` unavailable (HTTP/2 has :authority); a request
            // built by hand may still carry the field, and HTTP/1 clients send it as written.
            if let host = HTTPField.Name("Host"), copy.headerFields[host] != nil {
                copy.headerFields[host] = target.authorityText
            }
            return .success(copy)
        }
    }

    /// Checks a redirect of `request` to `location` and returns the request to send there:
    /// the target's scheme, authority and path, the credential fields dropped unless the
    /// target keeps the same origin and is allowlisted (``checkRedirect(from:to:method:headers:)``).
    /// - Parameters:
    ///   - request: the request that was answered with a redirect.
    ///   - location: the absolute redirect target (resolve a relative `Location` first).
    ///   - method: the method of the redirected request (default: the request's; pass `.get`
    ///     for a 303, or for a 301/302 after POST as RFC 9110 §15.4 allows).
    /// - Returns: the redirected request and the removed field names, or a denial.
    package func redirect(
        _ request: HTTPRequest, to location: String, method: HTTPRequest.Method? = nil
    ) -> Result<(request: HTTPRequest, removed: [String]), GuardDenial> {
        guard let from = Self.absoluteURL(of: request) else { return .failure(Self.noTarget) }
        let newMethod = method ?? request.method
        let decision = checkRedirect(
            from: from, to: location, method: newMethod.rawValue, headers: Self.fields(request.headerFields))
        switch decision {
        case .deny(let reason): return .failure(reason)
        case .allow(_, let removed):
            guard let target = Self.split(location) else { return .failure(Self.noTarget) }
            var copy = HTTPRequest(
                method: newMethod, scheme: target.scheme, authority: target.authority, path: target.path,
                headerFields: request.headerFields)
            switch canonical(copy) {
            case .success(let value): copy = value
            case .failure(let denial): return .failure(denial)
            }
            for name in removed {
                if let fieldName = HTTPField.Name(name) { copy.headerFields[fieldName] = nil }
            }
            return .success((copy, removed))
        }
    }

    /// The guard's field list for `HTTPFields`, in order (names as spelled).
    static func fields(_ headers: HTTPFields) -> [HTTPHeaderField] {
        headers.map { HTTPHeaderField(name: $0.name.rawName, value: $0.value) }
    }

    /// `scheme://authority path` of a request, or `nil` without scheme or authority.
    static func absoluteURL(of request: HTTPRequest) -> String? {
        guard let scheme = request.scheme, let authority = request.authority else { return nil }
        return "\(scheme)://\(authority)\(request.path ?? "/")"
    }

    /// Splits an absolute URL the guard accepted into scheme, authority and path (with query).
    static func split(_ url: String) -> (scheme: String, authority: String, path: String)? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = String(url[..<colon]).lowercased()
        let rest = url[url.index(after: colon)...]
        guard rest.hasPrefix("//") else { return nil }
        let afterSlashes = rest.dropFirst(2)
        let end = afterSlashes.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterSlashes.endIndex
        var path = String(afterSlashes[end...])
        if let hash = path.firstIndex(of: "#") { path = String(path[..<hash]) }
        if path.isEmpty || path.hasPrefix("?") { path = "/" + path }
        return (scheme, String(afterSlashes[..<end]), path)
    }

    static let noTarget = GuardDenial(.urlMalformed, "request has no scheme or authority: the target is unknown")
}

extension RequestGuard {
    /// ``check(url:method:headers:)`` for the guard's native header type.
    /// - Parameters:
    ///   - url: the absolute URL.
    ///   - method: the request method.
    ///   - headers: the header fields.
    /// - Returns: the headers to send, or a denial.
    package func sanitized(url: String, method: String = "GET", headers: HTTPFields) -> SanitizedRequest {
        sanitized(url: url, method: method, headers: Self.fields(headers))
    }
}
