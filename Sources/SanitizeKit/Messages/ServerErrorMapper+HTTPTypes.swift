public import HTTPTypes

extension ServerErrorMapper {
    /// The message for an error response whose header fields are `HTTPFields`, the header
    /// type the request guard takes too.
    /// - Parameters:
    ///   - status: the HTTP status code, if there was a response.
    ///   - headers: the response header fields; only `Retry-After` and request-id fields are read.
    ///   - body: the body bytes; at most `limits.maxBodyBytes` are inspected.
    ///   - contentType: the `Content-Type` value.
    ///   - locale: a language tag, POSIX locale name or `Accept-Language` value.
    /// - Returns: the predefined message, the key that selected it and its locale.
    public func message(
        status: Int?, headers: HTTPFields, body: some Collection<UInt8>, contentType: String?, locale: String?
    ) -> UserMessage {
        var dictionary: [String: String] = [:]
        for field in headers where dictionary[field.name.canonicalName] == nil {
            dictionary[field.name.canonicalName] = field.value
        }
        return message(status: status, headers: dictionary, body: body, contentType: contentType, locale: locale)
    }
}
