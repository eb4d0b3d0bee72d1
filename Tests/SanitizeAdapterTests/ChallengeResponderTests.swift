import Foundation
import SanitizeKit
import SanitizeURLSession
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``ChallengeResponder`` on challenges built here, as URLSession builds them: the answer
/// path (which Linux cannot reach end to end: its URLSession cannot trust a test CA, and Basic
/// is never answered over plain http) and every refusal, with the disposition each gets.
@Suite("ChallengeResponder: URLSession challenges through RequestGuard.decide")
struct ChallengeResponderTests {
    /// A sender URLSession would supply; the responder never calls it.
    final class Sender: NSObject, URLAuthenticationChallengeSender {
        func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
        func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
        func cancel(_ challenge: URLAuthenticationChallenge) {}
        func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
        func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
    }

    static let requestGuard: RequestGuard = {
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP))
        policy.credentials.allowedBaseURLs = [
            "https://127.0.0.1:8443/", "https://127.0.0.1:8444/v1/", "http://127.0.0.1:8080/", "http://127.0.0.1:3128/",
        ]
        return try! RequestGuard(policy: policy)
    }()

    static func responder(realms: [String] = [], proxy: String? = "http://127.0.0.1:3128/") -> ChallengeResponder {
        ChallengeResponder(requestGuard: requestGuard, rules: ChallengeRules(realms: realms), proxy: proxy) { _, realm, _ in
            realm == "WallyWorld" ? (try? BasicCredentials(userID: "Aladdin", password: "open sesame")).map { .basic($0) } : nil
        }
    }

    /// A challenge for `url`'s host and port (or a proxy's), with a failure response carrying `field`.
    static func challenge(
        _ url: String, method: String = NSURLAuthenticationMethodHTTPBasic, field: String? = #"Basic realm="WallyWorld""#,
        proxy: Bool = false, previousFailures: Int = 0
    ) -> URLAuthenticationChallenge {
        let parsed = URL(string: url)!
        let space =
            proxy
            ? URLProtectionSpace(
                proxyHost: parsed.host!, port: parsed.port!, type: NSURLProtectionSpaceHTTPProxy, realm: "WallyWorld",
                authenticationMethod: method)
            : URLProtectionSpace(
                host: parsed.host!, port: parsed.port!, protocol: parsed.scheme!, realm: "WallyWorld",
                authenticationMethod: method)
        let name = proxy ? "Proxy-Authenticate" : "WWW-Authenticate"
        let response = HTTPURLResponse(
            url: parsed, statusCode: proxy ? 407 : 401, httpVersion: "HTTP/1.1", headerFields: field.map { [name: $0] })
        return URLAuthenticationChallenge(
            protectionSpace: space, proposedCredential: nil, previousFailureCount: previousFailures,
            failureResponse: response, error: nil, sender: Sender())
    }

    /// The outcome as text: `use Aladdin`, `cancel challenge-insecure`, `default`.
    static func outcome(_ response: ChallengeResponder.Response) -> String {
        switch (response.disposition, response.decision) {
        case (.useCredential, _): "use \(response.credential?.user ?? "?"):\(response.credential?.password ?? "?")"
        case (.cancelAuthenticationChallenge, .refuse(let denial)?): "cancel \(denial.code)"
        case (.performDefaultHandling, nil): "default"
        default: "unexpected \(response.disposition)"
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var challenge: @Sendable () -> URLAuthenticationChallenge
        var realms: [String] = []
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "allowlisted https origin", challenge: { challenge("https://127.0.0.1:8443/v1/me") },
             expected: "use Aladdin:open sesame"),
        Case(name: "Default method is Basic", challenge: {
            challenge("https://127.0.0.1:8443/v1/me", method: NSURLAuthenticationMethodDefault) }, expected: "use Aladdin:open sesame"),
        Case(name: "no field: the protection space's realm", challenge: { challenge("https://127.0.0.1:8443/v1/", field: nil) },
             expected: "use Aladdin:open sesame"),
        Case(name: "a failure before: not again", challenge: { challenge("https://127.0.0.1:8443/v1/me", previousFailures: 1) },
             expected: "cancel challenge-repeated"),
        Case(name: "plain http", challenge: { challenge("http://127.0.0.1:8080/") }, expected: "cancel challenge-insecure"),
        Case(name: "not allowlisted", challenge: { challenge("https://127.0.0.1:9443/v1/") }, expected: "cancel credentials-not-allowed"),
        Case(name: "unknown realm", challenge: { challenge("https://127.0.0.1:8443/v1/") }, realms: ["Other"],
             expected: "cancel challenge-realm-not-allowed"),
        Case(name: "Digest", challenge: {
            challenge("https://127.0.0.1:8443/v1/", method: NSURLAuthenticationMethodHTTPDigest, field: #"Digest realm="WallyWorld", nonce="n""#)
        }, expected: "cancel challenge-scheme-not-allowed"),
        Case(name: "unparsable field", challenge: { challenge("https://127.0.0.1:8443/v1/", field: #"Basic realm="a", realm="b""#) },
             expected: "cancel challenge-scheme-not-allowed"),
        Case(name: "the configured proxy (reached over plain http)", challenge: { challenge("http://127.0.0.1:3128/", proxy: true) },
             expected: "cancel challenge-insecure"),
        Case(name: "a proxy that is not the configured one", challenge: { challenge("http://127.0.0.1:3129/", proxy: true) },
             expected: "cancel challenge-not-applicable"),
        Case(name: "server trust is not a credential question", challenge: {
            challenge("https://127.0.0.1:8443/", method: "NSURLAuthenticationMethodServerTrust") }, expected: "default"),
    ]

    @Test("disposition per challenge", arguments: cases)
    func disposition(_ item: Case) {
        #expect(Self.outcome(Self.responder(realms: item.realms).respond(to: item.challenge(), task: nil)) == item.expected)
    }

    @Test("the task's URL is the origin: its path scope, its host; once per realm per task")
    func taskOrigin() throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let responder = Self.responder()
        let inScope = session.dataTask(with: URL(string: "https://127.0.0.1:8444/v1/me")!)
        let outOfScope = session.dataTask(with: URL(string: "https://127.0.0.1:8444/admin")!)
        let otherHost = session.dataTask(with: URL(string: "https://127.0.0.1:9443/v1/me")!)
        let challenge = Self.challenge("https://127.0.0.1:8444/v1/me")
        #expect(Self.outcome(responder.respond(to: challenge, task: inScope)) == "use Aladdin:open sesame")
        #expect(Self.outcome(responder.respond(to: challenge, task: inScope)) == "cancel challenge-repeated")
        #expect(Self.outcome(responder.respond(to: challenge, task: outOfScope)) == "cancel credentials-not-allowed")
        #expect(Self.outcome(responder.respond(to: challenge, task: otherHost)) == "cancel challenge-not-applicable")
        responder.forget(inScope)
        #expect(Self.outcome(responder.respond(to: challenge, task: inScope)) == "use Aladdin:open sesame")
    }
}
