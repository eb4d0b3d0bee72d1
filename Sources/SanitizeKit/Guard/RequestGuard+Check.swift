package import Foundation

extension RequestGuard {
    /// Says whether a request may be sent as it is.
    ///
    /// Rules, in order: the method is a token; the headers are within the policy's count and
    /// size limits, names are tokens and values are clean (``HeaderValueCheck``); the URL is an
    /// unambiguous absolute http(s) URL; the transport is allowed (https, or http by exception;
    /// loopback and local-network hosts only when the policy allows them; no userinfo unless
    /// allowed); a `Host` header, if any, names the URL's authority; and credential-bearing
    /// headers (or userinfo) go only to an allowlisted base URL.
    /// - Parameters:
    ///   - url: the absolute URL the client will request.
    ///   - method: the request method (default `GET`).
    ///   - headers: the header fields, in order.
    /// - Returns: ``GuardDecision/allow(canonicalURL:)`` with the URL to send the request to
    ///   (the host as the guard judged it), or ``GuardDecision/deny(reason:)`` with the first
    ///   rule broken.
    public func check(url: String, method: String = "GET", headers: [HTTPHeaderField] = []) -> GuardDecision {
        let (result, target) = evaluateTarget(url: url, method: method, headers: headers, stripCredentials: false)
        switch result {
        case .allow:
            guard let target else { return .deny(reason: GuardDenial(.urlMalformed, "URL could not be read")) }
            return .allow(canonicalURL: target.canonicalText)
        case .deny(let reason): return .deny(reason: reason)
        }
    }

    /// The URL in the form the guard reads it (see ``GuardDecision/allow(canonicalURL:)``), for
    /// callers of ``sanitized(url:method:headers:)`` or ``checkRedirect(from:to:method:headers:)``,
    /// whose answers carry headers only: send the request to this text, not the original, so
    /// the host it reaches is the one the guard judged.
    /// - Parameter url: an absolute http(s) URL.
    /// - Returns: the canonical URL, or the denial the URL gets before any policy rule
    ///   (`url-malformed`, `url-ambiguous`, `host-invalid`, …).
    public func canonicalURL(of url: String) -> Result<String, GuardDenial> {
        GuardURL.parse(url, maxBytes: Limits.maxURLBytes).map(\.canonicalText)
    }

    /// Says whether a request may be sent as it is; headers given as `(name, value)` pairs.
    /// - Parameters:
    ///   - url: the absolute URL the client will request.
    ///   - method: the request method (default `GET`).
    ///   - headers: the header fields as `(name, value)` pairs.
    /// - Returns: allow, or deny with the reason.
    @_disfavoredOverload
    package func check(url: String, method: String = "GET", headers: [(String, String)]) -> GuardDecision {
        check(url: url, method: method, headers: headers.map { HTTPHeaderField(name: $0.0, value: $0.1) })
    }

    /// Says whether a request to a Foundation `URL` may be sent as it is.
    /// - Parameters:
    ///   - url: the URL (its `absoluteString` is checked).
    ///   - method: the request method (default `GET`).
    ///   - headers: the header fields.
    /// - Returns: allow, or deny with the reason.
    package func check(url: URL, method: String = "GET", headers: [HTTPHeaderField] = []) -> GuardDecision {
        check(url: url.absoluteString, method: method, headers: headers)
    }

    /// Checks a request and returns the headers to send: credential-bearing fields are
    /// removed when the URL is not in the credential allowlist, instead of denying.
    ///
    /// Every other rule still denies (the URL, the transport, header safety, userinfo, which
    /// cannot be removed from a URL by dropping a header).
    /// - Parameters:
    ///   - url: the absolute URL the client will request.
    ///   - method: the request method (default `GET`).
    ///   - headers: the header fields, in order.
    /// - Returns: ``SanitizedRequest/allow(headers:removed:)`` with the fields to send, or a denial.
    public func sanitized(url: String, method: String = "GET", headers: [HTTPHeaderField] = []) -> SanitizedRequest {
        evaluate(url: url, method: method, headers: headers, stripCredentials: true)
    }

    /// ``sanitized(url:method:headers:)`` with headers as `(name, value)` pairs.
    /// - Parameters:
    ///   - url: the absolute URL.
    ///   - method: the request method.
    ///   - headers: the header fields as `(name, value)` pairs.
    /// - Returns: the headers to send, or a denial.
    @_disfavoredOverload
    package func sanitized(url: String, method: String = "GET", headers: [(String, String)]) -> SanitizedRequest {
        sanitized(url: url, method: method, headers: headers.map { HTTPHeaderField(name: $0.0, value: $0.1) })
    }

    /// ``sanitized(url:method:headers:)`` for a Foundation `URL`.
    /// - Parameters:
    ///   - url: the URL (its `absoluteString` is checked).
    ///   - method: the request method.
    ///   - headers: the header fields.
    /// - Returns: the headers to send, or a denial.
    package func sanitized(url: URL, method: String = "GET", headers: [HTTPHeaderField] = []) -> SanitizedRequest {
        sanitized(url: url.absoluteString, method: method, headers: headers)
    }

    /// The shared rule walk behind `check` and `sanitized`.
    func evaluate(url text: String, method: String, headers: [HTTPHeaderField], stripCredentials: Bool)
        -> SanitizedRequest
    {
        evaluateTarget(url: text, method: method, headers: headers, stripCredentials: stripCredentials).result
    }

