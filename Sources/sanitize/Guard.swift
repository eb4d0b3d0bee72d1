import ArgumentParser
import Foundation
import SanitizeKit

/// `sanitize guard`: checks one request against the request-guard policy.
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

    @Argument(help: "The absolute URL of the request.")
    var url: String

    func run() throws {
        let requestGuard = try policy.map { try RequestGuard(contentsOf: URL(fileURLWithPath: $0)) } ?? .standard
        let fields = try header.map(Self.field)
        var output = OutputWriter(descriptor: 1)
        if strip {
            switch requestGuard.sanitized(url: url, method: method, headers: fields) {
            case .allow(let headers, let removed):
                try output.write("allow\n")
                for field in headers { try output.write("\(field.name): \(field.value)\n") }
                try output.flush()
                for name in removed { reportToStandardError("sanitize: removed credential header \(name)") }
            case .deny(let reason):
                try output.write("deny: \(reason)\n")
                try output.flush()
                throw ExitCode(1)
            }
        } else {
            let decision = requestGuard.check(url: url, method: method, headers: fields)
            try output.write("\(decision)\n")
            try output.flush()
            if !decision.isAllowed { throw ExitCode(1) }
        }
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
