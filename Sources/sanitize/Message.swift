import ArgumentParser
import SanitizeKit

/// `sanitize message`: the predefined user message for a server error, never the server's text.
struct Message: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message",
        abstract: "Print the predefined user message for a server error code or error response.",
        discussion: """
            With CODE, prints the catalog message for that code (then --status, then the generic \
            fallback). Without CODE, reads one server error body from standard input (at most \
            --max-body-bytes are inspected) and selects the message by, in order: the RFC 9457 \
            problem type, the error code field, the HTTP status, the status class (4xx/5xx), the \
            generic fallback. The server's own message, detail or title text is never printed.
            Prints one line. Exit status: 0 (a message is always found), 1 when CODE is not valid \
            UTF-8 (the message without a code is printed, never one for a repaired code), 2 for a \
            bad catalog or usage.
            """
    )

    @Option(
        help: ArgumentHelp(
            "A directory of <locale>.json catalogs (default: the built-in Rules/messages).", valueName: "dir"))
    var catalog: String?

    @Option(
        help: ArgumentHelp(
            "A language tag (es-MX), POSIX locale (es_MX.UTF-8) or Accept-Language list; default en.",
            valueName: "locale"))
    var locale: String?

    @Option(help: ArgumentHelp("The HTTP status of the response.", valueName: "n"))
    var status: Int?

    @Option(help: ArgumentHelp("The response Content-Type (HTML and XML bodies are never parsed).", valueName: "type"))
    var contentType: String?

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp(
            "A response header as \"Name: value\" (Retry-After, X-Request-ID); repeatable.", valueName: "header"))
    var headers: [String] = []

    @Option(
        name: .customLong("code-field"),
        help: ArgumentHelp(
            "A body member holding the error code, such as error.code; repeatable; replaces the defaults.",
            valueName: "path"))
    var codeFields: [String] = []

    @Option(help: "The most body bytes inspected; a longer body is not parsed.")
    var maxBodyBytes: Int = MessageLimits.default.maxBodyBytes

    @Flag(
        help:
            "Print the selecting key before the message: KIND:KEY<TAB>MESSAGE (KIND is problem-type, code, status or fallback)."
    )
    var showCode = false

    @Argument(
        help: ArgumentHelp(
            "A server error code or generic code (auth.expired, network…). Without it, the body is read from standard input.",
            valueName: "code"))
    var code: String?

    func validate() throws {
        guard (0...(1 << 30)).contains(maxBodyBytes) else {
            throw ValidationError("--max-body-bytes must be from 0 to 1073741824.")
        }
        if let status, !(100...599).contains(status) {
            throw ValidationError("--status must be an HTTP status from 100 to 599.")
        }
        for header in headers where !header.contains(":") {
            throw ValidationError("--header must be \"Name: value\", not \"\(header)\".")
        }
    }

    func run() throws {
        let catalog = try catalog.map { try MessageCatalog(directory: $0) } ?? .builtIn
        let limits = MessageLimits(maxBodyBytes: maxBodyBytes)
        let mapper = ServerErrorMapper(
            catalog: catalog, codeFields: codeFields.isEmpty ? CodeField.defaults : codeFields.map { CodeField($0) },
            limits: limits)
        let message: UserMessage
        // The CODE argument obeys the rules of a line: invalid UTF-8 is rejected, never repaired.
        let invalidCode = code.flatMap { UTF8Validation.firstInvalidByteOffset(in: RawArguments.bytes(of: $0)) }
        if let invalidCode {
            message = mapper.message(
                status: status, headers: parsedHeaders(), body: [UInt8](), contentType: nil, locale: locale)
            reportToStandardError("sanitize: CODE: invalid UTF-8 at byte \(invalidCode); the message without a code follows [\(SanitizeError.Code.invalidUTF8)]")
        } else if let code {
            message = mapper.message(forCode: code, status: status, headers: parsedHeaders(), locale: locale)
        } else {
            let input = try BoundedStandardInput.read(limit: maxBodyBytes)
            message = mapper.message(
                status: status, headers: parsedHeaders(), body: input.truncated ? [] : input.bytes,
                contentType: contentType, locale: locale)
        }
        var output = OutputWriter(descriptor: 1)
        if showCode {
            try output.write(message.selectedBy.description)
            try output.write(byte: 0x09)
        }
        try output.write(message.text)
        try output.write(byte: 0x0A)
        try output.flush()
        if invalidCode != nil { throw ExitCode(1) }
    }

    private func parsedHeaders() -> [String: String] {
        var result: [String: String] = [:]
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else { continue }
            result[String(header[..<colon])] = String(header[header.index(after: colon)...])
        }
        return result
    }
}
