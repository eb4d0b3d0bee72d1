import Foundation
import SanitizeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLSession client whose every request and every redirect goes through a ``RequestGuard``:
/// the adapter an app would write (a dozen lines), used by the end-to-end test.
final class GuardedClient: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // @unchecked Sendable: `requestGuard` is an immutable Sendable value; `session` is set once
    // in init and URLSession is thread-safe.
    let requestGuard: RequestGuard
    private(set) var session: URLSession!

    /// What the client did with one request.
    enum Outcome {
        case sent(status: Int)
        case refused(GuardDenial)
    }

    init(requestGuard: RequestGuard) {
        self.requestGuard = requestGuard
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.connectionProxyDictionary = [:]
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Sends `url` with `headers` after the guard: `strip` removes credentials that may not
    /// go to the URL (``RequestGuard/sanitized(url:method:headers:)``); otherwise a request
    /// that carries them is refused (``RequestGuard/check(url:method:headers:)``).
    func send(_ url: String, headers: [(String, String)], strip: Bool) async throws -> Outcome {
        let fields = headers.map { HTTPHeaderField(name: $0.0, value: $0.1) }
        let allowed: [HTTPHeaderField]
        if strip {
            switch requestGuard.sanitized(url: url, headers: fields) {
            case .allow(let headers, _): allowed = headers
            case .deny(let reason): return .refused(reason)
            }
        } else {
            if case .deny(let reason) = requestGuard.check(url: url, headers: fields) { return .refused(reason) }
            allowed = fields
        }
        guard let target = URL(string: url) else { throw URLError(.badURL) }
        var request = URLRequest(url: target)
        for field in allowed { request.addValue(field.value, forHTTPHeaderField: field.name) }
        let response = try await session.fetch(request)
        return .sent(status: response.statusCode)
    }

    /// Redirects are checked by the guard; the new request carries only what it allows.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let from = task.currentRequest?.url?.absoluteString ?? task.originalRequest?.url?.absoluteString,
            let to = request.url
        else { return completionHandler(nil) }
        let original = (task.originalRequest?.allHTTPHeaderFields ?? [:]).map {
            HTTPHeaderField(name: $0.key, value: $0.value)
        }
        switch requestGuard.checkRedirect(from: from, to: to.absoluteString, method: "GET", headers: original) {
        case .allow(let headers, _):
            var next = URLRequest(url: to)
            for field in headers { next.addValue(field.value, forHTTPHeaderField: field.name) }
            completionHandler(next)
        case .deny:
            completionHandler(nil)
        }
    }
}

extension URLSession {
    /// `dataTask` with a completion handler, as async (works the same on Darwin and Linux).
    func fetch(_ request: URLRequest) async throws -> HTTPURLResponse {
        try await withCheckedThrowingContinuation { continuation in
            dataTask(with: request) { _, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let http = response as? HTTPURLResponse {
                    continuation.resume(returning: http)
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }.resume()
        }
    }
}
