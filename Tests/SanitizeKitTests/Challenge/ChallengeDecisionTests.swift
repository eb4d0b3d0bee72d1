import Foundation
import Testing

@testable import SanitizeKit

@Suite("Answering 401 and 407 challenges")
struct ChallengeDecisionTests {
    static let policy = """
        {"version": 1,
         "transport": {"httpExceptions": [{"domain": "legacy.example.com", "includesSubdomains": false}]},
         "credentials": {"allowedBaseURLs": ["https://api.example.com/", "http://legacy.example.com/",
                                             "https://proxy.example.net:8443"]}}
        """

    static func challenges(_ field: String) throws -> [AuthChallenge] { try AuthChallengeParser.parse(field).get() }

    static let aladdin = try! BasicCredentials(userID: "Aladdin", password: "open sesame")

    /// A provider that records what it was asked and has credentials for every origin.
    final class Provider: @unchecked Sendable {
        var asked: [String] = []
        func callAsFunction(_ origin: String, _ realm: String?, _ scheme: ChallengeRules.Scheme) -> ChallengeCredentials? {
            asked.append("\(origin) \(realm ?? "-") \(scheme)")
            return scheme == .basic ? .basic(ChallengeDecisionTests.aladdin) : .bearer("mF_9.B5f-4.1JqM")
        }
    }

    @Test("an allowlisted https origin is answered once, with the RFC 7617 value")
    func answersBasic() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        let provider = Provider()
        let decision = requestGuard.decide(
            status: 401, challenges: try Self.challenges(#"Basic realm="WallyWorld", charset="UTF-8""#),
            origin: "https://api.example.com/v1/me", credentials: provider.callAsFunction)
        guard case .answer(let field, let value, let challenge) = decision else {
            Issue.record("expected an answer, got \(decision)")
            return
        }
        #expect(field == "Authorization" && value == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(decision.description == #"answer: Basic realm="WallyWorld""#)
        #expect(provider.asked == ["https://api.example.com/v1/me WallyWorld basic"])
        // The server challenges again after the answer: no loop.
        let again = requestGuard.decide(
            status: 401, challenges: [challenge], origin: "https://api.example.com/v1/me",
            answered: [RequestGuard.answerKey(for: challenge)], credentials: provider.callAsFunction)
        #expect(again.refusalCode == .challengeRepeated)
    }

