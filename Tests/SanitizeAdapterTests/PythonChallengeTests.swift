import Foundation
import HTTPTypes
import SanitizeAsyncHTTPClient
import SanitizeKit
import SanitizePinning
import TestSupport
import Testing

/// `GuardedHTTPClient` answering `401` challenges from a real TLS server (Python, loopback)
/// through ``RequestGuard/decide(status:challenges:origin:proxy:rules:answered:credentials:)``;
/// the server's log shows where a credential went.
@Suite("401 challenges through GuardedHTTPClient, against a recording server", .integration, .serialized)
struct PythonChallengeTests {
    static let expected = "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="

    @Test("answered once for an allowlisted origin; refused elsewhere and never repeated")
    func challenges() async throws {
        let pki = try TestPKI()
        let leaf = try pki.leaf(.ecP256, name: "challenge")
        let challenge = ["challenge": #"Basic realm="WallyWorld""#, "expect": Self.expected]
        let wrong = ["challenge": #"Basic realm="WallyWorld""#, "expect": "Basic nobody-has-this"]
        let servers = try RecordingServers([
            .init(name: "T", cert: leaf.chain, key: leaf.key, challenges: ["/ok": challenge, "/loop": wrong]),
            .init(name: "U", cert: leaf.chain, key: leaf.key, challenges: ["/ok": challenge]),
            .init(name: "H", challenges: ["/ok": challenge]),
        ])
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP))
        policy.credentials.allowedBaseURLs = [
            "https://127.0.0.1:\(servers.port("T"))/", "http://127.0.0.1:\(servers.port("H"))/",
        ]
        let ca = try CertificatePins.certificates(in: Array(try Data(contentsOf: URL(fileURLWithPath: pki.caCertificate))))
        var configuration = GuardedHTTPClient.Configuration(trustRoots: ca)
        configuration.credentials = { _, realm, scheme in
            realm == "WallyWorld" && scheme == .basic
                ? (try? BasicCredentials(userID: "Aladdin", password: "open sesame")).map { .basic($0) } : nil
        }
        let client = try GuardedHTTPClient(requestGuard: try RequestGuard(policy: policy), configuration: configuration)
        var statuses: [String: Int] = [:]
        for (server, scheme, path) in [("T", "https", "/ok"), ("T", "https", "/loop"), ("U", "https", "/ok"), ("H", "http", "/ok")] {
            let request = HTTPRequest(method: .get, scheme: scheme, authority: "127.0.0.1:\(servers.port(server))", path: path)
            statuses["\(server)\(path)"] = Int(try await client.execute(request).status.code)
        }
        try await client.shutdown()
        let events = try servers.finish().filter { $0.event == "request" }
        #expect(statuses == ["T/ok": 200, "T/loop": 401, "U/ok": 401, "H/ok": 401])
        func authorizations(_ server: String, _ path: String) -> [String] {
            events.filter { $0.server == server && $0.path == path }.map { $0.header("Authorization") ?? "-" }
        }
        #expect(authorizations("T", "/ok") == ["-", Self.expected])
        #expect(authorizations("T", "/loop") == ["-", Self.expected])  // answered once, then stopped
        #expect(authorizations("U", "/ok") == ["-"])  // not allowlisted: never sent
        #expect(authorizations("H", "/ok") == ["-"])  // allowlisted, but Basic over plain http: never sent
    }
}
