import Foundation

/// Maps a server's error response to a predefined, localized message for the user.
///
/// Lookup order (the first key that the locale chain holds wins):
/// 1. the RFC 9457 problem `type` URI (the most specific statement of what went wrong);
/// 2. the error code found by ``CodeField`` paths (`code`, `error.code`, …);
/// 3. the HTTP status (the transport's, else the body's `status` member);
/// 4. the status class, `4xx` or `5xx`;
/// 5. the locale's generic fallback.
///
/// The server's own text (`message`, `detail`, `title`, HTML, stack traces) is never read
/// into the result: the text always comes from the catalog, and the only response values it
/// can show are the checked ones of ``MessagePlaceholder``.
///
/// ```swift
/// let mapper = ServerErrorMapper()
/// let message = mapper.message(
///     status: 429, headers: ["Retry-After": "30"], body: Array(#"{"error":"slow down"}"#.utf8),
///     contentType: "application/json", locale: "es-MX")
/// // message.text == "Demasiadas solicitudes. Vuelve a intentarlo en 30 segundos."
/// ```
public struct ServerErrorMapper: Sendable {
    /// The catalog messages come from.
    package let catalog: MessageCatalog
    /// Where the error code is looked for in a JSON body, in order.
    package let codeFields: [CodeField]
    /// Body and nesting bounds.
    package let limits: MessageLimits
    /// The current time in seconds since 1970, for a `Retry-After` HTTP-date.
    let clock: @Sendable () -> Int

    /// Headers that may carry a request identifier, lowercased.
    static let requestIdHeaders = ["x-request-id", "request-id", "x-correlation-id", "x-amzn-requestid"]

    /// Creates a mapper.
    /// - Parameters:
    ///   - catalog: the messages (default: the compiled-in `Rules/messages`).
    ///   - codeFields: code member paths (default ``CodeField/defaults``).
    ///   - limits: body and nesting bounds (default ``MessageLimits/default``).
    ///   - clock: the current time in seconds since 1970, used to turn a `Retry-After`
    ///     HTTP-date into a wait (default: the system clock).
    public init(
        catalog: MessageCatalog = .builtIn, codeFields: [CodeField] = CodeField.defaults,
        limits: MessageLimits = .default, clock: (@Sendable () -> Int)? = nil
    ) {
        self.catalog = catalog
        self.codeFields = codeFields
        self.limits = limits
        self.clock = clock ?? { Int(Date().timeIntervalSince1970) }
    }

    /// The message for an error response.
    /// - Parameters:
    ///   - status: the HTTP status code, if there was a response.
    ///   - headers: response headers (names match case-insensitively); only `Retry-After` and
    ///     request-id headers are read.
    ///   - body: the body bytes; at most `limits.maxBodyBytes` are inspected.
    ///   - contentType: the `Content-Type` value. JSON types (`application/json`, `*+json`) are
    ///     parsed; with no type, `text/plain` or `application/octet-stream`, a body that starts
    ///     with `{` is parsed; any other type (HTML, XML) is never parsed.
    ///   - locale: a language tag, POSIX locale name or `Accept-Language` value.
    /// - Returns: the predefined message, the key that selected it and its locale.
    public func message(
        status: Int?, headers: [String: String] = [:], body: some Collection<UInt8>, contentType: String?,
        locale: String?
    ) -> UserMessage {
        message(
            status: status, headers: headers, body: body, contentType: contentType, locale: catalog.locale(for: locale))
    }

    /// The message for an error response, with a locale resolved once by ``MessageCatalog/locale(for:)``.
    /// - Parameters:
    ///   - status: the HTTP status code, if there was a response.
    ///   - headers: response headers (names match case-insensitively).
    ///   - body: the body bytes; at most `limits.maxBodyBytes` are inspected.
    ///   - contentType: the `Content-Type` value.
    ///   - locale: the resolved locale chain.
    /// - Returns: the predefined message, the key that selected it and its locale.
    package func message(
        status: Int?, headers: [String: String] = [:], body: some Collection<UInt8>, contentType: String?,
        locale: MessageLocale
    ) -> UserMessage {
        let details =
            shouldParse(body, contentType: contentType)
            ? ProblemDetails.parse(body, codeFields: codeFields, limits: limits) : nil
        let httpStatus = status.flatMap { (100...599).contains($0) ? $0 : nil } ?? details?.status
        var values = details?.values ?? MessageValues()
        values.status = httpStatus
        readHeaders(headers, into: &values)
        var selectors: [MessageSelector] = []
        selectors.reserveCapacity(4)
        if let type = details?.type { selectors.append(.problemType(type)) }
        if let code = details?.code { selectors.append(.code(code)) }
        if let httpStatus {
            selectors.append(.status(httpStatus))
            if (400...599).contains(httpStatus) { selectors.append(.statusClass(httpStatus / 100)) }
        }
        return catalog.message(for: selectors, locale: locale, values: values)
    }

