public import SanitizeKit
import Synchronization

// URLSession and its challenge types live in FoundationNetworking on Linux.
#if canImport(FoundationNetworking)
    public import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Answers URLSession's HTTP authentication challenges through
/// ``RequestGuard/decide(status:challenges:origin:proxy:rules:answered:credentials:)``: the
/// same decision the AsyncHTTPClient adapter and `sanitize challenge` take.
///
/// Composable: a delegate of your own (one that also pins server trust, say) calls
/// ``respond(to:task:)`` from its `urlSession(_:task:didReceive:completionHandler:)` and
/// passes the result on; ``ChallengeDelegate`` is the delegate that does only this.
///
/// - A server-trust or client-certificate challenge is not a credential question:
///   `.performDefaultHandling` (pinning is the server-trust delegate's job).
/// - HTTP Basic (and `Default`, which Foundation uses for Basic) is answered with a
///   `URLCredential` only when the decision says answer: the origin (the task's current URL)
///   is in the guard's credential allowlist, over https, for an allowed realm; a proxy's
///   challenge only for the ``proxy`` the caller configured. Only Basic can be answered
///   (a `URLCredential` carries a user and a password, not a token).
/// - Everything else, refused, is `.cancelAuthenticationChallenge`: never a credential, and
///   never Foundation's default handling (which could send one from a credential store).
/// - Once per scheme and realm per task: a challenge with `previousFailureCount > 0`, or one
///   already answered for the task, is refused (`challenge-repeated`), so a server that
///   rejects the answer ends the task instead of looping.
public final class ChallengeResponder: Sendable {
    /// What to hand URLSession's completion handler, and why.
    public struct Response: @unchecked Sendable {
        // @unchecked Sendable: URLCredential is an immutable value object.
        /// The disposition.
        public var disposition: URLSession.AuthChallengeDisposition
        /// The credential, only with `.useCredential`.
        public var credential: URLCredential?
        /// The guard's decision; `nil` for challenges that are not about credentials.
        public var decision: ChallengeDecision?
    }

    /// The guard whose policy judges the origin.
    public let requestGuard: RequestGuard
    /// Schemes, realms and http rules (only Basic can be answered through URLSession).
    public let rules: ChallengeRules
    /// The proxy the session is configured with (`http://host:port/`), if any.
    public let proxy: String?
    private let credentials: @Sendable (String, String?, ChallengeRules.Scheme) -> ChallengeCredentials?
    /// Scheme-and-realm keys answered per task identifier.
    private let answered = Mutex<[Int: Set<String>]>([:])

    /// Creates a responder.
    /// - Parameters:
    ///   - requestGuard: the guard.
    ///   - rules: what may be answered.
    ///   - proxy: the configured proxy's URL, for `407`-style proxy challenges.
    ///   - credentials: the caller's provider: (origin or proxy URL, realm, scheme) to
    ///     credentials; asked only after every other rule passed, never stored here.
    public init(
        requestGuard: RequestGuard, rules: ChallengeRules = ChallengeRules(), proxy: String? = nil,
        credentials: @escaping @Sendable (String, String?, ChallengeRules.Scheme) -> ChallengeCredentials?
    ) {
        self.requestGuard = requestGuard
        self.rules = rules
        self.proxy = proxy
        self.credentials = credentials
    }

    /// Decides one challenge.
    /// - Parameters:
    ///   - challenge: the challenge URLSession delivered.
    ///   - task: the task it is for (its current URL is the origin judged); `nil` for a
    ///     session-level challenge, judged by the protection space's host alone.
    /// - Returns: the disposition and credential to pass on, with the decision.
    public func respond(to challenge: URLAuthenticationChallenge, task: URLSessionTask?) -> Response {
        let space = challenge.protectionSpace
        let method = space.authenticationMethod
        if Self.notCredentialMethods.contains(method) {
            return Response(disposition: .performDefaultHandling, credential: nil, decision: nil)
        }
        let isProxy = space.isProxy()
        let spaceURL = "\(isProxy ? "http" : (space.protocol ?? "https"))://\(Self.bracketed(space.host)):\(space.port)/"
        let origin = task?.currentRequest?.url?.absoluteString ?? task?.originalRequest?.url?.absoluteString ?? spaceURL
        let challenges = Self.challenges(of: challenge, isProxy: isProxy)
        let taskID = task?.taskIdentifier ?? -1
        var done = answered.withLock { $0[taskID] ?? [] }
        if challenge.previousFailureCount > 0 { done.formUnion(challenges.map(RequestGuard.answerKey(for:))) }
        var basicRules = rules
        basicRules.schemes.formIntersection([.basic])
        // A proxy challenge is judged for the configured proxy only, and only when it is that
        // proxy asking; a task's origin must be the host that asked.
        let configured = isProxy && sameHostAndPort(proxy, spaceURL) ? proxy : nil
        var given: BasicCredentials?
        let decision: ChallengeDecision
        if !isProxy && !sameHostAndPort(origin, spaceURL) {
            decision = .refuse(GuardDenial(.challengeNotApplicable, "the challenge's host is not the task's"))
        } else {
            decision = requestGuard.decide(
                status: isProxy ? 407 : 401, challenges: challenges, origin: origin, proxy: configured,
                rules: basicRules, answered: done
            ) { url, realm, scheme in
                let result = self.credentials(url, realm, scheme)
                if case .basic(let basic)? = result { given = basic }
                return result
            }
        }
        guard case .answer(_, _, let answeredChallenge) = decision, let given else {
            return Response(disposition: .cancelAuthenticationChallenge, credential: nil, decision: decision)
        }
        let key = RequestGuard.answerKey(for: answeredChallenge)
        _ = answered.withLock { $0[taskID, default: []].insert(key) }
        return Response(
            disposition: .useCredential,
            credential: URLCredential(user: given.userID, password: given.password, persistence: .none),
            decision: decision)
    }

