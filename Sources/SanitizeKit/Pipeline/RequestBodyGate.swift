/// What the server middlewares (`SanitizeHummingbird`, `SanitizeVapor`) decide about a JSON
/// request body, in one place: the body limit (413), the media type (415), the contract with
/// its `x-sanitize` steps (422), and the RFC 9457 problem each refusal is answered with. The
/// adapters only read their framework's body stream and headers into it and turn its verdict
/// back into their framework's response.
package struct RequestBodyGate: Sendable {
    /// The contract and steps bodies go through.
    package let filter: RecordFilter
    /// The longest body accepted, in bytes.
    package let maxBodyBytes: Int
    /// Where rejection texts come from.
    package let mapper: ServerErrorMapper

    /// Creates the gate.
    /// - Parameters:
    ///   - filter: the contract bodies must meet.
    ///   - maxBodyBytes: the body limit; longer bodies are refused with 413.
    ///   - mapper: the message catalogs for rejection texts.
    package init(filter: RecordFilter, maxBodyBytes: Int, mapper: ServerErrorMapper) {
        self.filter = filter
        self.maxBodyBytes = maxBodyBytes
        self.mapper = mapper
    }

    /// What becomes of a request.
    package enum Verdict: Sendable {
        /// An empty body on a method that needs none: hand the request on untouched.
        case passThrough
        /// A valid body that no step changed: hand the request on with its body as received.
        case forwardAsReceived
        /// A valid body that a step changed (or that was written with insignificant
        /// whitespace): hand the request on with these sanitized bytes as its body.
        case forward([UInt8])
        /// Answer with this problem; the handler never runs.
        case reject(Problem)
    }

    /// How much of an oversized body is read and dropped after the limit is passed, so that
    /// the client reads the answer rather than a reset; past it the server stops reading.
    package static var drainLimit: Int { 64 << 20 }

    /// Methods whose empty body is passed through untouched.
    static let bodylessMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "DELETE"]

    /// Whether a `Content-Length` value already declares more than the limit, so the request
    /// is refused before a byte of its body is read.
    /// - Parameter contentLength: the header's value, if any.
    /// - Returns: `true` when it is a number above ``maxBodyBytes``.
    package func declaresTooMuch(_ contentLength: String?) -> Bool {
        guard let contentLength, let declared = Int(contentLength) else { return false }
        return declared > maxBodyBytes
    }

    /// The 413 answer for a body past the limit.
    /// - Parameter locale: the request's `Accept-Language` value.
    /// - Returns: the problem.
    package func tooLarge(locale: String?) -> Problem {
        problem(status: .contentTooLarge, code: "too-large", locale: locale)
    }

    /// Decides a body read whole (within the limit).
    /// - Parameters:
    ///   - method: the request method as sent (`POST`, `GET`, …).
    ///   - contentType: the `Content-Type` value, if any.
    ///   - body: the body's bytes (a contiguous collection is read in place: a framework's
    ///     buffer needs no copy).
    ///   - locale: the request's `Accept-Language` value, read only for a refusal (a header
    ///     lookup is not free, and most requests pass).
    /// - Returns: pass through, forward the body as received or sanitized, or refuse with 415 or 422.
    package func decide(
        method: String, contentType: String?, body: some Collection<UInt8>, locale: @autoclosure () -> String?
    ) -> Verdict {
        if body.count > maxBodyBytes { return .reject(tooLarge(locale: locale())) }
        if body.isEmpty && Self.bodylessMethods.contains(method) { return .passThrough }
        if let contentType, !Self.isJSON(contentType) {
            return .reject(
                problem(status: .unsupportedMediaType, code: "unsupported-media-type", locale: locale()))
        }
        var workspace = RecordFilter.Workspace()
        return ContiguousInput.with(body) { bytes in
            let decision = filter.decide(bytes, in: &workspace)
            if case .passedAsIs = decision { return .forwardAsReceived }
            var sanitized: [UInt8] = []
            guard decision.isValid, filter.write(decision, bytes, from: workspace, to: &sanitized) else {
                return .reject(
                    problem(
                        status: .unprocessableContent, code: "validation.failed", locale: locale(),
                        violations: filter.violations(of: decision, in: workspace)))
            }
            return .forward(sanitized)
        }
    }

    /// `application/json` or any `+json` type, parameters ignored, letters compared without
    /// regard to ASCII case (RFC 9110 §8.3.1). Read in place, with no string built: it runs on
    /// every request.
    /// - Parameter contentType: a `Content-Type` value.
    /// - Returns: whether it names JSON.
    package static func isJSON(_ contentType: String) -> Bool {
        if contentType == "application/json" { return true }  // what nearly every client sends
        let utf8 = contentType.utf8
        var start = utf8.startIndex
        var end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while start < end, isBlank(utf8[start]) { start = utf8.index(after: start) }
        while end > start, isBlank(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        let type = utf8[start..<end]
        func equals(_ bytes: Substring.UTF8View, _ lowercase: StaticString) -> Bool {
            guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
            return lowercase.withUTF8Buffer { expected in
                zip(bytes, expected).allSatisfy { (byte, wanted) in (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == wanted }
            }
        }
        let suffixLength = "+json".utf8.count
        return equals(type, "application/json")
            || (type.count >= suffixLength && equals(type[type.index(type.endIndex, offsetBy: -suffixLength)...], "+json"))
    }
}
