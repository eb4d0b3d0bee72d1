import ArgumentParser
import Foundation
import SanitizeKit

/// `sanitize challenge`: parses `WWW-Authenticate` / `Proxy-Authenticate` fields and says
/// whether a client should answer them.
struct Challenge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse authentication challenges and decide whether to answer them.",
        discussion: """
            Each line is one field value (a "WWW-Authenticate:" or "Proxy-Authenticate:" prefix \
            is dropped). Prints one JSON line per input line: {"challenges": [...], "decision": \
            "answer: Basic realm=\\"…\\""} or {"error": CODE, "offset": N, "decision": "refuse: …"}. \
            The origin is judged by the guard policy (credential allowlist, transport); Basic is \
            never answered over plain http and Digest never. No credential is read or printed.
            Exit status: 0 every line answered, 1 some line refused or unparsable, 2 usage or \
            configuration error.
            """
    )

    /// The schemes that may be answered, as options.
    enum SchemeOption: String, ExpressibleByArgument, CaseIterable {
        case basic, bearer
    }

    @Option(
        help: ArgumentHelp("A guard policy JSON file (see Rules/policy/guard-policy.schema.json).", valueName: "file"))
    var policy: String?

    @Option(help: ArgumentHelp("The absolute URL that answered with the challenge.", valueName: "url"))
    var origin: String

    @Option(help: "The response status: 401 (WWW-Authenticate) or 407 (Proxy-Authenticate).")
    var status = 401

    @Option(help: ArgumentHelp("The proxy the client is configured with (for a 407).", valueName: "url"))
    var proxy: String?

    @Option(name: .customLong("realm"), help: "A realm that may be answered (repeatable; none: any realm).")
    var realms: [String] = []

    @Option(name: .customLong("scheme"), help: "A scheme that may be answered (repeatable; default basic and bearer).")
    var schemes: [SchemeOption] = []

    @OptionGroup var input: LineInput

    func run() throws {
        let requestGuard = try policy.map { try RequestGuard(contentsOf: URL(fileURLWithPath: $0)) } ?? .standard
        var rules = ChallengeRules(realms: realms)
        if !schemes.isEmpty { rules.schemes = Set(schemes.compactMap { ChallengeRules.Scheme(rawValue: $0.rawValue) }) }
        let (status, origin, proxy) = (self.status, self.origin, self.proxy)
        try LineLoop.run(input) { bytes in
            let text: String
            do throws(SanitizeError) {
                text = try UTF8Validation.string(validating: bytes)
            } catch {
                // The reason carries the byte offset already; the code goes last, as in every command.
                let offset = error.location?.byteOffset ?? 0
                return .rejected(
                    output: Self.errorLine(error.code.rawValue, offset: offset), reason: "\(error.reason) [\(error.code)]")
            }
            let field = Self.withoutFieldName(text)
            switch AuthChallengeParser.parse(field) {
            case .failure(let failure):
                return .rejected(
                    output: Self.errorLine(failure.code, offset: failure.offset),
                    reason: "\(failure.text) at byte \(failure.offset) [\(failure.code)]")
            case .success(let challenges):
                let decision = requestGuard.decide(
                    status: status, challenges: challenges, origin: origin, proxy: proxy, rules: rules,
                    credentials: Self.placeholder)
                let line = JSONValue.object([
                    .init("challenges", .array(challenges.map(Self.json))),
                    .init("decision", .string(decision.description)),
                ])
                if case .refuse(let denial) = decision {
                    return .rejected(output: line.serialized(), reason: "\(denial.text) [\(denial.code)]")
                }
                return .accepted(line.serialized())
            }
        }
    }

    /// The output line of a field that is not read: `{"error":CODE,"offset":N,"decision":"refuse: CODE"}`.
    static func errorLine(_ code: String, offset: Int) -> [UInt8] {
        JSONValue.object([
            .init("error", .string(code)),
            .init("offset", .number(String(offset))),
            .init("decision", .string("refuse: \(code)")),
        ]).serialized()
    }

    /// Stand-in credentials: the command only says whether it would answer, never with what.
    static func placeholder(_: String, _: String?, _ scheme: ChallengeRules.Scheme) -> ChallengeCredentials? {
        switch scheme {
        case .basic: (try? BasicCredentials(userID: "user", password: "password")).map { .basic($0) }
        case .bearer: .bearer("token")
        }
    }

    /// The field value without a leading `WWW-Authenticate:` or `Proxy-Authenticate:`.
    static func withoutFieldName(_ text: String) -> String {
        for name in ["www-authenticate:", "proxy-authenticate:"] where text.lowercased().hasPrefix(name) {
            return String(text.dropFirst(name.count).drop { $0 == " " || $0 == "\t" })
        }
        return text
    }

    /// A challenge as JSON: scheme, token68 or params (as [name, value] pairs, in order).
    static func json(_ challenge: AuthChallenge) -> JSONValue {
        var members: [JSONValue.Member] = [.init("scheme", .string(challenge.scheme))]
        if let token68 = challenge.token68 { members.append(.init("token68", .string(token68))) }
        members.append(
            .init(
                "params",
                .array(challenge.parameters.map { .array([.string($0.name), .string($0.value)]) })))
        return .object(members)
    }
}