    /// The message for a code known without a body: a server code, or a generic code such as
    /// `network` or `timeout` for a failure that produced no response.
    /// - Parameters:
    ///   - code: the code.
    ///   - status: the HTTP status, tried when the code is not in the catalog.
    ///   - locale: a language tag, POSIX locale name or `Accept-Language` value.
    ///   - values: values placeholders may show.
    /// - Returns: the predefined message.
    public func message(
        forCode code: String, status: Int? = nil, locale: String?, values: MessageValues = MessageValues()
    ) -> UserMessage {
        message(forCode: code, status: status, locale: catalog.locale(for: locale), values: values)
    }

    /// The message for a code known without a body, with the response's headers: the same
    /// `Retry-After` and request-id headers that the body path reads fill the placeholders.
    /// - Parameters:
    ///   - code: the code.
    ///   - status: the HTTP status, tried when the code is not in the catalog.
    ///   - headers: response headers (names match case-insensitively).
    ///   - locale: a language tag, POSIX locale name or `Accept-Language` value.
    /// - Returns: the predefined message.
    package func message(forCode code: String, status: Int? = nil, headers: [String: String], locale: String?) -> UserMessage {
        var values = MessageValues()
        readHeaders(headers, into: &values)
        return message(forCode: code, status: status, locale: catalog.locale(for: locale), values: values)
    }

    /// The message for a code, with a locale resolved once by ``MessageCatalog/locale(for:)``.
    /// - Parameters:
    ///   - code: the code.
    ///   - status: the HTTP status, tried when the code is not in the catalog.
    ///   - locale: the resolved locale chain.
    ///   - values: values placeholders may show.
    /// - Returns: the predefined message.
    package func message(
        forCode code: String, status: Int? = nil, locale: MessageLocale, values: MessageValues = MessageValues()
    ) -> UserMessage {
        var values = values
        var selectors: [MessageSelector] = [.code(code)]
        if let status, (100...599).contains(status) {
            values.status = values.status ?? status
            selectors.append(.status(status))
            if status >= 400 { selectors.append(.statusClass(status / 100)) }
        }
        return catalog.message(for: selectors, locale: locale, values: values)
    }

    /// Takes `Retry-After` (delta-seconds) and the first request-id header, in one pass.
    private func readHeaders(_ headers: [String: String], into values: inout MessageValues) {
        var requestId: (rank: Int, value: String)?
        for (name, value) in headers where name.utf8.count <= 32 {
            let lowercased = name.lowercased()
            if lowercased == "retry-after" {
                if let seconds = Self.deltaSeconds(value) {
                    values.retryAfterSeconds = seconds
                } else {
                    let now = clock()
                    if let date = HTTPDate.secondsSince1970(value.trimmingBlanks(), now: now) {
                        values.retryAfterSeconds = date - now
                    }
                }
            } else if let rank = Self.requestIdHeaders.firstIndex(of: lowercased), rank < (requestId?.rank ?? .max) {
                requestId = (rank, value)
            }
        }
        if let requestId { values.requestId = requestId.value }
    }

    private func shouldParse(_ body: some Collection<UInt8>, contentType: String?) -> Bool {
        guard !body.isEmpty, body.count <= limits.maxBodyBytes else { return false }
        let mediaType =
            (contentType ?? "").split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingBlanks().lowercased()
            } ?? ""
        if mediaType == "application/json" || mediaType.hasSuffix("+json") { return true }
        guard mediaType.isEmpty || mediaType == "text/plain" || mediaType == "application/octet-stream" else {
            return false
        }
        return body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// `Retry-After` in delta-seconds form (RFC 9110 §10.2.3).
    private static func deltaSeconds(_ value: String) -> Int? {
        let text = value.trimmingBlanks()
        guard (1...10).contains(text.utf8.count),
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingBlanks() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
