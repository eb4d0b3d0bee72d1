public import Foundation
public import HTTPTypes
public import OpenAPIRuntime
public import SanitizeKit

/// A swift-openapi-runtime `ClientMiddleware` that puts the request guard on every
/// outgoing request of a generated client, and checks bodies against contracts: those the
/// user registers per operation and status, then those of the OpenAPI document
/// (``OpenAPIContracts``): the response body by operation, status and media type, and the
/// JSON request body before it is sent.
///
/// ```swift
/// let middleware = GuardMiddleware(
///     requestGuard: try RequestGuard(contentsOf: policyURL),
///     document: try OpenAPIContracts(contentsOf: URL(fileURLWithPath: "openapi.yaml")))
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

    /// What happens to a call the document does not describe: an unknown `operationId`, a
    /// status with no entry (not even `default`), or a media type the entry does not list.
    public enum Undocumented: Sendable {
        /// Sent and returned unchecked (the default: a document may lag behind its server).
        case passThrough
        /// Refused: `operation-undocumented` before sending, `request-undocumented` for a
        /// body the operation does not document, `response-undocumented` after receiving.
        case reject
    }

    /// The guard every request passes.
    public let requestGuard: RequestGuard
    /// Contracts for response bodies, registered by the user; they win over the document's.
    public let contracts: [ResponseKey: Contract]
    /// The contracts of the OpenAPI document, if given.
    public let document: OpenAPIContracts?
    /// What happens to calls the document does not describe (when a document is given).
    public let undocumented: Undocumented
    /// The longest response body read for checking, in bytes.
    public let maxResponseBytes: Int
    /// The longest request body read for checking, in bytes.
    public let maxRequestBytes: Int

    /// Creates the middleware.
    /// - Parameters:
    ///   - requestGuard: the guard.
    ///   - contracts: response contracts by operation and status (checked first).
    ///   - document: the OpenAPI document's contracts, for responses and request bodies.
    ///   - undocumented: what to do with calls the document does not describe.
    ///   - maxResponseBytes: the bound on a checked response body (default 10 MiB).
    ///   - maxRequestBytes: the bound on a checked request body (default 10 MiB).
    public init(
        requestGuard: RequestGuard, contracts: [ResponseKey: Contract] = [:], document: OpenAPIContracts? = nil,
        undocumented: Undocumented = .passThrough, maxResponseBytes: Int = 10 << 20, maxRequestBytes: Int = 10 << 20
    ) {
        self.requestGuard = requestGuard
        self.contracts = contracts
        self.document = document
        self.undocumented = undocumented
        self.maxResponseBytes = maxResponseBytes
        self.maxRequestBytes = maxRequestBytes
    }

    /// Checks the request (as the transport will send it: `baseURL` joined with the path) and
    /// its JSON body, forwards it, and checks the response body.
    ///
    /// A response's contract is the user's for the operation and status, else the user's for
    /// the operation (`status: nil`), else the document's (exact status, `NXX`, `default`;
    /// the media type of `Content-Type`). A request body is checked against the document's
    /// `requestBody` schema for its `Content-Type`; a missing `required` body is refused.
    /// Responses to `HEAD` and `204`/`304` responses carry no content and are not checked.
    /// - Parameters:
    ///   - request: the request (path relative to `baseURL`).
    ///   - body: the request body.
    ///   - baseURL: the server URL.
    ///   - operationID: the operation's `operationId`.
    ///   - next: the rest of the chain.
    /// - Returns: the response, its body re-wrapped after checking.
    /// - Throws: a `ClientError` whose `underlyingError` is a ``GuardMiddlewareError``, for a
    ///   denied request, a body that does not meet its contract or is too long, or an
    ///   undocumented call under ``Undocumented/reject``; what `next` throws.
    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await checked(request, body: body, baseURL: baseURL, operationID: operationID, next: next)
        } catch let refusal as GuardMiddlewareError {
            throw refusal.clientError
        }
    }

    /// ``intercept(_:body:baseURL:operationID:next:)`` before its refusals are wrapped.
    private func checked(
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
        // The transport is handed the base URL as the guard read it (its host an A-label), so it
        // reaches the host the verdict was about whatever its own IDNA mapping would make of the
        // original text.
        guard case .success(let canonicalBase) = requestGuard.canonicalURL(of: base),
            let sentBase = URL(string: Self.base(canonicalBase, like: base, original: baseURL.absoluteString))
        else {
            throw GuardMiddlewareError(
                operationID: operationID, code: GuardDenial.Code.urlMalformed.rawValue,
                text: "the base URL cannot be read as the guard reads it")
        }
        let sentBody = try await checkedRequestBody(body, of: request, operationID: operationID)
        let (response, responseBody) = try await next(request, sentBody, sentBase)
        // No content by definition (RFC 9110 §9.3.2, §15.3.5, §15.4.5): nothing to validate.
        if request.method == .head || response.status.code == 204 || response.status.code == 304 {
            return (response, responseBody)
        }
        let what = "the \(response.status.code) response of \(operationID)"
        let contract: Contract
        if let registered = contracts[ResponseKey(operationID: operationID, status: response.status.code)]
            ?? contracts[ResponseKey(operationID: operationID)]
        {
            contract = registered
        } else if let document {
            switch document.response(
                operationID: operationID, status: response.status.code, contentType: response.headerFields[.contentType])
            {
            case .contract(let documented): contract = documented
            case .unchecked: return (response, responseBody)
            case .undocumented(let why):
                guard undocumented == .reject else { return (response, responseBody) }
                throw GuardMiddlewareError(operationID: operationID, code: "response-undocumented", text: why)
            }
        } else {
            return (response, responseBody)
        }
        let checked = try await validated(
            responseBody, against: contract, limit: maxResponseBytes, what: what, operationID: operationID, prefix: "response")
        return (response, checked)
    }

    /// The request body after the document's check (re-wrapped when it was read).
    /// `canonical` (the guard's form of `base`, the base URL without its trailing slashes) with
    /// the original's trailing slashes: none more (``RequestGuard/canonicalURL(of:)`` writes
    /// `/` for an empty path), none fewer, so the transport joins the operation's path to it
    /// as it would have joined it to the original.
    static func base(_ canonical: String, like base: String, original: String) -> String {
        var text = canonical
        if text.hasSuffix("/") && !base.hasSuffix("/") { text.removeLast() }
        return text + String(repeating: "/", count: original.utf8.count - base.utf8.count)
    }

    func checkedRequestBody(_ body: HTTPBody?, of request: HTTPRequest, operationID: String) async throws -> HTTPBody? {
        guard let document else { return body }
        guard let operation = document.operations[operationID] else {
            guard undocumented == .reject else { return body }
            throw GuardMiddlewareError(
                operationID: operationID, code: "operation-undocumented",
                text: "the document has no operation \(JSONValue.string(operationID).jsonText)")
        }
        guard let body else {
            guard operation.requestBody?.required == true else { return nil }
            throw GuardMiddlewareError(
                operationID: operationID, code: "request-invalid",
                text: "\(operationID) requires a request body (requestBody.required) and none is sent")
        }
        switch document.request(operationID: operationID, contentType: request.headerFields[.contentType]) {
        case .contract(let contract):
            return try await validated(
                body, against: contract, limit: maxRequestBytes, what: "the request body of \(operationID)",
                operationID: operationID, prefix: "request")
        case .unchecked:
            return body
        case .undocumented(let why):
            guard undocumented == .reject else { return body }
            throw GuardMiddlewareError(operationID: operationID, code: "request-undocumented", text: why)
        }
    }

    /// Reads a body (at most `limit` bytes), validates it and wraps the bytes again.
    /// - Throws: ``GuardMiddlewareError`` `<prefix>-too-large` or `<prefix>-invalid`.
    func validated(
        _ body: HTTPBody?, against contract: Contract, limit: Int, what: String, operationID: String, prefix: String
    ) async throws -> HTTPBody {
        let bytes: [UInt8]
        do {
            if let body {
                bytes = try await [UInt8](collecting: body, upTo: limit)
            } else {
                bytes = []
            }
        } catch {
            throw GuardMiddlewareError(
                operationID: operationID, code: prefix + "-too-large",
                text: "\(what) is longer than \(limit) bytes or could not be read")
        }
        let result = bytes.withUnsafeBytes { contract.validate($0) }
        guard result.isValid else {
            throw GuardMiddlewareError(
                operationID: operationID, code: prefix + "-invalid", text: "\(what) does not meet its contract",
                violations: result.violations)
        }
        return HTTPBody(bytes)
    }
}

