import Foundation
import Testing

@testable import SanitizeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #14's proof with real clients: for URLs the guard denies, curl (with libidn2) and
/// URLSession (FoundationNetworking) really reach a server on 127.0.0.1, so each denial
/// stopped a request that would have left for this machine. The server is
/// `Fixtures/guard/recording_server.py` (python3), on ports the OS chose.
@Suite("curl and URLSession reach loopback where the guard denies", .integration)
struct CurlAndURLSessionLoopbackTests {
    /// Hosts that the old subset mapping read as public names, and ASCII loopback spellings.
    static let curlHosts = [
        "127.0.0.\u{B9}", "\u{2460}\u{2461}\u{2466}.\u{24EA}.\u{24EA}.\u{2460}", "a.\u{2113}ocalhost",
        "\u{FF2C}\u{FF2F}\u{FF23}\u{FF21}\u{FF2C}\u{FF28}\u{FF2F}\u{FF33}\u{FF34}", "2130706433", "0x7f.1",
        "0177.0.0.1", "a.localhost", "[::ffff:127.0.0.1]",
    ]
    /// The subset URLSession's URL type accepts on Linux (it maps Unicode hosts itself).
    static let sessionHosts = [
        "127.0.0.\u{B9}", "\u{2460}\u{2461}\u{2466}.\u{24EA}.\u{24EA}.\u{2460}", "a.\u{2113}ocalhost", "a.localhost",
    ]

    @Test("every URL is denied by the guard and reached by curl and URLSession")
    func deniedButReachable() async throws {
        let server = try RecordingServer()
        let session = URLSession(configuration: .ephemeral)
        var expected: [String] = []
        for (index, host) in Self.curlHosts.enumerated() {
            let path = "/curl/\(index)"
            let url = "http://\(host):\(server.portA)\(path)"
            let decision = RequestGuard.standard.check(url: url)
            #expect(decision.denialCode == .loopbackNotAllowed, "\(url): \(decision)")
            let run = try ExternalTool.run(
                "curl", ["--noproxy", "*", "-s", "-o", "/dev/null", "-m", "20", "-w", "%{http_code}", url])
            #expect(run.output == "200", "curl \(url): \(run.output) \(run.stderr)")
            expected.append(path)
        }
        for (index, host) in Self.sessionHosts.enumerated() {
            let path = "/session/\(index)"
            let text = "http://\(host):\(server.portA)\(path)"
            #expect(RequestGuard.standard.check(url: text).denialCode == .loopbackNotAllowed, "\(text)")
            let url = try #require(URL(string: text), "URL(string:) refuses \(text)")
            let response = try await session.fetch(URLRequest(url: url))
            #expect(response.statusCode == 200, "URLSession \(text)")
            expected.append(path)
        }
        // %2e in a path: with credentials allowed for /v1 only, the guard refuses them for
        // /admin/%2e%2e/v1/x, and curl sends that path as it is (a server that does not
        // decode %2e routes it under /admin).
        let scoped = try GuardPolicies.make(
            #"{"version": 1, "transport": {"loopback": "allow-http"}, "credentials": {"allowedBaseURLs": ["http://127.0.0.1:\#(server.portA)/v1"]}}"#
        )
        let dotted = "http://127.0.0.1:\(server.portA)/admin/%2e%2e/v1/x"
        #expect(scoped.check(url: dotted, headers: [("Authorization", "Bearer t")]).denialCode == .credentialsNotAllowed)
        #expect(scoped.check(url: "http://127.0.0.1:\(server.portA)/v1/x", headers: [("Authorization", "Bearer t")]).isAllowed)
        let run = try ExternalTool.run("curl", ["--noproxy", "*", "-s", "-o", "/dev/null", "-m", "20", dotted])
        #expect(run.status == 0)

        let received = try await server.stop(using: session)
        let paths = Set(received.map(\.path))
        for path in expected { #expect(paths.contains(path), "the server did not receive \(path)") }
        #expect(paths.contains("/admin/%2e%2e/v1/x"), "curl changed the path: \(paths.sorted())")
    }
}
