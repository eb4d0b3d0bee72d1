public import SanitizeKit

// URLRequest lives in FoundationNetworking on Linux, in Foundation on Apple platforms.
#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension RequestGuard {
    /// Says whether a `URLRequest` may be sent as it is (URL, method, header fields).
    /// - Parameter request: the request.
    /// - Returns: allow, or deny with the reason (`url-malformed` without a URL).
    public func check(_ request: URLRequest) -> GuardDecision {
        guard let url = request.url else { return .deny(reason: GuardDenial(.urlMalformed, "request has no URL")) }
        return check(url: url.absoluteString, method: request.httpMethod ?? "GET", headers: Self.fields(of: request))
    }

    /// The request with the credential header fields removed when its URL may not have them
    /// (``sanitized(url:method:headers:)``), sent to the canonical URL (``canonical(_:)``).
    /// - Parameter request: the request.
    /// - Returns: the request to send, or the denial.
    public func sanitized(_ request: URLRequest) -> Result<URLRequest, GuardDenial> {
        guard let url = request.url else { return .failure(GuardDenial(.urlMalformed, "request has no URL")) }
        switch sanitized(url: url.absoluteString, method: request.httpMethod ?? "GET", headers: Self.fields(of: request)) {
        case .deny(let reason): return .failure(reason)
        case .allow(let headers, _): return canonical(Self.request(request, withExactly: headers))
        }
    }

    /// The request with its URL replaced by the canonical URL the guard judged
    /// (``GuardDecision/allow(canonicalURL:)``: the host as an `xn--` A-label or canonical IP
    /// text, lowercase scheme, no default port) and a `Host` field, if it has one, naming that
    /// host. The URL text is ASCII with the host already mapped, so Foundation and libcurl
    /// have nothing left to map with Unicode data of their own.
    /// - Parameter request: the request.
    /// - Returns: the request to send, or the denial its URL gets before any policy rule.
    public func canonical(_ request: URLRequest) -> Result<URLRequest, GuardDenial> {
        guard let url = request.url else { return .failure(GuardDenial(.urlMalformed, "request has no URL")) }
        let target: GuardTarget
        switch self.target(of: url.absoluteString) {
        case .success(let value): target = value
        case .failure(let denial): return .failure(denial)
        }
        guard let canonicalURL = URL(string: target.url) else {
            return .failure(GuardDenial(.urlMalformed, "the canonical URL \(target.url) is not a Foundation URL"))
        }
        var copy = request
        copy.url = canonicalURL
        if copy.value(forHTTPHeaderField: "Host") != nil {
            copy.setValue(target.hostAndPort, forHTTPHeaderField: "Host")
        }
        return .success(copy)
    }

    /// A request's header fields in the guard's form (sorted by name: Foundation keeps no order).
    static func fields(of request: URLRequest) -> [HTTPHeaderField] {
        (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map {
            HTTPHeaderField(name: $0.key, value: $0.value)
        }
    }

    /// `request` carrying exactly `headers`.
    static func request(_ request: URLRequest, withExactly headers: [HTTPHeaderField]) -> URLRequest {
        var copy = request
        copy.allHTTPHeaderFields = [:]
        for field in headers { copy.addValue(field.value, forHTTPHeaderField: field.name) }
        return copy
    }
}
