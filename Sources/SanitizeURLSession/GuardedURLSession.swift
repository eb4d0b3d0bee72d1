public import Foundation
public import SanitizeKit

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A `URLSession` with the request guard in the path: every request is checked before it is
/// sent, and every redirect by the task delegate: a redirect the guard denies is not
/// followed (the call throws its denial), and credential headers are dropped when a
/// redirect leaves their scope.
///
/// The session has no cookie store and no URL cache (an ephemeral configuration), so the
/// only credentials sent are the ones the request carries and the guard allowed.
///
/// On Linux, FoundationNetworking exposes no certificate chain to the delegate, so it cannot
/// pin; use `SanitizeAsyncHTTPClient` for pinned hosts. Nor can it set a TLS floor or cipher
/// suites: there the session refuses a policy unless it sets `transport.allowUnenforcedTLSFloor`
/// (see `URLSessionTLSFloor`). On Apple platforms the policy's floor is set on the session.
///
/// ```swift
/// let session = try GuardedURLSession(requestGuard: .standard)
/// var request = URLRequest(url: URL(string: "https://api.example.com/v1/me")!)
/// request.setValue("Bearer abc", forHTTPHeaderField: "Authorization")
/// let (data, response) = try await session.data(for: request)
/// ```
public final class GuardedURLSession: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // @unchecked Sendable: `requestGuard` is an immutable Sendable value; `session` is set once
    // in init (URLSession is thread-safe); `denials` is only touched under `lock`.
    /// The guard requests and redirects are checked by.
    public let requestGuard: RequestGuard
    private var session: URLSession!
    private var denials: [(from: String, denial: GuardDenial)] = []
    private let lock = NSLock()

    /// Creates a session.
    /// - Parameters:
    ///   - requestGuard: the guard.
    ///   - timeout: seconds a request may wait for data (default 30).
    /// - Throws: ``GuardDenial`` `tls-floor-unenforced` when this platform's URLSession cannot
    ///   enforce the policy's TLS requirements (the floor on Linux; per-host floors when
    ///   `tlsExceptions` lower them) and the policy does not set `transport.allowUnenforcedTLSFloor`.
    public init(requestGuard: RequestGuard, timeout: TimeInterval = 30) throws(GuardDenial) {
        try URLSessionTLSFloor.check(requestGuard)
        self.requestGuard = requestGuard
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        URLSessionTLSFloor.apply(to: configuration, for: requestGuard)
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Stops the session (outstanding tasks are cancelled).
    public func invalidate() { session.invalidateAndCancel() }

    /// Checks `request`, sends it to the canonical URL the guard judged
    /// (``RequestGuard/canonical(_:)``), and follows the redirects the guard allows, each
    /// to its canonical URL too.
    /// - Parameter request: the request; credential headers to a URL outside the allowlist
    ///   are refused (``RequestGuard/check(_:)``), not silently dropped.
    /// - Returns: the body and the final response.
    /// - Throws: ``GuardDenial`` when the request or a redirect is refused; `URLError` from
    ///   the transport.
    public func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        if case .deny(let reason) = requestGuard.check(request) { throw reason }
        // Sent to the URL the guard judged (its host an A-label): nothing left for Foundation
        // or libcurl to map with Unicode data of their own.
        let outgoing: URLRequest
        switch requestGuard.canonical(request) {
        case .success(let canonical): outgoing = canonical
        case .failure(let denial): throw denial
        }
        let (data, response): (Data, HTTPURLResponse) = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: outgoing) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let http = response as? HTTPURLResponse {
                    continuation.resume(returning: (data ?? Data(), http))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }.resume()
        }
        // A refused redirect ends the task with the redirect response itself.
        if let denial = takeDenial(redirectingFrom: response.url) { throw denial }
        return (data, response)
    }

    /// The denial recorded for a redirect answered by `url`, if any (taken out of the table).
    private func takeDenial(redirectingFrom url: URL?) -> GuardDenial? {
        lock.withLock {
            guard let index = denials.firstIndex(where: { $0.from == url?.absoluteString }) else { return nil }
            return denials.remove(at: index).denial
        }
    }

    /// Checks a redirect: the new request goes to the target's canonical URL and carries only
    /// the header fields the guard allows for it; a denied redirect is not followed.
    /// - Parameters:
    ///   - session: the session.
    ///   - task: the task being redirected.
    ///   - response: the redirect response.
    ///   - request: the request Foundation would send next.
    ///   - completionHandler: receives the checked request, or `nil` to stop.
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let from = response.url?.absoluteString, let to = request.url else { return completionHandler(nil) }
        let sent = task.currentRequest ?? task.originalRequest ?? request
        let method = request.httpMethod ?? "GET"
        switch requestGuard.checkRedirect(
            from: from, to: to.absoluteString, method: method, headers: RequestGuard.fields(of: sent))
        {
        case .allow(let headers, _):
            switch requestGuard.canonical(RequestGuard.request(request, withExactly: headers)) {
            case .success(let canonical): completionHandler(canonical)
            case .failure(let reason):
                lock.withLock { denials.append((from, reason)) }
                completionHandler(nil)
            }
        case .deny(let reason):
            lock.withLock { denials.append((from, reason)) }
            completionHandler(nil)
        }
    }
}
