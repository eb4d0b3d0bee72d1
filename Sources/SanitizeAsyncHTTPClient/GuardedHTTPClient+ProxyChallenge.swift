import AsyncHTTPClient
import Logging
import NIOCore
import SanitizeKit
import Synchronization

/// The AsyncHTTPClient instances that carry a `Proxy-Authorization` answer: AsyncHTTPClient
/// sends it only from `Configuration.Proxy.authorization`, so an answered proxy challenge
/// needs a client of its own (same configuration, plus the answer). The newest is used for
/// later calls; all are shut down with the guarded client.
final class ProxyClients: Sendable {
    /// The client that sends an answered proxy challenge's answer.
    struct Answered: Sendable {
        var client: HTTPClient
    }

    private struct State: Sendable {
        var current: Answered?
        var all: [HTTPClient] = []
        var asked = false
    }

    private let state = Mutex(State())
    /// The configuration every proxied client starts from (the guarded client's own).
    let base: HTTPClient.Configuration
    let group: any EventLoopGroup

    init(base: HTTPClient.Configuration, group: any EventLoopGroup) {
        self.base = base
        self.group = group
    }

    /// The client answering the proxy's challenge, if one was answered.
    var current: Answered? { state.withLock { $0.current } }

    /// Whether the proxy is still to be asked for its challenge (true once: the first call).
    func takeFirstAsk() -> Bool {
        state.withLock { state in
            defer { state.asked = true }
            return !state.asked
        }
    }

    /// Makes a client that sends `authorization` to the proxy, and makes it the current one.
    func add(authorization: HTTPClient.Authorization) -> Answered {
        var configuration = base
        configuration.proxy?.authorization = authorization
        let answered = Answered(
            client: HTTPClient(eventLoopGroupProvider: .shared(group), configuration: configuration))
        state.withLock {
            $0.current = answered
            $0.all.append(answered.client)
        }
        return answered
    }

    /// Shuts every client made here down.
    func shutdown() async throws {
        let clients = state.withLock { state in
            defer { state = State() }
            return state.all
        }
        for client in clients { try await client.shutdown() }
    }
}

extension GuardedHTTPClient {
    /// Executes `outgoing` through AsyncHTTPClient, answering the configured proxy's `407`.
    ///
    /// The first proxied call asks the proxy itself (``ProxyChallengeProbe``: one plain
    /// `CONNECT`), so a challenge is judged before AsyncHTTPClient meets it: AsyncHTTPClient
    /// drops a `407`'s fields and retries the refused `CONNECT` until its connect timeout. The
    /// challenge is judged by ``RequestGuard/decide(status:challenges:origin:proxy:rules:answered:credentials:)``
    /// for the configured proxy's URL (never the origin's) and answered once with
    /// `Proxy-Authorization`, which goes to the proxy only: never into the request's own header
    /// fields, never as `Authorization`. Later calls reuse the answer; a `407` after it ends
    /// the call (`challenge-repeated`); a `407` met later without an answer is asked about then.
    /// - Parameters:
    ///   - outgoing: the request.
    ///   - target: the guard's reading of the request URL (the tunnel's `host:port`).
    /// - Returns: AsyncHTTPClient's response.
    /// - Throws: ``GuardedClientError`` with the decision's code when the challenge is not
    ///   answered, or `challenge-repeated`; AsyncHTTPClient's errors otherwise.
    func executeAnsweringProxy(_ outgoing: HTTPClientRequest, target: GuardTarget) async throws -> HTTPClientResponse {
        let timeout = TimeAmount.seconds(configuration.timeoutSeconds)
        guard let proxy = configuration.proxy else { return try await client.execute(outgoing, timeout: timeout) }
        if proxyClients.current == nil && proxyClients.takeFirstAsk() {
            _ = try await answerProxyChallenge(proxy, target: target, required: false)
        }
        let answered = proxyClients.current
        do {
            return try await (answered?.client ?? client).execute(outgoing, timeout: timeout)
        } catch let error as HTTPClientError where error == .proxyAuthenticationRequired {
            let proxyURL = Self.url(of: proxy)
            let repeated = GuardedClientError(
                .challengeRepeated, "407 from the proxy \(proxyURL) again after its challenge was answered")
            guard answered == nil, let fresh = try await answerProxyChallenge(proxy, target: target, required: true)
            else { throw repeated }
            do {
                return try await fresh.client.execute(outgoing, timeout: timeout)
            } catch let again as HTTPClientError where again == .proxyAuthenticationRequired {
                throw repeated
            }
        }
    }

    /// Asks the configured proxy for its challenge and, when `decide` says answer, makes the
    /// client that sends the answer.
    /// - Parameters:
    ///   - proxy: the configured proxy.
    ///   - target: the request's target (the `CONNECT`'s `host:port`).
    ///   - required: whether a `407` was already met (then any other status is an error).
    /// - Returns: the answering client, or `nil` when the proxy asks for nothing.
    /// - Throws: ``GuardedClientError`` when the challenge is refused or unreadable.
    private func answerProxyChallenge(
        _ proxy: HTTPClient.Configuration.Proxy, target: GuardTarget, required: Bool
    ) async throws -> ProxyClients.Answered? {
        let proxyURL = Self.url(of: proxy)
        let what = "407 from the proxy \(proxyURL)"
        let probe = ProxyChallengeProbe(group: proxyClients.group, timeout: .seconds(configuration.timeoutSeconds))
        let answer = try await probe.ask(host: proxy.host, port: proxy.port, authority: "\(target.host.text):\(target.port)")
        guard answer.status == 407 else {
            if required { throw GuardedClientError(.transportFailed, "\(what), then \(answer.status) to the same CONNECT") }
            return nil
        }
        guard let credentials = configuration.credentials else {
            throw GuardedClientError(.challengeNoCredentials, "\(what): no credentials provider is configured")
        }
        let challenges: [AuthChallenge]
        switch AuthChallengeParser.parse(answer.challenges) {
        case .success(let parsed): challenges = parsed
        case .failure(let failure):
            throw GuardedClientError(GuardDenial.Code(rawValue: failure.code), "\(what): \(failure)")
        }
        let origin = "\(target.scheme)://\(target.host.text):\(target.port)/"
        switch requestGuard.decide(
            status: 407, challenges: challenges, origin: origin, proxy: proxyURL, rules: configuration.challengeRules,
            credentials: credentials)
        {
        case .refuse(let denial):
            configuration.logger.info("\(what): challenge not answered: \(denial)")
            throw GuardedClientError(denial.code, "\(what): \(denial.text)")
        case .answer(_, let value, let challenge):
            let token = String(value.drop { $0 != " " }.dropFirst())
            let authorization: HTTPClient.Authorization =
                challenge.schemeKey == "basic" ? .basic(credentials: token) : .bearer(tokens: token)
            return proxyClients.add(authorization: authorization)
        }
    }

    /// The proxy's URL as the guard and the credentials provider see it: `http://host:port/`.
    static func url(of proxy: HTTPClient.Configuration.Proxy) -> String {
        let host = proxy.host.contains(":") && !proxy.host.hasPrefix("[") ? "[\(proxy.host)]" : proxy.host
        return "http://\(host):\(proxy.port)/"
    }
}
