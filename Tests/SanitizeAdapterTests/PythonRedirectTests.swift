import Foundation
import HTTPTypes
import SanitizeAsyncHTTPClient
import SanitizeKit
import SanitizePinning
import SanitizeURLSession
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Redirects between real servers (Python, loopback): A may receive credentials, B may not;
/// B's own log says what reached it.
@Suite("Redirects through the adapters, against recording servers", .integration, .serialized)
struct PythonRedirectTests {
    /// A plain-http A that redirects /go to B, and B.
    static func servers() throws -> RecordingServers {
        try RecordingServers([
            .init(
                name: "A",
                redirects: [
                    "/go": "http://127.0.0.1:{PORT_B}/landing", "/to-local": "http://192.168.0.10:{PORT_B}/landing",
                ]),
            .init(name: "B"),
        ])
    }

    /// Loopback over http allowed; credentials only for A.
    static func guardFor(_ servers: RecordingServers) throws -> RequestGuard {
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP))
        policy.credentials.allowedBaseURLs = ["http://127.0.0.1:\(servers.port("A"))/"]
        // FoundationNetworking cannot set a TLS floor (URLSessionTLSFloor); these servers are plain http.
        policy.transport.allowUnenforcedTLSFloor = true
        return try RequestGuard(policy: policy)
    }

    static func check(_ events: [RecordingServers.Event]) {
        let atA = events.filter { $0.server == "A" && $0.path == "/go" }
        let atB = events.filter { $0.server == "B" && $0.path == "/landing" }
        #expect(atA.count == 1 && atB.count == 1)
        #expect(atA.first?.header("Authorization") == "Bearer secret-token")
        #expect(atA.first?.header("Cookie") == "session=s3cr3t")
        #expect(atB.first?.header("Authorization") == nil)
        #expect(atB.first?.header("Cookie") == nil)
        #expect(atB.first?.header("X-Trace") == "t-1")
    }

    @Test("AsyncHTTPClient: A's 302 to B arrives at B without Authorization and Cookie")
    func asyncHTTPClient() async throws {
        let servers = try Self.servers()
        let client = try GuardedHTTPClient(requestGuard: try Self.guardFor(servers))
        var request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(servers.port("A"))", path: "/go")
        request.headerFields[.authorization] = "Bearer secret-token"
        request.headerFields[.cookie] = "session=s3cr3t"
        request.headerFields[HTTPField.Name("X-Trace")!] = "t-1"
        let response: Result<GuardedResponse, GuardedClientError>
        do {
            response = .success(try await client.execute(request))
        } catch {
            response = .failure(error)
        }
        try await client.shutdown()
        let events = try servers.finish()
        let answer = try response.get()
        #expect(answer.status == .ok && answer.url.hasSuffix("/landing"))
        #expect(answer.removedHeaders == ["Authorization", "Cookie"])
        Self.check(events)
    }

    @Test("URLSession: A's 302 to B arrives at B without Authorization and Cookie")
    func urlSession() async throws {
        let servers = try Self.servers()
        let session = try GuardedURLSession(requestGuard: try Self.guardFor(servers), timeout: 20)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(servers.port("A"))/go")!)
        request.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
        request.setValue("session=s3cr3t", forHTTPHeaderField: "Cookie")
        request.setValue("t-1", forHTTPHeaderField: "X-Trace")
        let result: Result<(Data, HTTPURLResponse), any Error>
        do {
            result = .success(try await session.data(for: request))
        } catch {
            result = .failure(error)
        }
        session.invalidate()
        let events = try servers.finish()
        let (data, response) = try result.get()
        #expect(response.statusCode == 200 && data == Data("ok".utf8))
        Self.check(events)
    }

    @Test("URLSession responses: a body checked against its contract, an error status mapped to the catalog")
    func urlSessionResponses() async throws {
        let secret = "internal stack trace 42"
        let servers = try RecordingServers([
            .init(
                name: "S",
                bodies: [
                    "/user": #"{"id": 1}"#, "/bad-user": #"{"id": "one"}"#,
                    "/gone": #"{"code": "gone", "message": "\#(secret)"}"#,
                ],
                statuses: ["/gone": 410])
        ])
        let contract = try Contract(schema: #"{"type": "object", "properties": {"id": {"type": "integer"}}}"#)
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP))
        policy.transport.allowUnenforcedTLSFloor = true  // plain http; FoundationNetworking sets no TLS floor
        let session = try GuardedURLSession(requestGuard: try RequestGuard(policy: policy))
        var outcomes: [String] = []
        var message = ""
        for path in ["/user", "/bad-user", "/gone"] {
            let (data, response) = try await session.data(
                for: URLRequest(url: URL(string: "http://127.0.0.1:\(servers.port("S"))\(path)")!))
            switch response.checked(data: data, against: contract, locale: "en") {
            case .valid(let body): outcomes.append("valid \(body.count)")
            case .invalid(let violations): outcomes.append("invalid " + violations.map(\.code.rawValue).joined())
            case .failure(let status, let text):
                outcomes.append("failure \(status)")
                message = text.text
            }
        }
        session.invalidate()
        _ = try servers.finish()
        #expect(outcomes == ["valid 9", "invalid type", "failure 410"])
        #expect(message == ServerErrorMapper().message(forCode: "gone", status: 410, locale: "en").text)
        #expect(!message.contains(secret))
    }

    @Test("URLSession: a redirect to a local network is refused with the guard's code")
    func urlSessionRefused() async throws {
        let servers = try Self.servers()
        let session = try GuardedURLSession(requestGuard: try Self.guardFor(servers), timeout: 20)
        let request = URLRequest(url: URL(string: "http://127.0.0.1:\(servers.port("A"))/to-local")!)
        var code = "followed"
        do {
            _ = try await session.data(for: request)
        } catch let denial as GuardDenial {
            code = denial.code.rawValue
        }
        session.invalidate()
        let events = try servers.finish()
        #expect(code == "local-network-not-allowed")
        #expect(events.map(\.server) == ["A"])
    }

    @Test("a redirect to plain http, or to a local network, is refused and B receives nothing")
    func refusedRedirects() async throws {
        let pki = try TestPKI()
        let leaf = try pki.leaf(.ecP256, name: "redirect-a")
        let servers = try RecordingServers([
            .init(
                name: "A", cert: leaf.chain, key: leaf.key,
                redirects: [
                    "/to-http": "http://127.0.0.1:{PORT_B}/landing",
                    "/to-local": "https://192.168.0.10:{PORT_B}/landing",
                    "/to-relative-http": "http://localhost:{PORT_B}/landing",
                ]),
            .init(name: "B"),
        ])
        let ca = try CertificatePins.certificates(in: Array(try Data(contentsOf: URL(fileURLWithPath: pki.caCertificate))))
        let requestGuard = try RequestGuard(policy: GuardPolicy(transport: TransportPolicy(loopback: .httpsOnly)))
        let client = try GuardedHTTPClient(requestGuard: requestGuard, configuration: .init(trustRoots: ca))
        var codes: [String: String] = [:]
        for path in ["/to-http", "/to-local", "/to-relative-http"] {
            let request = HTTPRequest(method: .get, scheme: "https", authority: "127.0.0.1:\(servers.port("A"))", path: path)
            do {
                _ = try await client.execute(request)
                codes[path] = "followed"
            } catch {
                codes[path] = error.code.rawValue
            }
        }
        try await client.shutdown()
        let events = try servers.finish()
        #expect(codes == [
            "/to-http": "insecure-transport", "/to-local": "local-network-not-allowed",
            "/to-relative-http": "insecure-transport",
        ])
        #expect(events.filter { $0.server == "A" && $0.event == "request" }.count == 3)
        #expect(!events.contains { $0.server == "B" })
    }
}
