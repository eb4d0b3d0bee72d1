import Foundation
import SanitizeKit
import SanitizeURLSession
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession with ``ChallengeDelegate`` against recording servers (Python, loopback, plain
/// http: Linux's URLSession cannot be told to trust a test CA). It proves what this platform
/// delivers: the `401` reaches the delegate as a challenge, every refusal cancels the task,
/// and the server sees no credential. The answer path is proved on built challenges
/// (``ChallengeResponderTests``).
@Suite("URLSession 401 challenges through ChallengeDelegate, against recording servers", .integration, .serialized)
struct PythonURLSessionChallengeTests {
    /// A delegate of its own that calls the responder (the composable way), recording each decision.
    final class RecordingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
        let responder: ChallengeResponder
        let decisions = Mutex<[String]>([])

        init(responder: ChallengeResponder) { self.responder = responder }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            let response = responder.respond(to: challenge, task: task)
            decisions.withLock { $0.append(response.decision.map { "\($0)" } ?? "none") }
            completionHandler(response.disposition, response.credential)
        }
    }

    /// How often the credentials provider was asked.
    final class Asked: Sendable {
        let count = Mutex(0)
    }

    /// The task's `URLError` code, or its HTTP status when it ended without an error.
    static func outcome(_ session: URLSession, _ url: URL) async -> Int {
        await withCheckedContinuation { continuation in
            session.dataTask(with: url) { _, response, error in
                continuation.resume(
                    returning: (error as? URLError)?.code.rawValue ?? (response as? HTTPURLResponse)?.statusCode ?? 0)
            }.resume()
        }
    }

    @Test("the 401 reaches the delegate; refused (plain http, not allowlisted) it cancels; no credential sent")
    func refusals() async throws {
        let challenge = ["challenge": #"Basic realm="WallyWorld""#, "expect": "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="]
        let servers = try RecordingServers([
            .init(name: "H", challenges: ["/ok": challenge]), .init(name: "U", challenges: ["/ok": challenge]),
        ])
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP))
        policy.credentials.allowedBaseURLs = ["http://127.0.0.1:\(servers.port("H"))/"]
        let asked = Asked()
        let responder = ChallengeResponder(requestGuard: try RequestGuard(policy: policy)) { _, _, _ in
            asked.count.withLock { $0 += 1 }
            return (try? BasicCredentials(userID: "Aladdin", password: "open sesame")).map { .basic($0) }
        }
        let delegate = RecordingDelegate(responder: responder)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCredentialStorage = nil
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var errors: [String] = []
        for server in ["H", "U"] {
            let url = URL(string: "http://127.0.0.1:\(servers.port(server))/ok")!
            let code = await Self.outcome(session, url)
            errors.append("\(server) \(code)")
        }
        let events = try servers.finish().filter { $0.event == "request" }
        #expect(errors == ["H \(URLError.Code.cancelled.rawValue)", "U \(URLError.Code.cancelled.rawValue)"])
        let decisions = delegate.decisions.withLock { $0 }
        #expect(decisions.count == 2)
        #expect(decisions.first?.hasPrefix("refuse: challenge-insecure:") == true, "\(decisions)")
        #expect(decisions.last?.hasPrefix("refuse: credentials-not-allowed:") == true, "\(decisions)")
        #expect(asked.count.withLock { $0 } == 0)
        #expect(events.map { "\($0.server) \($0.path ?? "") \($0.header("Authorization") ?? "-")" } == ["H /ok -", "U /ok -"])
    }

    @Test("ChallengeDelegate itself: the refused task ends with URLError.cancelled, nothing sent")
    func delegateCancels() async throws {
        let servers = try RecordingServers([
            .init(name: "H", challenges: ["/ok": ["challenge": #"Basic realm="WallyWorld""#, "expect": "Basic x"]])
        ])
        let responder = ChallengeResponder(requestGuard: try RequestGuard(policy: GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP)))) { _, _, _ in
            (try? BasicCredentials(userID: "Aladdin", password: "open sesame")).map { .basic($0) }
        }
        let session = URLSession(configuration: .ephemeral, delegate: ChallengeDelegate(responder: responder), delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let url = URL(string: "http://127.0.0.1:\(servers.port("H"))/ok")!
        let code = await Self.outcome(session, url)
        let events = try servers.finish().filter { $0.event == "request" }
        #expect(code == URLError.Code.cancelled.rawValue)
        #expect(events.map { $0.header("Authorization") ?? "-" } == ["-"])
    }
}
