/// What a server error body says in machine-readable form: an RFC 9457 problem `type`, a
/// `status`, an error code, and the few values a message may show.
///
/// Deliberately, the body's `title`, `detail`, `message` and every other free text are never
/// read into this value: they are the server's words, not ours to show.
package struct ProblemDetails: Sendable, Hashable {
    /// The problem type URI (RFC 9457 §3.1.1), exactly as sent; `nil` when absent or `about:blank`.
    package var type: String?
    /// The `status` member (RFC 9457 §3.1.2), when it is a whole number from 100 to 599.
    package var status: Int?
    /// The first code found by the ``CodeField`` paths, a string or an integer's decimal text.
    package var code: String?
    /// The values placeholders may show (not yet checked: they are checked when shown).
    package var values: MessageValues

    /// Body members that may hold a wait in seconds.
    static let retryAfterFields: [CodeField] = ["retryAfter", "retry_after", "error.retryAfter", "error.retry_after"]
    /// Body members that may name the offending field.
    static let fieldFields: [CodeField] = [
        "field", "error.field", "errors.0.field", "error.param", "invalid-params.0.name", "errors.0.source.pointer",
    ]
    /// Body members that may hold a request identifier.
    static let requestIdFields: [CodeField] = ["requestId", "request_id", "traceId", "trace_id", "error.request_id"]

    /// Creates a value from its parts.
    /// - Parameters:
    ///   - type: the problem type URI.
    ///   - status: the status member.
    ///   - code: the error code.
    ///   - values: values for placeholders.
    package init(type: String? = nil, status: Int? = nil, code: String? = nil, values: MessageValues = MessageValues()) {
        self.type = type
        self.status = status
        self.code = code
        self.values = values
    }

    /// Reads a JSON error body: an RFC 9457 problem object or any JSON object with a code field.
    ///
    /// ```swift
    /// let body = Array(#"{"type":"https://example.com/probs/out-of-credit","title":"…","status":403}"#.utf8)
    /// ProblemDetails.parse(body)?.type   // "https://example.com/probs/out-of-credit"
    /// ```
    /// - Parameters:
    ///   - body: the body bytes; only the first `limits.maxBodyBytes` are read.
    ///   - codeFields: where to look for the error code, in order.
    ///   - limits: the body and nesting bounds.
    /// - Returns: the details, or `nil` when the inspected bytes are not one JSON object.
    package static func parse(
        _ body: some Collection<UInt8>, codeFields: [CodeField] = CodeField.defaults, limits: MessageLimits = .default
    ) -> ProblemDetails? {
        guard body.count <= limits.maxBodyBytes,
            let document = try? JSONDocument(
                parsing: RuleFile.blankingByteOrderMark(body as? [UInt8] ?? Array(body)),
                limits: JSONLimits(maxDepth: limits.maxDepth)),
            document.kind(document.root) == .object
        else { return nil }
        var details = ProblemDetails()
        if let node = document.member("type", of: document.root), let type = document.string(node),
            isProblemTypeURI(type)
        {
            details.type = type
        }
        if let node = document.member("status", of: document.root), let text = document.numberText(node),
            let status = Int(text), (100...599).contains(status)
        {
            details.status = status
        }
        func first<T>(_ fields: [CodeField], _ read: (JSONDocument, Int) -> T?) -> T? {
            for field in fields {
                if let node = field.value(in: document), let value = read(document, node) { return value }
            }
            return nil
        }
        details.code = first(codeFields, Self.codeText)
        details.values.retryAfterSeconds = first(retryAfterFields, Self.wholeNumber)
        details.values.field = first(fieldFields, Self.shortString)
        details.values.requestId = first(requestIdFields, Self.shortString)
        return details
    }

    /// Whether `text` can be a problem type key: 1 to 512 bytes, no whitespace or control
    /// characters, and not `about:blank` (RFC 9457 §4.2.1: it adds nothing to the status).
    static func isProblemTypeURI(_ text: String) -> Bool {
        (1...MessageLimits.maxKeyBytes).contains(text.utf8.count) && text != "about:blank"
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || MessageTemplate.isForbidden($0) }
    }

    /// A code: a string of 1 to 128 bytes without controls, or an integer as decimal text.
    private static func codeText(_ document: JSONDocument, _ node: Int) -> String? {
        if let text = document.string(node) {
            guard (1...MessageLimits.maxServerCodeBytes).contains(text.utf8.count),
                !text.unicodeScalars.contains(where: MessageTemplate.isForbidden)
            else { return nil }
            return text
        }
        guard let text = document.numberText(node), text.utf8.count <= 20, let number = Int(text) else { return nil }
        return String(number)
    }

    /// A non-negative whole number, from a JSON number or a string of digits.
    private static func wholeNumber(_ document: JSONDocument, _ node: Int) -> Int? {
        guard let text = document.numberText(node) ?? document.string(node), (1...10).contains(text.utf8.count),
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text)
    }

    /// A string short enough to be a candidate value (it is checked again when shown).
    private static func shortString(_ document: JSONDocument, _ node: Int) -> String? {
        guard let text = document.string(node), text.utf8.count <= MessageValues.maxValueBytes else { return nil }
        return text
    }
}
