import Foundation

extension RequestBodyGate {
    /// An RFC 9457 problem answer: the status, the `application/problem+json` body and the
    /// locale its title was taken from (for `Content-Language`).
    package struct Problem: Sendable {
        /// The HTTP status.
        package var status: Status
        /// The JSON body.
        package var body: [UInt8]
        /// The locale of the catalog text in `title`.
        package var contentLanguage: String
        /// The statuses a gate answers with.
        package enum Status: Int, Sendable {
            /// 413: the body is past the limit.
            case contentTooLarge = 413
            /// 415: the body is not JSON.
            case unsupportedMediaType = 415
            /// 422: the body is not valid JSON or does not meet the contract.
            case unprocessableContent = 422
        }

        /// The media type of every problem body.
        package static var contentType: String { "application/problem+json" }
    }

    /// The most violations one problem lists.
    package static var maxReportedViolations: Int { 20 }

    /// An RFC 9457 problem: the catalog's text for `code` in the request's language, the
    /// status, and per violation only its stable code and schema location (never an instance
    /// value or key, so nothing `writeOnly` or `x-sensitive` can show).
    /// - Parameters:
    ///   - status: the HTTP status.
    ///   - code: the catalog code (`too-large`, `unsupported-media-type`, `validation.failed`).
    ///   - locale: the request's `Accept-Language` value.
    ///   - violations: what the contract found.
    /// - Returns: the problem.
    package func problem(
        status: Problem.Status, code: String, locale: String?, violations: [Violation] = []
    ) -> Problem {
        let message = mapper.message(forCode: code, status: status.rawValue, locale: locale)
        let body = ProblemBody(
            type: "about:blank", title: message.text, status: status.rawValue, code: code,
            errors: violations.prefix(Self.maxReportedViolations).map {
                ProblemBody.Entry(code: $0.code.rawValue, schemaPath: $0.keywordLocation)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data(#"{"status":\#(status.rawValue)}"#.utf8)
        return Problem(status: status, body: Array(data), contentLanguage: message.locale)
    }
}

/// The JSON of a rejection.
struct ProblemBody: Encodable {
    struct Entry: Encodable {
        var code: String
        var schemaPath: String
    }

    var type: String
    var title: String
    var status: Int
    var code: String
    var errors: [Entry]
}
