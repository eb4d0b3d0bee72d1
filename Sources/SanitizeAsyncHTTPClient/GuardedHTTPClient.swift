import AsyncHTTPClient
import Foundation
public import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
public import SanitizeKit
import X509
import SwiftASN1

/// AsyncHTTPClient with the request guard in the path: every request and every redirect hop
/// is checked before it is sent, redirects are followed here (AsyncHTTPClient's own
/// following is off) so credential headers never leave their scope, response bodies are
/// bounded, and pinned hosts (the policy's `pins`) are reached only when a certificate of
/// their validated chain has a pinned public key.
///
/// ```swift
/// let client = try GuardedHTTPClient(requestGuard: try RequestGuard(contentsOf: policyURL))
/// defer { Task { try await client.shutdown() } }
/// var request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/v1/me")
/// request.headerFields[.authorization] = "Bearer abc"
/// let response = try await client.execute(request)
/// ```
public final class GuardedHTTPClient: Sendable {
    /// The guard every hop is checked by.
    public let requestGuard: RequestGuard
    /// The compiled pins of the guard's policy.
    package let pins: PinSet
    /// Limits and trust.
    public let configuration: Configuration
    let client: HTTPClient
    private let pinned: PinnedTransport
    /// One TLS configuration per distinct requirement of the policy (TLSRequirements+NIOSSL.swift),
    /// set on each request: AsyncHTTPClient pools connections per TLS configuration.
    private let tlsConfigurations: [TLSRequirements: TLSConfiguration]
    /// Clients that answer the configured proxy's `407` (GuardedHTTPClient+ProxyChallenge.swift).
    let proxyClients: ProxyClients

    /// Creates a client on SwiftNIO's shared `MultiThreadedEventLoopGroup`, with NIOSSL for TLS
    /// on every platform (Apple platforms included, where AsyncHTTPClient would otherwise use
    /// Network.framework, which takes no cipher suites).
    /// - Parameters:
    ///   - requestGuard: the guard (its policy's `pins` are compiled here).
    ///   - configuration: limits and trust roots.
    /// Every connection meets the policy's TLS requirements for its host
    /// (``RequestGuard/tlsRequirements(forHost:)``): the floor, and ECDHE suites only below
    /// TLS 1.3 when forward secrecy is required; pinned hosts too.
    /// - Throws: ``SanitizeError`` `policy-invalid` for unusable pins; NIOSSL's error when the
    ///   TLS configuration cannot be built.
    public init(requestGuard: RequestGuard, configuration: Configuration = Configuration()) throws {
        self.requestGuard = requestGuard
        self.pins = try PinSet(requestGuard.policy.pins)
        self.configuration = configuration

        var tls = TLSConfiguration.makeClientConfiguration()
        if let roots = configuration.trustRoots {
            tls.trustRoots = .certificates(
                try roots.map { try NIOSSLCertificate(bytes: Self.derBytes(of: $0), format: .der) })
        }
        var configurations: [TLSRequirements: TLSConfiguration] = [:]
        for requirements in requestGuard.allTLSRequirements {
            var restricted = tls
            TLSRequirementConfiguration.apply(requirements, to: &restricted)
            configurations[requirements] = restricted
        }
        self.tlsConfigurations = configurations
        // The client's own configuration takes the policy's default requirements, so that no
        // connection is ever made with NIOSSL's defaults (TLS 1.0, non-forward-secret suites).
        TLSRequirementConfiguration.apply(requestGuard.defaultTLSRequirements, to: &tls)
        var clientConfiguration = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow)
        clientConfiguration.decompression = .disabled
        // A failed connection fails its request at once, with the handshake's own error: a
        // server below the policy's TLS requirements will not meet them on a retry (with
        // retries on, the pool reconnects with backoff and the refusal surfaces only at
        // AsyncHTTPClient's connection deadline, 10 s; docs/adapters.md).
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        clientConfiguration.proxy = configuration.proxy
        // SwiftNIO's POSIX event loops on every platform, never AsyncHTTPClient's default on
        // Apple platforms (Network.framework's NIOTSEventLoopGroup): there AsyncHTTPClient maps
        // the TLS configuration to Network.framework and drops `cipherSuites` (forward secrecy
        // would go unenforced), and the pinned transport's and the proxy probe's
        // `ClientBootstrap` accept only these loops.
        let group = MultiThreadedEventLoopGroup.singleton
        self.client = HTTPClient(eventLoopGroupProvider: .shared(group), configuration: clientConfiguration)
        self.proxyClients = ProxyClients(base: clientConfiguration, group: group)

