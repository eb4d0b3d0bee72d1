public import Foundation
public import HTTPTypes
public import OpenAPIRuntime
public import SanitizeKit

/// A swift-openapi-runtime `ClientMiddleware` that puts the request guard on every
/// outgoing request of a generated client, and checks response bodies against the contract
/// registered for their operation and status.
///
/// ```swift
/// let middleware = GuardMiddleware(
///     requestGuard: try RequestGuard(contentsOf: policyURL),
///     contracts: [.init(operationID: "getUser", status: 200): try Contract(contentsOf: userSchemaURL)])
/// let client = Client(serverURL: try Servers.Server1.url(), transport: transport, middlewares: [middleware])
/// ```
public struct GuardMiddleware: ClientMiddleware {
    /// Which responses a contract applies to: one operation and one status, or every status
    /// of the operation the table names no other way (`status: nil`).
    public struct ResponseKey: Hashable, Sendable {
        /// The OpenAPI `operationId`.
        public var operationID: String
        /// The status, or `nil` for the operation's other statuses.
        public var status: Int?

        /// Creates a key.
        /// - Parameters:
        ///   - operationID: the `operationId`.
        ///   - status: the status, `nil` for "any other".
        public init(operationID: String, status: Int? = nil) {
            self.operationID = operationID
            self.status = status
        }
    }

    /// The guard every request passes.
    public let requestGuard: RequestGuard
    /// Contracts for response bodies.
    public let contracts: [ResponseKey: Contract]
    /// The longest response body read for checking, in bytes.
    public let maxResponseBytes: Int

    /// Creates the middleware.
    /// - Parameters:
    ///   - requestGuard: the guard.
    ///   - contracts: response contracts by operation and status.
    ///   - maxResponseBytes: the bound on a checked body (default 10 MiB).
    public init(requestGuard: RequestGuard, contracts: [ResponseKey: Contract] = [:], maxResponseBytes: Int = 10 << 20)
    {
        self.requestGuard = requestGuard
        self.contracts = contracts
        self.maxResponseBytes = maxResponseBytes
    }

    /// Checks the request (as the transport will send it: `baseURL` joined with the path),
    /// forwards it, and checks the response body when a contract is registered for it.
    /// - Parameters:
    ///   - request: the request (path relative to `baseURL`).
    ///   - body: the request body.
    ///   - baseURL: the server URL.
    ///   - operationID: the operation's `operationId`.
    ///   - next: the rest of the chain.
    /// - Returns: the response, its body re-wrapped after checking.
    /// - Throws: ``GuardMiddlewareError`` for a denied request or a body that does not meet
    ///   its contract; what `next` throws.
    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let url = base + (request.path ?? "/")
        if case .deny(let reason) = requestGuard.check(
            url: url, method: request.method.rawValue, headers: request.headerFields)
        {
            throw GuardMiddlewareError(operationID: operationID, code: reason.code.rawValue, text: reason.text)
        }
        let (response, responseBody) = try await next(request, body, baseURL)
        guard
            let contract = contracts[ResponseKey(operationID: operationID, status: response.status.code)]
                ?? contracts[ResponseKey(operationID: operationID)]
        else { return (response, responseBody) }
        let bytes: [UInt8]
        do {
            if let responseBody {
                bytes = try await [UInt8](collecting: responseBody, upTo: maxResponseBytes)
            } else {
                bytes = []
            }
        } catch {
            throw GuardMiddlewareError(
                operationID: operationID, code: "response-too-large",
                text: "response body is longer than \(maxResponseBytes) bytes or could not be read")
        }
        let result = bytes.withUnsafeBytes { contract.validate($0) }
        guard result.isValid else {
            throw GuardMiddlewareError(
                operationID: operationID, code: "response-invalid",
                text: "the \(response.status.code) response of \(operationID) does not meet its contract",
                violations: result.violations)
        }
        return (response, HTTPBody(bytes))
    }
}

/// Why ``GuardMiddleware`` stopped a call: a stable code and a sentence (no header values,
/// no body text), and the contract violations of an invalid response.
public struct GuardMiddlewareError: Error, Sendable, CustomStringConvertible {
    /// The operation that was called.
    public var operationID: String
    /// A guard denial code, `response-too-large` or `response-invalid`.
    public var code: String
    /// What happened, for people.
    public var text: String
    /// The violations of an invalid response (codes and locations; see ``Violation``).
    public var violations: [Violation]

    /// Creates an error.
    /// - Parameters:
    ///   - operationID: the operation.
    ///   - code: the stable code.
    ///   - text: the explanation.
    ///   - violations: the violations, if any.
    public init(operationID: String, code: String, text: String, violations: [Violation] = []) {
        self.operationID = operationID
        self.code = code
        self.text = text
        self.violations = violations
    }

    /// `operationID: code: text`.
    public var description: String { "\(operationID): \(code): \(text)" }
}
