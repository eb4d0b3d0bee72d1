import Foundation
import SanitizeKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// End to end: a real URLSession client behind the guard, two real HTTP servers on loopback
/// that record every header they receive. Only server A's `/api` is allowlisted.
@Suite("Request guard end to end", .integration)
struct GuardEndToEndTests {
    static let credentials: [(String, String)] = [
        ("Authorization", "Bearer e2e-secret"), ("Cookie", "sid=e2e-secret"), ("X-Api-Key", "e2e-secret"),
        ("Accept", "text/plain"),
    ]
    static let credentialNames = ["authorization", "cookie", "x-api-key"]

    @Test("a guarded client never sends credentials to a host that is not allowlisted")
    func neverLeaks() async throws {
        let server = try RecordingServer()
        let a = "http://127.0.0.1:\(server.portA)"
        let b = "http://127.0.0.1:\(server.portB)"
        let requestGuard = try RequestGuard(
            policy: GuardPolicy(
                transport: TransportPolicy(loopback: .allowHTTP),
                credentials: CredentialPolicy(allowedBaseURLs: ["\(a)/api"])))
        let client = GuardedClient(requestGuard: requestGuard)

        // 1. The allowlisted base URL gets its credentials.
        let toA = try await client.send("\(a)/api/items", headers: Self.credentials, strip: true)
        // 2. The other server: stripped (sanitized) or refused (check).
        let toBStripped = try await client.send("\(b)/other", headers: Self.credentials, strip: true)
        let toBChecked = try await client.send("\(b)/refused", headers: Self.credentials, strip: false)
        // 3. Server A outside /api, and a dot-segment trick: stripped.
        let outsideAPI = try await client.send("\(a)/admin", headers: Self.credentials, strip: true)
        let dotTrick = try await client.send("\(a)/api/%2e%2e/admin", headers: Self.credentials, strip: true)
        // 4. A redirect from A's /api to B: followed, without credentials.
        let redirected = try await client.send("\(a)/api/redirect", headers: Self.credentials, strip: true)
        // 5. Control: the same client's session without the guard does send them to B, so the
        //    recorder would have seen a leak.
        var control = URLRequest(url: try #require(URL(string: "\(b)/control")))
        control.addValue("Bearer e2e-secret", forHTTPHeaderField: "Authorization")
        _ = try await client.session.fetch(control)

        let requests = try await server.stop(using: client.session)

        if case .sent(let status) = toA { #expect(status == 200) } else { Issue.record("A was not reached: \(toA)") }
        if case .refused(let reason) = toBChecked {
            #expect(reason.code == .credentialsNotAllowed)
        } else {
            Issue.record("check mode sent credentials to B: \(toBChecked)")
        }
        for outcome in [toBStripped, outsideAPI, dotTrick, redirected] {
            if case .sent(let status) = outcome { #expect(status == 200) } else { Issue.record("not sent: \(outcome)") }
        }

        func received(_ server: String, _ path: String) -> RecordingServer.Request? {
            requests.first { $0.server == server && $0.path == path }
        }
        // A's API received every credential.
        let items = try #require(received("A", "/api/items"))
        #expect(items.header("Authorization") == "Bearer e2e-secret")
        #expect(items.header("Cookie") == "sid=e2e-secret")
        #expect(items.header("X-Api-Key") == "e2e-secret")
        #expect(try #require(received("A", "/api/redirect")).header("Authorization") == "Bearer e2e-secret")
        // Everything else arrived, with no credential at all.
        for (server, path) in [("B", "/other"), ("A", "/admin"), ("A", "/api/%2e%2e/admin"), ("B", "/landing")] {
            let request = try #require(received(server, path), "\(server) \(path) never arrived")
            for name in Self.credentialNames {
                #expect(request.header(name) == nil, "\(name) leaked to \(server) \(path)")
            }
            #expect(request.header("Accept") == "text/plain", "\(server) \(path) lost its other headers")
        }
        // The refused request never left.
        #expect(received("B", "/refused") == nil)
        // The control shows what an unguarded request does.
        #expect(try #require(received("B", "/control")).header("Authorization") == "Bearer e2e-secret")
        // No request anywhere carried the secret except those to A's /api.
        for request in requests
        where !(request.server == "A" && request.path.hasPrefix("/api/") && !request.path.contains("%2e"))
            && request.path != "/control"
        {
            #expect(!request.headers.joined().joined().contains("e2e-secret"), "\(request.server) \(request.path)")
        }
    }
}