        // The pinned transport: BoringSSL's verification is replaced by ChainVerifier, which
        // runs ordinary trust itself, so the context needs no roots of its own.
        var pinnedTLS = TLSConfiguration.makeClientConfiguration()
        pinnedTLS.verifySignatureAlgorithms = [
            .ecdsaSecp256R1Sha256, .ecdsaSecp384R1Sha384, .ecdsaSecp521R1Sha512, .rsaPssRsaeSha256,
            .rsaPssRsaeSha384, .rsaPssRsaeSha512, .rsaPkcs1Sha256, .rsaPkcs1Sha384, .rsaPkcs1Sha512, .ed25519,
        ]
        let roots: CertificateStore = configuration.trustRoots.map { CertificateStore($0) } ?? .systemTrustRoots
        var contexts: [TLSRequirements: NIOSSLContext] = [:]
        for requirements in requestGuard.allTLSRequirements {
            var restricted = pinnedTLS
            TLSRequirementConfiguration.apply(requirements, to: &restricted)
            contexts[requirements] = try NIOSSLContext(configuration: restricted)
        }
        self.pinned = PinnedTransport(
            group: group, contexts: contexts,
            verifier: ChainVerifier(pins: pins, roots: roots, logger: configuration.logger),
            maxResponseBytes: configuration.maxResponseBytes, timeout: .seconds(configuration.timeoutSeconds))
    }

    /// Stops the underlying AsyncHTTPClient; call once, when done.
    /// - Throws: AsyncHTTPClient's shutdown error.
    public func shutdown() async throws {
        try await proxyClients.shutdown()
        try await client.shutdown()
    }

    /// Sends a request, following redirects the guard allows.
    ///
    /// Every hop is sent to the host the guard judged, in its canonical form
    /// (``RequestGuard/canonical(_:)``: `xn--` A-labels, canonical IP text), never to the
    /// request's own authority text, which the client could map to another host.
    /// The first request must pass ``RequestGuard/check(_:)`` as it is (credential headers to
    /// a host outside the allowlist are refused, not silently dropped). Each redirect hop is
    /// checked by ``RequestGuard/redirect(_:to:method:)``: credential headers are dropped when
    /// the target leaves their scope, and a target the policy refuses (plain http, loopback,
    /// local network…) stops the call. 303, and 301/302 after POST, continue as GET without
    /// a body (RFC 9110 §15.4). A `401` is answered once per scheme and realm when
    /// ``Configuration/credentials`` is set and ``RequestGuard/decide(status:challenges:origin:proxy:rules:answered:credentials:)``
    /// allows it; otherwise the `401` is returned. A `407` from the configured
    /// ``Configuration/proxy`` is answered once with `Proxy-Authorization` to that proxy only;
    /// a `407` response from anywhere else (an origin, a pinned host) is returned unanswered.
    /// - Parameters:
    ///   - request: an absolute request (scheme and authority set).
    ///   - body: the request body, if any (kept across 307 and 308).
    /// - Returns: the final response, its body read whole.
    /// - Throws: ``GuardedClientError`` with the guard's code, or `too-many-redirects`,
    ///   `redirect-invalid`, `response-too-large`, `pinned-host-insecure`, `transport-failed`.
    public func execute(_ request: HTTPRequest, body: [UInt8]? = nil) async throws(GuardedClientError)
        -> GuardedResponse
    {
        if case .deny(let reason) = requestGuard.check(request) { throw GuardedClientError(reason) }
        // Sent as the guard read it: AsyncHTTPClient maps a non-ASCII host with Foundation's
        // URL, whose UTS #46 data may not be the guard's (`straẞe.example` is `strasse.example`
        // under 15.0, `xn--strae-oqa.example` since 15.1); the canonical A-label leaves it
        // nothing to map. Redirect hops come back canonical from `redirect(_:to:method:)`.
        var current: HTTPRequest
        switch requestGuard.canonical(request) {
        case .success(let canonical): current = canonical
        case .failure(let denial): throw GuardedClientError(denial)
        }
        var currentBody = body
        var removed: [String] = []
        var hops = 0
        var answered: Set<String> = []
        while true {
            var response = try await send(current, body: currentBody)
            response.url = Self.url(of: current)
            if response.status.code == 401, let answer = answer(response, answered: &answered) {
                current.headerFields[.authorization] = answer
                continue
            }
            guard [301, 302, 303, 307, 308].contains(response.status.code) else {
                response.removedHeaders = removed
                return response
            }
            hops += 1
            guard hops <= configuration.maxRedirects else {
                throw GuardedClientError(.tooManyRedirects, "more than \(configuration.maxRedirects) redirects")
            }
            guard let location = response.headerFields[.location],
                let base = URL(string: response.url), let target = URL(string: location, relativeTo: base)
            else {
                throw GuardedClientError(.redirectInvalid, "redirect \(response.status.code) without a usable Location")
            }
            let code = response.status.code
            let becomesGet = code == 303 || ((code == 301 || code == 302) && current.method == .post)
            switch requestGuard.redirect(
                current, to: target.absoluteString, method: becomesGet ? .get : nil)
            {
            case .failure(let denial): throw GuardedClientError(denial)
            case .success(let next):
                if !next.removed.isEmpty {
                    configuration.logger.info(
                        "redirect to \(next.request.authority ?? "?") dropped \(next.removed.joined(separator: ", "))")
                }
                removed += next.removed
                current = next.request
                if becomesGet {
                    currentBody = nil
                    current.headerFields[.contentLength] = nil
                    current.headerFields[.contentType] = nil
                }
            }
        }
    }

    /// One hop: through the pinned transport for a pinned host, else through AsyncHTTPClient.
    private func send(_ request: HTTPRequest, body: [UInt8]?) async throws(GuardedClientError) -> GuardedResponse {
        // The guard's own reading of the URL decides both the pin lookup and where the pinned
        // transport connects: one host parser for every decision.
        guard case .success(let target) = requestGuard.target(of: Self.url(of: request)) else {
            throw GuardedClientError(.urlMalformed, "the request's URL has no host the guard can read")
        }
        let host = target.host.text
        let requirements = requestGuard.tlsRequirements(for: target.host)
        if pins.entry(for: host) != nil {
            guard request.scheme == "https" else {
                throw GuardedClientError(.pinnedHostInsecure, "\(host) is pinned; plain http cannot be checked")
            }
            do {
                return try await pinned.send(request, to: target, requirements: requirements.requirements, body: body)
            } catch let error as GuardedClientError {
                throw error
            } catch {
                let finding = await offerFinding(after: error, target: target, direct: true)
                if let refused = TLSRequirementConfiguration.policyFailure(
                    error, host: host, requirements: requirements, finding: finding)
                {
                    throw refused
                }
                throw GuardedClientError(.transportFailed, "\(host): \(Self.describe(error))")
            }
        }
        var outgoing = HTTPClientRequest(url: Self.url(of: request))
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields { outgoing.headers.add(name: field.name.rawName, value: field.value) }
        if let body { outgoing.body = .bytes(body) }
        if request.scheme == "https" { outgoing.tlsConfiguration = tlsConfigurations[requirements.requirements] }
        do {
            let response = try await executeAnsweringProxy(outgoing, target: target)
            let fields = HTTPFields(nioHeaders: response.headers)
            let limit = configuration.maxResponseBytes
            let buffer: ByteBuffer
            do {
                buffer = try await response.body.collect(upTo: limit)
            } catch is NIOTooManyBytesError {
                throw GuardedClientError(.responseTooLarge, "response body is longer than \(limit) bytes")
            }
            return GuardedResponse(
                status: HTTPResponse.Status(code: Int(response.status.code)), headerFields: fields,
                body: Array(buffer.readableBytesView), url: "", removedHeaders: [])
        } catch let error as GuardedClientError {
            throw error
        } catch {
            if request.scheme == "https" {
                let finding = await offerFinding(after: error, target: target, direct: configuration.proxy == nil)
                if let refused = TLSRequirementConfiguration.policyFailure(
                    error, host: host, requirements: requirements, finding: finding)
                {
                    throw refused
                }
            }
            throw GuardedClientError(.transportFailed, "\(host): \(Self.describe(error))")
        }
    }

    /// What the server offers (``TLSOfferProbe``), asked only after a handshake failed in a way
    /// the TLS requirements may explain, and only when the client connects to it directly.
    private func offerFinding(after error: any Error, target: GuardTarget, direct: Bool) async -> TLSOfferProbe.Finding {
        guard direct, TLSRequirementConfiguration.mayBeRequirementFailure(error) else { return .unknown }
        let isIP = target.host.address != nil
        // The canonical text of an IPv6 address is bracketed; a socket address is not.
        let host = isIP ? String(target.host.text.filter { $0 != "[" && $0 != "]" }) : target.host.text
        let probe = TLSOfferProbe(group: MultiThreadedEventLoopGroup.singleton, timeout: .seconds(configuration.timeoutSeconds))
        return await probe.finding(host: host, port: target.port, isIP: isIP)
    }

    static func url(of request: HTTPRequest) -> String {
        "\(request.scheme ?? "https")://\(request.authority ?? "")\(request.path ?? "/")"
    }

    private static func derBytes(of certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error).split(separator: "\n").first.map(String.init) ?? "failed"
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