    /// ``evaluate(url:method:headers:stripCredentials:)`` and the URL as the guard read it
    /// (`nil` when it could not be read).
    func evaluateTarget(url text: String, method: String, headers: [HTTPHeaderField], stripCredentials: Bool)
        -> (result: SanitizedRequest, target: GuardURL?)
    {
        if !HeaderValueCheck.isToken(method) {
            return (
                .deny(reason: GuardDenial(.methodInvalid, "method \(HeaderValueCheck.quoted(method)) is not a token")),
                nil
            )
        }
        if let denial = checkHeaderSafety(headers) { return (.deny(reason: denial), nil) }
        let url: GuardURL
        switch GuardURL.parse(text, maxBytes: Limits.maxURLBytes) {
        case .success(let value): url = value
        case .failure(let denial): return (.deny(reason: denial), nil)
        }
        return (rules(url, headers: headers, stripCredentials: stripCredentials), url)
    }

    /// The transport, `Host` and credential rules for a URL the guard could read.
    private func rules(_ url: GuardURL, headers: [HTTPHeaderField], stripCredentials: Bool) -> SanitizedRequest {
        if let denial = checkTransport(url) { return .deny(reason: denial) }
        if let denial = checkHostHeader(headers, url: url) { return .deny(reason: denial) }

        let credentialFields = headers.filter { isCredentialHeader($0.name) }
        if credentialFields.isEmpty && !url.hasUserinfo {
            return .allow(headers: headers, removed: [])
        }
        if let refusal = credentialRefusal(url) {
            if url.hasUserinfo || !stripCredentials {
                let what = url.hasUserinfo ? "userinfo" : "header \(HeaderValueCheck.quoted(credentialFields[0].name))"
                return .deny(reason: GuardDenial(.credentialsNotAllowed, "\(what) may not be sent to \(refusal)"))
            }
            var kept: [HTTPHeaderField] = []
            var removed: [String] = []
            for field in headers {
                if isCredentialHeader(field.name) { removed.append(field.name) } else { kept.append(field) }
            }
            return .allow(headers: kept, removed: removed)
        }
        return .allow(headers: headers, removed: [])
    }

    /// Header count, total size, names and values.
    func checkHeaderSafety(_ headers: [HTTPHeaderField]) -> GuardDenial? {
        let limits = policy.headers
        if headers.count > limits.maxCount {
            return GuardDenial(.headersTooLarge, "\(headers.count) header fields, over the limit of \(limits.maxCount)")
        }
        var total = 0
        for field in headers {
            total += field.name.utf8.count + field.value.utf8.count + 4  // "name: value\r\n"
            if let denial = HeaderValueCheck.check(name: field.name) { return denial }
            if let denial = HeaderValueCheck.check(value: field.value, name: field.name) { return denial }
        }
        if total > limits.maxTotalBytes {
            return GuardDenial(
                .headersTooLarge, "headers take \(total) bytes, over the limit of \(limits.maxTotalBytes)")
        }
        return nil
    }

    /// Scheme, loopback, local network and userinfo rules.
    func checkTransport(_ url: GuardURL) -> GuardDenial? {
        let transport = policy.transport
        let scope = url.host.scope
        let via = url.host.address?.isTransitionAddress == true ? "is an IPv6 transition address embedding " : "is "
        let access: TransportPolicy.LocalAccess?
        switch scope {
        case .loopback:
            guard transport.loopback != .deny else {
                return GuardDenial(
                    .loopbackNotAllowed, "\(url.host) \(via)a loopback address; the policy does not allow loopback")
            }
            access = transport.loopback
        case .localNetwork:
            guard transport.localNetwork != .deny else {
                return GuardDenial(
                    .localNetworkNotAllowed,
                    "\(url.host) \(via == "is " ? "is on " : via)a local network; the policy does not allow local networks")
            }
            access = transport.localNetwork
        case .publicNetwork:
            access = nil
        }
        // A transition address routes off the machine: allow-http does not reach it.
        let httpAccess = url.host.address?.isTransitionAddress == true ? nil : access
        if url.scheme == .http && httpAccess != .allowHTTP && !httpExceptions.contains(where: { $0.matches(url.host) }) {
            return GuardDenial(.insecureTransport, "http is not allowed for \(url.host) (https only)")
        }
        if url.hasUserinfo && !transport.allowUserinfo {
            return GuardDenial(
                .userinfoNotAllowed, "URL contains userinfo (user:password@), which the policy does not allow")
        }
        return nil
    }

    /// A `Host` field must name the URL's own authority (else it retargets the request).
    func checkHostHeader(_ headers: [HTTPHeaderField], url: GuardURL) -> GuardDenial? {
        for field in headers where ASCIICase.equalsLowercased(field.name, ASCIICase.host) {
            let value = field.value
            guard case .success(let named) = GuardURL.parse("\(url.scheme.rawValue)://\(value)/", maxBytes: 1024),
                !value.contains("/"), !value.contains("@"), !value.contains("?"), !value.contains("#"),
                named.host == url.host, named.port == url.port
            else {
                return GuardDenial(.hostHeaderMismatch, "Host header does not name \(url.authorityText)")
            }
        }
        return nil
    }

    /// `nil` when credentials may go to `url`, otherwise a description of the target and why not.
    func credentialRefusal(_ url: GuardURL) -> String? {
        let segments: [String]
        switch url.path(decodingDots: policy.credentials.serverDecodesDots) {
        case .success(let value): segments = value
        case .failure(let denial): return "\(url.scheme.rawValue)://\(url.authorityText): \(denial.text)"
        }
        if scopes.contains(where: { $0.matches(url, segments: segments) }) { return nil }
        return "\(url.scheme.rawValue)://\(url.authorityText)\(url.rawPath) (not in the credential allowlist)"
    }
}