/// Why ``GuardMiddleware`` stopped a call: a stable code and a sentence (no header values,
/// no body text), and the contract violations of an invalid response.
public struct GuardMiddlewareError: Error, Sendable, CustomStringConvertible {
    /// The operation that was called.
    public var operationID: String
    /// A guard denial code, `response-too-large`, `response-invalid`, `request-too-large`,
    /// `request-invalid`, or (under ``GuardMiddleware/Undocumented/reject``)
    /// `operation-undocumented`, `request-undocumented`, `response-undocumented`.
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

    /// What a generated client throws for this refusal: the runtime's `ClientError` around it,
    /// with nothing of the call in it.
    ///
    /// The runtime wraps a middleware's error in a `ClientError` whose description shows the
    /// operation's input, the request's header values and the base URL: a refused request's
    /// credentials, and the `writeOnly` values of a refused body, would reach every log that
    /// prints the error. A `ClientError` thrown by a middleware is passed on as it is, so this
    /// one holds the operation and the refusal only; the input is withheld, and the request,
    /// the bodies and the base URL are left out.
    var clientError: ClientError {
        ClientError(
            operationID: operationID, operationInput: Self.withheldInput,
            causeDescription: "Middleware of type 'GuardMiddleware' threw an error.", underlyingError: self)
    }

    /// What ``clientError`` holds in place of the operation's input.
    static let withheldInput = "<withheld by GuardMiddleware: it may hold credentials or writeOnly values>"
}