    @Test("Bearer is taken when Basic is not allowed; the first allowed scheme wins")
    func bearer() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        let provider = Provider()
        let decision = requestGuard.decide(
            status: 401, challenges: try Self.challenges(#"Basic realm="a", Bearer realm="a", error="invalid_token""#),
            origin: "https://api.example.com/", rules: ChallengeRules(schemes: [.bearer]),
            credentials: provider.callAsFunction)
        #expect(decision == .answer(field: "Authorization", value: "Bearer mF_9.B5f-4.1JqM",
                                    challenge: try Self.challenges(#"Bearer realm="a", error="invalid_token""#)[0]))
    }

    /// (status, field, origin, proxy, rules, expected refusal code).
    static let refusals: [(Int, String, String, String?, ChallengeRules, GuardDenial.Code)] = [
        (401, #"Basic realm="x""#, "https://evil.example.org/", nil, ChallengeRules(), .credentialsNotAllowed),
        (401, #"Basic realm="x""#, "http://legacy.example.com/", nil, ChallengeRules(), .challengeInsecure),
        (401, #"Bearer realm="x""#, "http://legacy.example.com/", nil, ChallengeRules(), .challengeInsecure),
        (401, #"Basic realm="x""#, "http://api.example.com/", nil, ChallengeRules(), .insecureTransport),
        (401, #"Basic realm="other""#, "https://api.example.com/", nil, ChallengeRules(realms: ["x"]), .challengeRealmNotAllowed),
        (401, #"Digest realm="x", nonce="abc", algorithm=MD5"#, "https://api.example.com/", nil, ChallengeRules(), .challengeSchemeNotAllowed),
        (401, #"Basic realm="x", charset="ISO-8859-1""#, "https://api.example.com/", nil, ChallengeRules(), .challengeCharset),
        (407, #"Basic realm="proxy""#, "https://api.example.com/", nil, ChallengeRules(), .challengeNotApplicable),
        (407, #"Basic realm="proxy""#, "https://api.example.com/", "https://evil-proxy.example.org:3128", ChallengeRules(), .credentialsNotAllowed),
        (500, #"Basic realm="x""#, "https://api.example.com/", nil, ChallengeRules(), .challengeNotApplicable),
        (401, #"Basic realm="x""#, "https://127.0.0.1/", nil, ChallengeRules(), .loopbackNotAllowed),
        // RFC 7617 §2: Basic needs a realm; a token68 form has none.
        (401, "Basic", "https://api.example.com/", nil, ChallengeRules(), .challengeRealmMissing),
        (401, "Basic abc==", "https://api.example.com/", nil, ChallengeRules(), .challengeRealmMissing),
        (401, "Basic realm=", "https://api.example.com/", nil, ChallengeRules(), .challengeRealmMissing),
        (401, #"Basic charset="UTF-8", Digest realm="x""#, "https://api.example.com/", nil, ChallengeRules(), .challengeRealmMissing),
    ]

    @Test("refused: untrusted origin, plain http, unknown realm, Digest, charset, proxy mix-ups", arguments: refusals)
    func refuses(status: Int, field: String, origin: String, proxy: String?, rules: ChallengeRules, code: GuardDenial.Code) throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        let provider = Provider()
        let decision = requestGuard.decide(
            status: status, challenges: try Self.challenges(field), origin: origin, proxy: proxy, rules: rules,
            credentials: provider.callAsFunction)
        #expect(decision.refusalCode == code, "\(decision)")
        #expect(provider.asked.isEmpty, "credentials must not even be asked for")
    }

    @Test("a Basic challenge without a realm is passed over for the next allowed one")
    func realmlessPassedOver() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        let provider = Provider()
        let decision = requestGuard.decide(
            status: 401, challenges: try Self.challenges(#"Basic, Basic abc==, Basic realm="r""#),
            origin: "https://api.example.com/", credentials: provider.callAsFunction)
        #expect(decision.description == #"answer: Basic realm="r""#)
        #expect(provider.asked == ["https://api.example.com/ r basic"])
    }

    @Test("a 407 is answered with Proxy-Authorization, for the configured proxy only")
    func proxy() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        let provider = Provider()
        let decision = requestGuard.decide(
            status: 407, challenges: try Self.challenges(#"Basic realm="proxy""#), origin: "https://api.example.com/",
            proxy: "https://proxy.example.net:8443", credentials: provider.callAsFunction)
        guard case .answer(let field, _, _) = decision else {
            Issue.record("expected an answer, got \(decision)")
            return
        }
        #expect(field == "Proxy-Authorization")
        #expect(provider.asked == ["https://proxy.example.net:8443 proxy basic"])
    }

    @Test("no credentials, or credentials of the wrong kind, or a token that is not a b64token: refused")
    func noCredentials() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        let challenges = try Self.challenges(#"Bearer realm="x""#)
        for provided in [nil, ChallengeCredentials.basic(Self.aladdin), .bearer("two words"), .bearer("a\r\nb")] {
            let decision = requestGuard.decide(
                status: 401, challenges: challenges, origin: "https://api.example.com/", credentials: { _, _, _ in provided })
            #expect(decision.refusalCode == .challengeNoCredentials)
        }
    }
}

extension ChallengeDecision {
    /// The refusal's code, or `nil` for an answer.
    var refusalCode: GuardDenial.Code? {
        if case .refuse(let denial) = self { return denial.code }
        return nil
    }
}
