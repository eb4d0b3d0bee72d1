import Foundation
import HTTPTypes
import SanitizeAsyncHTTPClient
import SanitizeURLSession
import SanitizeKit
import SanitizePinning
import TestSupport
import Testing
import X509

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #28: the policy's TLS floor and forward secrecy, enforced by `GuardedHTTPClient`
/// against `openssl s_server` offering one protocol version (and, for TLS 1.2, one kind of
/// cipher suite) each. The `-www` page the server returns names what was negotiated.
@Suite("TLS floor and forward secrecy against openssl s_server", .integration, .serialized)
struct TLSFloorHandshakeTests {
    static let pki = Result { try TestPKI() }

    /// The servers of the matrix: what each offers.
    enum Offer: String, CaseIterable, Sendable {
        case tls10, tls11, tls12Static, tls12ECDHE, tls13

        /// `s_server` options. OpenSSL 3 offers TLS 1.0/1.1 only at security level 0.
        var options: [String] {
            switch self {
            case .tls10: ["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0"]
            case .tls11: ["-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0"]
            case .tls12Static: ["-tls1_2", "-cipher", "AES128-GCM-SHA256"]
            case .tls12ECDHE: ["-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256"]
            case .tls13: ["-tls1_3"]
            }
        }

        /// The highest version the server speaks, which the refusal names.
        var highestVersion: String {
            switch self {
            case .tls10: "1.0"
            case .tls11: "1.1"
            case .tls12Static, .tls12ECDHE: "1.2"
            case .tls13: "1.3"
            }
        }

        /// What the `-www` page says was negotiated.
        var negotiated: String {
            switch self {
            case .tls10: "Protocol  : TLSv1\n"
            case .tls11: "Protocol  : TLSv1.1\n"
            case .tls12Static: "Cipher    : AES128-GCM-SHA256"
            case .tls12ECDHE: "Cipher    : ECDHE-RSA-AES128-GCM-SHA256"
            case .tls13: "Protocol  : TLSv1.3"
            }
        }
    }

    /// What the client must do: connect, or refuse with a code.
    enum Outcome: Equatable, CustomStringConvertible {
        case connects
        case refused(GuardDenial.Code)

        var description: String {
            switch self {
            case .connects: "connects"
            case .refused(let code): "refused \(code)"
            }
        }
    }

