import ArgumentParser
import Foundation
import SanitizeKit

/// `sanitize challenge`: parses `WWW-Authenticate` / `Proxy-Authenticate` fields and says
/// whether a client should answer them.
struct Challenge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "challenge",
        abstract: "Parse authentication challenges and decide whether to answer them.",
        discussion: """
            Each line is one field value (a "WWW-Authenticate:" or "Proxy-Authenticate:" prefix \
            is dropped). Prints one JSON line per input line: {"challenges": [...], "decision": \
            "answer: Basic realm=\\"…\\""} or {"error": CODE, "offset": N, "decision": "refuse: …"} \
            (also for a line over --max-line-bytes: limit-exceeded). A byte above 0x7F inside a \
            quoted string is read as ISO-8859-1 (RFC 9110 obs-text); outside one it is refused. \
            The origin is judged by the guard policy (credential allowlist, transport); Basic is \
            never answered over plain http or without a realm, and Digest never. No credential \
            is read or printed.
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

    func validate() throws {
        guard status == 401 || status == 407 else {
            throw ValidationError("--status must be 401 (WWW-Authenticate) or 407 (Proxy-Authenticate), not \(status).")
        }
    }

    func run() throws {
        let requestGuard = try policy.map { policy in
            try ConfigFile.withPath(policy, what: "guard policy") { try RequestGuard(contentsOf: URL(fileURLWithPath: $0)) }
        } ?? .standard
        var rules = ChallengeRules(realms: realms)
        if !schemes.isEmpty { rules.schemes = Set(schemes.compactMap { ChallengeRules.Scheme(rawValue: $0.rawValue) }) }
        let (status, origin, proxy) = (self.status, self.origin, self.proxy)
        let oversized = Self.errorLine(SanitizeError.Code.limitExceeded.rawValue, offset: input.maxLineBytes)
        try LineLoop.run(input, oversized: oversized) { line in
            // The field's bytes as received: obs-text in quoted strings is ISO-8859-1, so no
            // UTF-8 check comes first (bytes above 0x7E outside quotes are the parser's to refuse).
            let field = Self.withoutFieldName(Array(line.bindMemory(to: UInt8.self)))
            switch AuthChallengeParser.parse(bytes: [field]) {
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

    /// The field value without a leading `WWW-Authenticate:` or `Proxy-Authenticate:` (any
    /// case) and the spaces and tabs after it.
    static func withoutFieldName(_ bytes: [UInt8]) -> [UInt8] {
        for name in ["www-authenticate:", "proxy-authenticate:"] {
            let prefix = Array(name.utf8)
            guard bytes.count >= prefix.count,
                zip(bytes, prefix).allSatisfy({ byte, lower in Self.asciiLowercase(byte) == lower })
            else { continue }
            return Array(bytes.dropFirst(prefix.count).drop { $0 == 0x20 || $0 == 0x09 })
        }
        return bytes
    }

    /// An ASCII letter in lower case; any other byte as it is.
    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
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
