import HTTPTypes
import Logging
import SanitizeKit

extension GuardedHTTPClient {
    /// The `Authorization` value answering a `401`'s challenges, when the guard's decision
    /// allows it; `nil` (and the reason logged) otherwise.
    /// - Parameters:
    ///   - response: the `401` response (its URL is the origin judged).
    ///   - answered: scheme-and-realm keys answered so far in this call; the answer's is added.
    /// - Returns: the field value to send again with, or `nil` to return the `401`.
    func answer(_ response: GuardedResponse, answered: inout Set<String>) -> String? {
        guard let credentials = configuration.credentials else { return nil }
        let fields = response.headerFields[values: .wwwAuthenticate]
        guard !fields.isEmpty else { return nil }
        let challenges: [AuthChallenge]
        switch AuthChallengeParser.parse(fields) {
        case .success(let parsed): challenges = parsed
        case .failure(let failure):
            configuration.logger.warning("401 from \(response.url): challenge not answered: \(failure)")
            return nil
        }
        let decision = requestGuard.decide(
            status: 401, challenges: challenges, origin: response.url, rules: configuration.challengeRules,
            answered: answered, credentials: credentials)
        switch decision {
        case .answer(_, let value, let challenge):
            answered.insert(RequestGuard.answerKey(for: challenge))
            return value
        case .refuse(let denial):
            configuration.logger.info("401 from \(response.url): challenge not answered: \(denial)")
            return nil
        }
    }
}
