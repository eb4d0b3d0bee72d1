import AsyncHTTPClient
import Foundation
import HTTPTypes
import SanitizeAsyncHTTPClient
import SanitizeKit
import SanitizePinning
import Synchronization
import TestSupport
import Testing

/// `GuardedHTTPClient` answering a `407` from the proxy it is configured with, through
/// recording forward proxies (`Fixtures/recording_proxy.py`, Python, loopback) in front of a
/// recording TLS origin: every request head each one received is in its log.
@Suite("407 proxy challenges through GuardedHTTPClient, against recording proxies", .integration, .serialized)
struct PythonProxyChallengeTests {
    static let proxyToken = "Bearer proxy-token"
    static let originToken = "Bearer origin-token"

    /// The URLs the credentials provider was asked for.
    final class Asked: Sendable {
        let urls = Mutex<[String]>([])
    }

    @Test("only the configured, allowlisted proxy gets Proxy-Authorization, once; never Authorization; 407 from elsewhere refused")
    func proxyChallenges() async throws {
        let pki = try TestPKI()
        let leaf = try pki.leaf(.ecP256, name: "proxied")
        let origins = try RecordingServers([.init(name: "T", cert: leaf.chain, key: leaf.key)])
        let proxySpecs: [[String: String]] = [
            ["name": "P", "challenge": #"Bearer realm="proxy""#, "expect": Self.proxyToken],
            ["name": "B", "challenge": #"Basic realm="proxy""#, "expect": "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="],
            ["name": "N", "challenge": #"Bearer realm="proxy""#, "expect": Self.proxyToken],
            // Not used as a proxy: an origin that answers every request with 407.
            ["name": "O", "challenge": #"Bearer realm="proxy""#, "expect": Self.proxyToken],
        ]
        let proxies = try RecordingServers(
            fixture: "recording_proxy.py",
            config: String(decoding: try JSONEncoder().encode(["proxies": proxySpecs]), as: UTF8.self), count: 4)
        func url(_ name: String) -> String { "http://127.0.0.1:\(proxies.port(name))/" }

        var policy = GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP))
        // O is allowlisted too: its 407 must be refused for being an origin's, not for its host.
        policy.credentials.allowedBaseURLs = ["https://127.0.0.1:\(origins.port("T"))/", url("P"), url("B"), url("O")]
        let requestGuard = try RequestGuard(policy: policy)
        let ca = try CertificatePins.certificates(in: Array(try Data(contentsOf: URL(fileURLWithPath: pki.caCertificate))))
        let asked = Asked()
        func client(proxy: String?) throws -> GuardedHTTPClient {
            var configuration = GuardedHTTPClient.Configuration(trustRoots: ca)
            configuration.challengeRules = ChallengeRules(allowBearerOverHTTP: true)
            configuration.proxy = proxy.map { .server(host: "127.0.0.1", port: proxies.port($0)) }
            configuration.credentials = { url, _, scheme in
                asked.urls.withLock { $0.append(url) }
                return scheme == .bearer
                    ? .bearer("proxy-token")
                    : (try? BasicCredentials(userID: "Aladdin", password: "open sesame")).map { .basic($0) }
            }
            return try GuardedHTTPClient(requestGuard: requestGuard, configuration: configuration)
        }
        func request(_ scheme: String, _ port: Int, _ path: String) -> HTTPRequest {
            var request = HTTPRequest(method: .get, scheme: scheme, authority: "127.0.0.1:\(port)", path: path)
            if scheme == "https" { request.headerFields[.authorization] = Self.originToken }
            return request
        }
        // The status, or the error's code and text: every client is shut down whatever happens
        // (AsyncHTTPClient traps when a client is released without it).
        func outcome(_ client: GuardedHTTPClient, _ request: HTTPRequest) async -> String {
            do {
                return String(try await client.execute(request).status.code)
            } catch {
                return "\(error)"
            }
        }

        // P: answered once; later calls reuse the answer; a 407 from the origin behind P is returned.
        let viaP = try client(proxy: "P")
        let first = await outcome(viaP, request("https", origins.port("T"), "/first"))
        let second = await outcome(viaP, request("https", origins.port("T"), "/second"))
        let behindP = await outcome(viaP, request("http", proxies.port("O"), "/behind-p"))
        try await viaP.shutdown()
        #expect([first, second, behindP] == ["200", "200", "407"])
        // B: Basic to a proxy reached over plain http is refused; N: not allowlisted.
        let viaB = try client(proxy: "B")
        let viaN = try client(proxy: "N")
        let refusedB = await outcome(viaB, request("https", origins.port("T"), "/b"))
        let refusedN = await outcome(viaN, request("https", origins.port("T"), "/n"))
        try await viaB.shutdown()
        try await viaN.shutdown()
        #expect(refusedB.hasPrefix("challenge-insecure: "), "\(refusedB)")
        #expect(refusedN.hasPrefix("credentials-not-allowed: "), "\(refusedN)")
        // No proxy configured: an origin's 407 is returned unanswered.
        let direct = try client(proxy: nil)
        let fromOrigin = await outcome(direct, request("http", proxies.port("O"), "/direct"))
        try await direct.shutdown()
        #expect(fromOrigin == "407")

        // The provider was asked for the configured proxy's URL only, once.
        #expect(asked.urls.withLock { $0 } == [url("P")])
        let proxyEvents = try proxies.finish()
        let originEvents = try origins.finish().filter { $0.event == "request" }
        func log(_ name: String) -> [RecordingServers.Event] { proxyEvents.filter { $0.server == name } }
        // P: the first CONNECT (the client asking for the challenge) without the answer, every
        // later one (AsyncHTTPClient's tunnels to T and O) with it; never an Authorization.
        let viaPAnswers = log("P").map { "\($0.method ?? "") \($0.header("Proxy-Authorization") ?? "-")" }
        #expect(viaPAnswers.first == "CONNECT -")
        #expect(viaPAnswers.count >= 3 && viaPAnswers.dropFirst().allSatisfy { $0 == "CONNECT \(Self.proxyToken)" }, "\(viaPAnswers)")
        #expect(log("P").allSatisfy { $0.header("Authorization") == nil })
        // B and N: asked once, refused before anything else reached them.
        for name in ["B", "N"] {
            #expect(log(name).map { "\($0.method ?? "") \($0.header("Proxy-Authorization") ?? "-")" } == ["CONNECT -"])
            #expect(log(name).allSatisfy { $0.header("Authorization") == nil })
        }
        // O (an origin answering 407): asked twice, through P and directly; never answered.
        #expect(log("O").map { $0.target ?? "" } == ["/behind-p", "/direct"])
        #expect(log("O").allSatisfy { $0.header("Proxy-Authorization") == nil })
        // T: the origin's own credential arrived, the proxy's never.
        #expect(originEvents.compactMap(\.path) == ["/first", "/second"])
        #expect(originEvents.allSatisfy { $0.header("Authorization") == Self.originToken })
        #expect(originEvents.allSatisfy { $0.header("Proxy-Authorization") == nil })
    }
}
