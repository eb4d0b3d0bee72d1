public import HTTPTypes

extension RequestGuard {
    /// Says whether an `HTTPRequest` (apple/swift-http-types) may be sent as it is.
    ///
    /// The URL checked is `scheme://authority path` of the request's pseudo-header fields
    /// (RFC 9113 §8.3.1); a request without a scheme or authority is denied as
    /// `url-malformed`, since the guard cannot tell where it would go.
    /// - Parameter request: the request, its header fields included.
    /// - Returns: ``GuardDecision/allow`` or a denial with the first rule broken.
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
    /// ``sanitized(url:method:headers:)``).
    /// - Parameter request: the request.
    /// - Returns: the request to send and the names of the removed fields, or a denial.
    public func sanitized(_ request: HTTPRequest) -> Result<(request: HTTPRequest, removed: [String]), GuardDenial> {
        guard let url = Self.absoluteURL(of: request) else { return .failure(Self.noTarget) }
        switch sanitized(url: url, method: request.method.rawValue, headers: Self.fields(request.headerFields)) {
        case .deny(let reason): return .failure(reason)
        case .allow(_, let removed):
            var copy = request
            for name in removed {
                if let fieldName = HTTPField.Name(name) { copy.headerFields[fieldName] = nil }
            }
            return .success((copy, removed))
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
