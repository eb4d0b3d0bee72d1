public import HTTPTypes
public import SanitizeKit

/// A response the guarded client received, its body read up to the configured limit.
public struct GuardedResponse: Sendable {
    /// The status of the last hop.
    public var status: HTTPResponse.Status
    /// The header fields of the last hop.
    public var headerFields: HTTPFields
    /// The whole body.
    public var body: [UInt8]
    /// The URL that answered (after redirects).
    public var url: String
    /// Credential header names dropped on redirects, in order.
    public var removedHeaders: [String]

    /// Checks the body against a contract (use it for a 2xx answer).
    /// - Parameter contract: the contract the body must meet.
    /// - Returns: the validation result; a body that is not JSON is a violation, not a throw.
    public func validate(against contract: Contract) -> ValidationResult {
        body.withUnsafeBytes { contract.validate($0) }
    }

    /// The predefined message for an error answer (4xx, 5xx), from the message catalogs;
    /// the server's own text is never shown.
    /// - Parameters:
    ///   - mapper: the mapper (default: the compiled-in catalogs).
    ///   - locale: a language tag or `Accept-Language` value.
    /// - Returns: the message, or `nil` for a status below 400.
    public func userMessage(mapper: ServerErrorMapper = ServerErrorMapper(), locale: String?) -> UserMessage? {
        guard status.code >= 400 else { return nil }
        return mapper.message(
            status: status.code, headers: headerFields, body: body, contentType: headerFields[.contentType],
            locale: locale)
    }
}