    /// A policy allowing https to loopback, with `transport` keys added.
    static func requestGuard(_ transport: String = "", pins: [PinnedHost] = []) throws -> RequestGuard {
        var policy = try GuardPolicy.decode(
            Data(#"{"version": 1, "transport": {"loopback": "https-only"\#(transport)}}"#.utf8))
        policy.pins = pins
        return try RequestGuard(policy: policy)
    }

    /// A client trusting the test CA.
    static func client(_ requestGuard: RequestGuard, pki: TestPKI) throws -> GuardedHTTPClient {
        let ca = try CertificatePins.certificates(in: Array(try Data(contentsOf: URL(fileURLWithPath: pki.caCertificate))))
        return try GuardedHTTPClient(requestGuard: requestGuard, configuration: .init(timeoutSeconds: 5, trustRoots: ca))
    }

    /// Sends `request`, keeping the error.
    static func get(_ client: GuardedHTTPClient, _ request: HTTPRequest) async -> Result<GuardedResponse, GuardedClientError> {
        do {
            return .success(try await client.execute(request))
        } catch {
            return .failure(error)
        }
    }

    /// One GET of `/` on `server`, timed; then the server is stopped and the client shut down.
    static func getOnce(_ client: GuardedHTTPClient, _ server: OpenSSLTLSServer) async throws
        -> (result: Result<GuardedResponse, GuardedClientError>, elapsed: Duration)
    {
        let request = HTTPRequest(method: .get, scheme: "https", authority: "127.0.0.1:\(server.port)", path: "/")
        let start = ContinuousClock.now
        let result = await get(client, request)
        let elapsed = ContinuousClock.now - start
        server.stop()
        try await client.shutdown()
        return (result, elapsed)
    }

    /// Runs the whole matrix under one policy and returns what happened per offer.
    static func run(_ requestGuard: RequestGuard) async throws -> [Offer: Result<GuardedResponse, GuardedClientError>] {
        let pki = try pki.get()
        let leaf = try pki.leaf(.rsa2048, name: "tls-floor-\(UUID().uuidString.prefix(8))")
        let client = try client(requestGuard, pki: pki)
        var results: [Offer: Result<GuardedResponse, GuardedClientError>] = [:]
        for offer in Offer.allCases {
            let server = try OpenSSLTLSServer(chain: leaf.chain, key: leaf.key, options: offer.options)
            let request = HTTPRequest(method: .get, scheme: "https", authority: "127.0.0.1:\(server.port)", path: "/")
            results[offer] = await get(client, request)
            server.stop()
        }
        try await client.shutdown()
        return results
    }

    static func check(
        _ results: [Offer: Result<GuardedResponse, GuardedClientError>], _ expected: [Offer: Outcome],
        floor: String
    ) {
        for offer in Offer.allCases {
            guard let result = results[offer], let outcome = expected[offer] else {
                Issue.record("\(offer) was not run")
                continue
            }
            switch (result, outcome) {
            case (.success(let response), .connects):
                #expect(response.status == .ok, "\(offer)")
                #expect(String(decoding: response.body, as: UTF8.self).contains(offer.negotiated), "\(offer)")
            case (.failure(let error), .refused(let code)):
                #expect(error.code == code, "\(offer): \(error)")
                // The message names the host and the requirement, and is not a bare TLS error.
                #expect(error.text.hasPrefix("127.0.0.1: "), "\(offer): \(error)")
                #expect(error.text.contains("requires TLS \(floor) or later"), "\(offer): \(error)")
                // ... and what the server offers, as the client's second, wider handshake found.
                let offered =
                    code == .tlsVersionRefused
                    ? "the server offers TLS \(offer.highestVersion) at most"
                    : "the server offers TLS \(offer.highestVersion) only with suites that are not forward secret"
                #expect(error.text.contains(offered), "\(offer): \(error)")
            case (.success, .refused):
                Issue.record("\(offer): connected, expected \(outcome)")
            case (.failure(let error), .connects):
                Issue.record("\(offer): \(error), expected to connect")
            }
        }
    }

    @Test("the default policy refuses TLS 1.0, TLS 1.1 and a non-forward-secret TLS 1.2 suite")
    func defaultPolicy() async throws {
        let results = try await Self.run(try Self.requestGuard())
        Self.check(
            results,
            [
                .tls10: .refused(.tlsVersionRefused), .tls11: .refused(.tlsVersionRefused),
                .tls12Static: .refused(.tlsCipherRefused), .tls12ECDHE: .connects, .tls13: .connects,
            ], floor: "1.2")
        if case .failure(let error) = results[.tls12Static] {
            #expect(error.text.contains("forward-secret (ECDHE)"), "\(error)")
        }
        if case .failure(let error) = results[.tls10] {
            #expect(error.text.contains("the policy requires"), "\(error)")
        }
    }

    @Test("a 1.3 floor refuses every TLS 1.2 server")
    func floor13() async throws {
        let results = try await Self.run(try Self.requestGuard(#", "minimumTLSVersion": "1.3""#))
        Self.check(
            results,
            [
                .tls10: .refused(.tlsVersionRefused), .tls11: .refused(.tlsVersionRefused),
                .tls12Static: .refused(.tlsVersionRefused), .tls12ECDHE: .refused(.tlsVersionRefused),
                .tls13: .connects,
            ], floor: "1.3")
    }

    @Test("an exception down to TLS 1.0 without forward secrecy reaches every server (NIOSSL can offer TLS 1.0)")
    func exceptionWithoutForwardSecrecy() async throws {
        let results = try await Self.run(
            try Self.requestGuard(
                #", "tlsExceptions": [{"domain": "127.0.0.1", "includesSubdomains": false, "minimumTLSVersion": "1.0", "requiresForwardSecrecy": false}]"#
            ))
        Self.check(
            results, [.tls10: .connects, .tls11: .connects, .tls12Static: .connects, .tls12ECDHE: .connects, .tls13: .connects],
            floor: "1.0")
    }

    @Test("an exception lowering only the floor keeps forward secrecy; one for another domain changes nothing here")
    func exceptionKeepsForwardSecrecy() async throws {
        let results = try await Self.run(
            try Self.requestGuard(
                #", "tlsExceptions": [{"domain": "127.0.0.1", "includesSubdomains": false, "minimumTLSVersion": "1.1"}, {"domain": "localhost", "includesSubdomains": true, "minimumTLSVersion": "1.0", "requiresForwardSecrecy": false}]"#
            ))
        Self.check(
            results,
            [
                .tls10: .refused(.tlsVersionRefused), .tls11: .connects, .tls12Static: .refused(.tlsCipherRefused),
                .tls12ECDHE: .connects, .tls13: .connects,
            ], floor: "1.1")
        if case .failure(let error) = results[.tls10] {
            #expect(error.text.contains("the tlsExceptions entry for 127.0.0.1"), "\(error)")
        }
    }

    @Test(
        "a handshake_failure alert that is not about versions or suites (a server that wants a client certificate) is not read as the policy's refusal",
        arguments: [false, true])
    func handshakeFailureOfAnotherKind(pinned: Bool) async throws {
        let pki = try Self.pki.get()
        let leaf = try pki.leaf(.rsa2048, name: "tls-client-cert-\(UUID().uuidString.prefix(8))")
        let leafPin = try #require(SPKIPin(try TestPKI.opensslPin(ofCertificate: leaf.certificate)))
        let backup = try #require(SPKIPin(digest: [UInt8](repeating: 7, count: 32)))
        let pins = pinned ? [PinnedHost(host: "127.0.0.1", pins: [leafPin, backup])] : []
        let client = try Self.client(try Self.requestGuard(pins: pins), pki: pki)
        // TLS 1.2 with an ECDHE suite (everything the default policy asks), but the server
        // requires a client certificate, which the client does not have: OpenSSL ends the
        // handshake with the same alert a server without a shared suite sends.
        let server = try OpenSSLTLSServer(
            chain: leaf.chain, key: leaf.key, options: Offer.tls12ECDHE.options + ["-Verify", "1", "-CAfile", pki.caCertificate])
        guard case .failure(let error) = try await Self.getOnce(client, server).result else {
            Issue.record("a server requiring a client certificate was reached without one")
            return
        }
        #expect(error.code == .transportFailed, "\(error)")
        #expect(error.text.contains("HANDSHAKE_FAILURE"), "\(error)")
    }

    @Test("a refusal fails its request at once, not at the hop's time limit (AsyncHTTPClient's connection retries are off)")
    func refusalIsPrompt() async throws {
        let pki = try Self.pki.get()
        let leaf = try pki.leaf(.rsa2048, name: "tls-prompt-\(UUID().uuidString.prefix(8))")
        let ca = try CertificatePins.certificates(in: Array(try Data(contentsOf: URL(fileURLWithPath: pki.caCertificate))))
        let client = try GuardedHTTPClient(
            requestGuard: try Self.requestGuard(), configuration: .init(timeoutSeconds: 60, trustRoots: ca))
        let server = try OpenSSLTLSServer(chain: leaf.chain, key: leaf.key, options: Offer.tls10.options)
        let (result, elapsed) = try await Self.getOnce(client, server)
        guard case .failure(let error) = result else {
            Issue.record("a TLS 1.0 server was reached under the default policy")
            return
        }
        #expect(error.code == .tlsVersionRefused, "\(error)")
        // With retries on, AsyncHTTPClient reconnects until its connection deadline (10 s;
        // measured 11 s), whatever the hop's own limit.
        #expect(elapsed < .seconds(5), "refused after \(elapsed)")
    }

    #if canImport(FoundationNetworking)
        /// Servers below the default policy that a client with a TLS floor of 1.2 and forward
        /// secrecy refuses during the handshake: TLS 1.0 and 1.1 with static RSA key exchange
        /// (no SHA-1 signature, which OpenSSL 3 refuses at security level 1 for other reasons)
        /// and TLS 1.2 with a non-forward-secret suite.
        static let belowDefaultPolicy: [(String, [String])] = [
            ("TLS 1.0 AES128-SHA", ["-tls1", "-cipher", "AES128-SHA:@SECLEVEL=0"]),
            ("TLS 1.1 AES128-SHA", ["-tls1_1", "-cipher", "AES128-SHA:@SECLEVEL=0"]),
            ("TLS 1.2 AES128-GCM-SHA256", Offer.tls12Static.options),
        ]

        @Test(
            "FoundationNetworking takes TLS 1.0, 1.1 and non-forward-secret TLS 1.2: why GuardedURLSession refuses every policy on Linux",
            arguments: belowDefaultPolicy)
        func foundationNetworkingHasNoFloor(offer: (String, [String])) async throws {
            let pki = try Self.pki.get()
            let leaf = try pki.leaf(.rsa2048, name: "tls-fn-\(UUID().uuidString.prefix(8))")
            let requestGuard = try Self.requestGuard(#", "allowUnenforcedTLSFloor": true"#)
            // The adapter refuses the same policy without the opt-out.
            #expect(throws: GuardDenial.self) { try GuardedURLSession(requestGuard: try Self.requestGuard()) }
            let session = try GuardedURLSession(requestGuard: requestGuard, timeout: 10)
            defer { session.invalidate() }
            let server = try OpenSSLTLSServer(chain: leaf.chain, key: leaf.key, options: offer.1)
            let request = URLRequest(url: URL(string: "https://127.0.0.1:\(server.port)/")!)
            // FoundationNetworking always loads the system's CA bundle, so the test CA is never
            // trusted: the request fails. Where it fails is the point. The server's log says the
            // client refused the certificate ("unknown ca"), so it had accepted the version and
            // the suite; a client holding the policy would have refused the ServerHello
            // ("unsupported protocol", "no shared cipher"), as GuardedHTTPClient does.
            var failed = false
            do {
                _ = try await session.data(for: request)
            } catch {
                failed = true
            }
            server.waitForOutput(containingAnyOf: ["alert unknown ca", "unsupported protocol", "no shared cipher"])
            let serverLog = server.stop()
            #expect(failed, "\(offer.0): the test CA was trusted")
            #expect(serverLog.contains("alert unknown ca"), "\(offer.0): \(serverLog)")
            #expect(!serverLog.contains("unsupported protocol") && !serverLog.contains("no shared cipher"), "\(offer.0)")
        }
    #endif

    @Test("pins still apply on the ECDHE and TLS 1.3 servers, and the floor on a pinned host", arguments: [Offer.tls12ECDHE, .tls13, .tls10])
    func pinsStillApply(offer: Offer) async throws {
        let pki = try Self.pki.get()
        let leaf = try pki.leaf(.rsa2048, name: "tls-pin-\(offer.rawValue)")
        let leafPin = try #require(SPKIPin(try TestPKI.opensslPin(ofCertificate: leaf.certificate)))
        let bogus = (1...2).map { SPKIPin(digest: [UInt8](repeating: $0, count: 32))! }
        let right = try Self.client(
            try Self.requestGuard(pins: [PinnedHost(host: "127.0.0.1", pins: [leafPin, bogus[0]])]), pki: pki)
        let wrong = try Self.client(try Self.requestGuard(pins: [PinnedHost(host: "127.0.0.1", pins: bogus)]), pki: pki)
        let server = try OpenSSLTLSServer(chain: leaf.chain, key: leaf.key, options: offer.options)
        let request = HTTPRequest(method: .get, scheme: "https", authority: "127.0.0.1:\(server.port)", path: "/")
        let withRight = await Self.get(right, request)
        let withWrong = await Self.get(wrong, request)
        if offer == .tls10 { server.waitForOutput(containingAnyOf: ["unsupported protocol"]) }
        let serverLog = server.stop()
        try await right.shutdown()
        try await wrong.shutdown()

        if offer == .tls10 {
            // The pinned transport holds the floor too: refused before any pin is looked at, as
            // the server's own log says, and with the handshake's reason: the transport waits
            // for the handshake before it writes the request, so no write error can come first.
            #expect(serverLog.contains("unsupported protocol"), "\(serverLog)")
            for result in [withRight, withWrong] {
                guard case .failure(let error) = result else {
                    Issue.record("a pinned TLS 1.0 server was reached under the default policy")
                    continue
                }
                #expect(error.code == .tlsVersionRefused, "\(error)")
                #expect(error.text.hasPrefix("127.0.0.1: the policy requires TLS 1.2 or later; the server offers TLS 1.0 at most"), "\(error)")
            }
            return
        }
        let response = try withRight.get()
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self).contains(offer.negotiated))
        guard case .failure(let error) = withWrong else {
            Issue.record("a wrong pin was accepted on \(offer)")
            return
        }
        #expect(error.code == .transportFailed, "\(error)")
    }
}
