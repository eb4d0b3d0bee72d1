public import Foundation
public import SanitizeKit

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// What a response body turned out to be, once checked.
public enum CheckedResponse: Sendable {
    /// A 2xx answer whose body meets the contract.
    case valid(Data)
    /// A 2xx answer whose body does not meet the contract (not JSON, or violations).
    case invalid([Violation])
    /// An error status (4xx, 5xx): the predefined message for it; the server's text is never used.
    case failure(status: Int, message: UserMessage)
}

extension HTTPURLResponse {
    /// Checks a response: a 2xx body against `contract`, an error status mapped to its
    /// predefined message by `mapper`.
    /// - Parameters:
    ///   - data: the body.
    ///   - contract: the contract a successful body must meet.
    ///   - mapper: the message catalogs (default: the compiled-in ones).
    ///   - locale: a language tag or `Accept-Language` value for the message.
    /// - Returns: valid, invalid with the violations, or failure with the message.
    public func checked(
        data: Data, against contract: Contract, mapper: ServerErrorMapper = ServerErrorMapper(), locale: String? = nil
    ) -> CheckedResponse {
        if statusCode >= 400 || statusCode < 200 {
            var headers: [String: String] = [:]
            for (name, value) in allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            let message = mapper.message(
                status: statusCode, headers: headers, body: Array(data),
                contentType: value(forHTTPHeaderField: "Content-Type"), locale: locale)
            return .failure(status: statusCode, message: message)
        }
        let result = contract.validate(data)
        return result.isValid ? .valid(data) : .invalid(result.violations)
    }
}
