import ArgumentParser
import Foundation
import SanitizeKit

/// `sanitize guard`: checks requests against the request-guard policy.
struct Guard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guard",
        abstract: "Check a request before it is sent: transport, credential scoping, header safety.",
        discussion: """
            Prints "allow" (exit 0) or "deny: CODE: REASON" (exit 1). A policy file that cannot be \
            read or is invalid is exit 2. Without --policy the compiled-in default applies: https \
            only, no loopback or local network, no userinfo, no host trusted with credentials.
            With --strip, credential headers that the target may not receive are removed instead \
            of denying: "allow" is followed by the headers to send, one "Name: value" per line, \
            and each removed name is reported on standard error.
            With --redirect-from, the URL is a redirect target checked with the redirect rules: \
            credential headers survive only a same-origin redirect to an allowlisted URL; each \
            removed name is reported on standard error.
            With --explain, the verdict is followed by a tab and the canonical form the guard \
            decided on: scheme, host (after UTS #46 mapping), port, normalized path, host class \
            and scope, then the TLS requirements for the host (tls>=VERSION, forward-secrecy=required \
            or not-required, and tls-source=policy or exception:DOMAIN, the tlsExceptions entry \
            that set them).
            Without a URL argument, each line of standard input is one request as JSON: \
            {"url": "…", "method": "GET", "headers": [["Name", "value"], …], "redirectFrom": "…"} \
            (only "url" is required); each line gets one verdict line, "invalid" for a line that \
            is not such an object or is longer than --max-line-bytes (the reason goes to \
            standard error), and the exit status is 1 when any line was denied or invalid.
            A URL argument that is not valid UTF-8 is denied as url-malformed (exit 1), never \
            repaired.
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp("A guard policy JSON file (see Rules/policy/guard-policy.schema.json).", valueName: "file"))
    var policy: String?

    @Option(
        name: [.customShort("H"), .long],
        help: ArgumentHelp("A request header as \"Name: value\" (repeatable).", valueName: "header"))
    var header: [String] = []

    @Option(name: [.customShort("X"), .long], help: "The request method.")
    var method = "GET"

    @Flag(help: "Remove credential headers the URL may not receive instead of denying.")
    var strip = false

    @Flag(help: "Print the canonical scheme, host, port, path, host class and TLS requirements beside the verdict.")
    var explain = false

    @Option(
        name: .customLong("redirect-from"),
        help: ArgumentHelp("Check the URL as a redirect target from this URL.", valueName: "url"))
    var redirectFrom: String?

    @Option(help: "The longest standard-input line accepted, in bytes (default 16 MiB); a longer line is invalid.")
    var maxLineBytes: Int?

    @Argument(help: "The absolute URL of the request. Without it, JSON requests are read from standard input.")
    var url: String?

    func validate() throws {
        if let maxLineBytes, maxLineBytes <= 0 {
            throw ValidationError("--max-line-bytes must be a positive number of bytes.")
        }
        if url != nil && maxLineBytes != nil {
            throw ValidationError("--max-line-bytes applies to requests on standard input, not to a URL argument")
        }
        if url == nil && (strip || !header.isEmpty || redirectFrom != nil) {
            throw ValidationError(
                "--strip, --header and --redirect-from need a URL argument; on standard input, give headers and redirectFrom in the JSON")
        }
        if strip && redirectFrom != nil {
            throw ValidationError("--strip and --redirect-from cannot be combined (a redirect always strips)")
        }
    }

    func run() throws {
        let requestGuard = try policy.map { policy in
            try ConfigFile.withPath(policy, what: "guard policy") { try RequestGuard(contentsOf: URL(fileURLWithPath: $0)) }
        } ?? .standard
        guard let url else {
            // A line over the limit is not such an object either: "invalid", its reason on stderr.
            let input = try LineInput.parse(maxLineBytes.map { ["--max-line-bytes", String($0)] } ?? [])
            let explain = explain  // read once, not through the property wrapper per line
            try LineLoop.run(input, oversized: Array("invalid".utf8)) { bytes in
                Self.outcome(of: Array(bytes.bindMemory(to: UInt8.self)), requestGuard: requestGuard, explain: explain)
            }
            return
        }
        let fields = try header.map(Self.field)
        var output = OutputWriter(descriptor: 1)
        // The URL argument obeys the rules of a line: invalid UTF-8 is denied, never repaired.
        if let invalid = UTF8Validation.firstInvalidByteOffset(in: RawArguments.bytes(of: url)) {
            let denial = "deny: \(GuardDenial.Code.urlMalformed): the URL is not valid UTF-8 at byte \(invalid)"
            try output.write(denial + (explain ? "\tunreadable" : "") + "\n")
            try output.flush()
            throw ExitCode(1)
        }
        let explanation = explain ? Self.explanation(of: url, requestGuard: requestGuard) : ""
        if strip || redirectFrom != nil {
            let result =
                redirectFrom.map { requestGuard.checkRedirect(from: $0, to: url, method: method, headers: fields) }
                ?? requestGuard.sanitized(url: url, method: method, headers: fields)
            switch result {
            case .allow(let headers, let removed):
                try output.write("allow\(explanation)\n")
                if strip { for field in headers { try output.write("\(field.name): \(field.value)\n") } }
                try output.flush()
                for name in removed { reportToStandardError("sanitize: removed credential header \(name)") }
            case .deny(let reason):
                try output.write("deny: \(reason)\(explanation)\n")
                try output.flush()
                throw ExitCode(1)
            }
        } else {
            let decision = requestGuard.check(url: url, method: method, headers: fields)
            try output.write("\(decision)\(explanation)\n")
            try output.flush()
            if !decision.isAllowed { throw ExitCode(1) }
        }
    }

    /// A tab and the canonical form of `url`, or a tab and `unreadable` when the guard cannot
    /// read it as an http(s) URL.
    static func explanation(of url: String, requestGuard: RequestGuard) -> String {
        switch requestGuard.target(of: url) {
        case .success(let target): "\t\(target) \(requestGuard.tlsRequirements(for: target.host))"
        case .failure: "\tunreadable"
        }
    }

    /// The verdict line for one JSON request line.
    static func outcome(of line: [UInt8], requestGuard: RequestGuard, explain: Bool) -> LineOutcome {
        let request: JSONRequest
        switch JSONRequest.parse(line) {
        case .success(let value): request = value
        case .failure(let invalid):
            return .rejected(output: Array("invalid".utf8), reason: "\(invalid.reason) [\(SanitizeError.Code.requestInvalid)]")
        }
        let explanation = explain ? Self.explanation(of: request.url, requestGuard: requestGuard) : ""
        let verdict: String
        let allowed: Bool
        if let from = request.redirectFrom {
            switch requestGuard.checkRedirect(from: from, to: request.url, method: request.method, headers: request.headers) {
            case .allow(_, let removed):
                allowed = true
                verdict = removed.isEmpty ? "allow" : "allow (removed: \(removed.joined(separator: ", ")))"
            case .deny(let reason):
                allowed = false
                verdict = "deny: \(reason)"
            }
        } else {
            let decision = requestGuard.check(url: request.url, method: request.method, headers: request.headers)
            allowed = decision.isAllowed
            verdict = decision.description
        }
        let bytes = Array((verdict + explanation).utf8)
        return allowed ? .accepted(bytes) : .rejected(output: bytes, reason: nil)
    }

    /// `Name: value` → a field; optional whitespace after the colon is skipped, as an HTTP
    /// parser would; anything else, including trailing whitespace, is kept for the guard to judge.
    static func field(_ text: String) throws -> HTTPHeaderField {
        guard let colon = text.firstIndex(of: ":") else {
            throw ValidationError("--header \"\(text)\" has no ':'; write it as \"Name: value\"")
        }
        let value = text[text.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        return HTTPHeaderField(name: String(text[..<colon]), value: String(value))
    }
}
