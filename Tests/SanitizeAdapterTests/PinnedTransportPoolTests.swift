import Foundation
import HTTPTypes
import SanitizeAsyncHTTPClient
import SanitizeKit
import SanitizePinning
import TestSupport
import Testing

/// A pinned request must not need Swift's cooperative pool: its certificate check
/// (swift-certificates' async verifier) and its exchange run on the connection's event loop.
/// Synchronous tests hold the pool's threads (two here) for as long as they wait, and a full
/// run once starved the check past the server's handshake timeout. Here every pool thread is
/// held while the request runs; it must still connect, and a wrong pin must still be refused by
/// the check, not by a timeout.
@Suite("Pinned requests while the cooperative pool is held", .integration, .serialized)
struct PinnedTransportPoolTests {
    static let pki = Result { try TestPKI() }

    /// Sends one GET to a TLS 1.3 `openssl s_server` while every cooperative thread is held.
    /// - Returns: the outcome, whether anything else ran on the pool meanwhile, and the time.
    static func getWhileHeld(pins: (SPKIPin) -> [SPKIPin]) async throws
        -> (result: Result<GuardedResponse, GuardedClientError>, probeRan: Bool, seconds: Double)
    {
        let pki = try pki.get()
        let leaf = try pki.leaf(.ecP256, name: "pool-\(UUID().uuidString.prefix(8))")
        let leafPin = try #require(SPKIPin(try TestPKI.opensslPin(ofCertificate: leaf.certificate)))
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .httpsOnly))
        policy.pins = [PinnedHost(host: "127.0.0.1", pins: pins(leafPin))]
        let ca = try CertificatePins.certificates(in: Array(try Data(contentsOf: URL(fileURLWithPath: pki.caCertificate))))
        let server = try OpenSSLTLSServer(chain: leaf.chain, key: leaf.key, options: ["-tls1_3"])
        defer { _ = server.stop() }
        let client = try GuardedHTTPClient(
            requestGuard: try RequestGuard(policy: policy), configuration: .init(timeoutSeconds: 10, trustRoots: ca))
        let request = HTTPRequest(method: .get, scheme: "https", authority: "127.0.0.1:\(server.port)", path: "/")

        let executor = PoolFreeExecutor()
        // The client and the executor are shut down on every path: a client dropped without
        // `shutdown()` stops the whole test process (AsyncHTTPClient asserts in its deinit).
        let outcome: (result: Result<GuardedResponse, GuardedClientError>, probeRan: Bool, seconds: Double)
        do {
            outcome = try await Self.held(executor, request, client)
        } catch {
            try? await client.shutdown()
            try? await executor.shutdown()
            throw error
        }
        try await client.shutdown()
        try await executor.shutdown()
        return outcome
    }

    /// Runs the request from a task on `executor` while every cooperative thread is held.
    static func held(_ executor: PoolFreeExecutor, _ request: HTTPRequest, _ client: GuardedHTTPClient) async throws
        -> (result: Result<GuardedResponse, GuardedClientError>, probeRan: Bool, seconds: Double)
    {
        try await withTaskExecutorPreference(executor) {
            let hold = try CooperativePoolHold()
            defer { hold.release() }
            let start = ContinuousClock.now
            let result: Result<GuardedResponse, GuardedClientError>
            do throws(GuardedClientError) {
                result = .success(try await client.execute(request))
            } catch {
                result = .failure(error)
            }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return (result, hold.probeRan, seconds)
        }
    }

    @Test("the right pin connects with every cooperative thread held")
    func rightPinConnects() async throws {
        let backup = SPKIPin(digest: [UInt8](repeating: 9, count: 32))!
        let outcome = try await Self.getWhileHeld { [$0, backup] }
        #expect(!outcome.probeRan, "the cooperative pool was not held during the request")
        let response = try outcome.result.get()
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self).contains("Protocol  : TLSv1.3"))
    }

    @Test("a wrong pin is refused by the check, with every cooperative thread held, well before the hop's time limit")
    func wrongPinRefused() async throws {
        let bogus = (7...8).map { SPKIPin(digest: [UInt8](repeating: $0, count: 32))! }
        let outcome = try await Self.getWhileHeld { _ in bogus }
        #expect(!outcome.probeRan, "the cooperative pool was not held during the request")
        guard case .failure(let error) = outcome.result else {
            Issue.record("a wrong pin was accepted")
            return
        }
        #expect(error.code == .transportFailed, "\(error)")
        // The handshake's own refusal (BoringSSL's certificate verify failure), not the 10 s limit.
        #expect(!error.text.contains("no response within"), "\(error)")
        #expect(outcome.seconds < 8, "\(outcome.seconds) s")
    }
}