    /// Forgets what was answered for a task (call when it completes).
    /// - Parameter task: the finished task.
    public func forget(_ task: URLSessionTask) {
        _ = answered.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    /// The challenges of the failure response's `WWW-Authenticate` (or `Proxy-Authenticate`)
    /// fields that match the protection space's method; without such a field, the one the
    /// protection space describes (`Basic realm="…"`). An unparsable field yields none (refused).
    static func challenges(of challenge: URLAuthenticationChallenge, isProxy: Bool) -> [AuthChallenge] {
        let space = challenge.protectionSpace
        let scheme: String
        switch space.authenticationMethod {
        case NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodDefault: scheme = "Basic"
        case NSURLAuthenticationMethodHTTPDigest: scheme = "Digest"
        case NSURLAuthenticationMethodNTLM: scheme = "NTLM"
        case NSURLAuthenticationMethodNegotiate: scheme = "Negotiate"
        default: scheme = space.authenticationMethod
        }
        let response = challenge.failureResponse as? HTTPURLResponse
        if let field = response?.value(forHTTPHeaderField: isProxy ? "Proxy-Authenticate" : "WWW-Authenticate") {
            guard case .success(let parsed) = AuthChallengeParser.parse(field) else { return [] }
            let matching = parsed.filter { $0.schemeKey == scheme.lowercased() }
            if !matching.isEmpty { return matching }
        }
        return [AuthChallenge(scheme: scheme, parameters: space.realm.map { [.init(name: "realm", value: $0)] } ?? [])]
    }

    /// Server trust and client certificates, by their constants' values: swift-corelibs-foundation
    /// marks the constants unavailable, but its sessions could still be handed such a challenge.
    static let notCredentialMethods: Set<String> = [
        "NSURLAuthenticationMethodServerTrust", "NSURLAuthenticationMethodClientCertificate",
    ]

    /// Whether two URLs name the same canonical host and port (the guard's reading).
    private func sameHostAndPort(_ first: String?, _ second: String) -> Bool {
        guard let first, case .success(let a) = requestGuard.target(of: first),
            case .success(let b) = requestGuard.target(of: second)
        else { return false }
        return a.host == b.host && a.port == b.port
    }

    private static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}

/// A task delegate that answers authentication challenges through a ``ChallengeResponder``
/// and nothing else; for a session that needs other delegate methods too, call the
/// responder from your own delegate instead.
///
/// On Linux, swift-corelibs-foundation delivers a `401` with a Basic (or Digest) challenge to
/// this method, with the `401` as `failureResponse`; a refused challenge ends the task with
/// `URLError.cancelled`.
public final class ChallengeDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    /// The responder that decides.
    public let responder: ChallengeResponder

    /// Creates a delegate.
    /// - Parameter responder: the responder that decides.
    public init(responder: ChallengeResponder) { self.responder = responder }

    /// Answers a task's challenge as ``ChallengeResponder/respond(to:task:)`` decides.
    /// - Parameters:
    ///   - session: the session.
    ///   - task: the task.
    ///   - challenge: the challenge.
    ///   - completionHandler: receives the disposition and credential.
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let response = responder.respond(to: challenge, task: task)
        completionHandler(response.disposition, response.credential)
    }

    /// Forgets the task's answered realms.
    /// - Parameters:
    ///   - session: the session.
    ///   - task: the task that finished.
    ///   - error: its error, if any.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        responder.forget(task)
    }
}
