import NIOCore
public import SanitizeKit
public import Vapor

/// A Vapor `AsyncMiddleware` that sanitizes and validates JSON request bodies before the route
/// runs, as `SanitizeHummingbird`'s middleware does: a `Content-Length` past the limit is
/// refused before the body is read; otherwise the body is read chunk by chunk and refused (413)
/// as soon as it passes the limit, so no oversized body is ever held whole; a body that is not
/// JSON is refused (415); the contract's `x-sanitize` steps are applied and the result is
/// validated (``RecordFilter``), and a body that fails is refused (422). Refusals are
/// `application/problem+json` (RFC 9457) with a title from the message catalogs in the
/// request's `Accept-Language`, never echoing the input. A valid body reaches the route
/// sanitized: `request.body.data` holds the sanitized bytes (and `Content-Length` their count),
/// so `req.content.decode(_:)` reads them and the route's own body collection is skipped.
///
/// Give each route its contract with `grouped(_:)`, Vapor's route-level form of middleware:
/// ```swift
/// let signup = try RecordFilter(contractAt: URL(fileURLWithPath: "signup.schema.json"))
/// app.grouped(SanitizingMiddleware(filter: signup)).post("signup") { req in
///     let form = try req.content.decode(Signup.self)  // already sanitized and valid
///     …
/// }
/// let profile = try RecordFilter(contractAt: URL(fileURLWithPath: "profile.schema.json"))
/// app.grouped(SanitizingMiddleware(filter: profile, maxBodyBytes: 64 << 10)).put("profile") { … }
/// ```
/// A group shares one: `let api = app.grouped("api").grouped(SanitizingMiddleware(filter: f))`.
/// The middleware's `maxBodyBytes` replaces the route's collection limit
/// (`app.routes.defaultMaxBodySize`) for the routes it guards.
public struct SanitizingMiddleware: AsyncMiddleware {
    /// The contract and steps bodies go through.
    public let filter: RecordFilter
    /// The longest body accepted, in bytes.
    public let maxBodyBytes: Int
    /// Where rejection texts come from.
    public let mapper: ServerErrorMapper
    /// The shared decision (limit, media type, contract, problem bodies), made once.
    let gate: RequestBodyGate

    /// Creates the middleware.
    /// - Parameters:
    ///   - filter: the contract (with its `x-sanitize` steps) bodies must meet.
    ///   - maxBodyBytes: the body limit (default 1 MiB); longer bodies get 413.
    ///   - mapper: the message catalogs for rejection texts (default: the compiled-in ones).
    public init(
        filter: RecordFilter, maxBodyBytes: Int = 1 << 20,
        mapper: ServerErrorMapper = ServerErrorMapper()
    ) {
        self.filter = filter
        self.maxBodyBytes = maxBodyBytes
        self.mapper = mapper
        self.gate = RequestBodyGate(filter: filter, maxBodyBytes: maxBodyBytes, mapper: mapper)
    }

    /// Creates the middleware for request bodies described by a schema of an OpenAPI
    /// document, compiled for requests (``SanitizeKit/Contract/Direction/request``): in a 3.0
    /// document a `readOnly` property is refused (422, code `read-only`) and its `required`
    /// does not apply, while a `writeOnly` one (a password, say) is accepted and required as
    /// written (OAS 3.0.3 §4.7.24.1).
    ///
    /// ```swift
    /// let document = try OpenAPIDocumentFile(contentsOf: URL(fileURLWithPath: "openapi.yaml")).document
    /// app.grouped(try SanitizingMiddleware(openAPI: document, component: "User")).post("users") { … }
    /// ```
    /// - Parameters:
    ///   - document: the OpenAPI 3.0/3.1 document (JSON, or YAML read by `SanitizeYAML`).
    ///   - component: the request body's schema, by its name under `components/schemas`.
    ///   - resources: other documents its `$ref`s may name.
    ///   - options: contract options.
    ///   - maxBodyBytes: the body limit (default 1 MiB); longer bodies get 413.
    ///   - mapper: the message catalogs for rejection texts.
    /// - Throws: ``SanitizeError`` as `Contract(openAPI:component:direction:resources:options:)`,
    ///   or `configuration` for an `x-sanitize` list that is not valid.
    public init(
        openAPI document: JSONValue, component: String,
        resources: ContractResources = ContractResources(),
        options: Contract.Options = Contract.Options(), maxBodyBytes: Int = 1 << 20,
        mapper: ServerErrorMapper = ServerErrorMapper()
    ) throws {
        let contract = try Contract(
            openAPI: document, component: component, direction: .request, resources: resources,
            options: options)
        self.init(
            filter: RecordFilter(contract: contract, limits: options.limits), maxBodyBytes: maxBodyBytes,
            mapper: mapper)
    }

    /// Reads, sanitizes and validates the body, then calls `next` with the sanitized body, or
    /// answers 413, 415 or 422 itself.
    /// - Parameters:
    ///   - request: the incoming request.
    ///   - next: the rest of the chain.
    /// - Returns: the route's response, or a problem response.
    /// - Throws: what `next` throws, or a transport error while the body is read.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws
        -> Response
    {
        let outcome: Outcome
        if let refusal = refusalBeforeReading(request) {
            outcome = .answer(refusal)
        } else if let collected = request.body.data {
            outcome = try decide(request, body: collected.readableBytesView, storing: nil)
        } else if let streamed = try await Self.readBody(of: request, limit: maxBodyBytes) {
            outcome = try decide(request, body: streamed, storing: streamed)
        } else {
            outcome = .answer(tooLarge(request))
        }
        switch outcome {
        case .answer(let response): return response
        case .handOn: return try await next.respond(to: request)
        }
    }

    /// How Vapor calls a middleware. A body Vapor already collected (the route's `.collect`
    /// strategy, or one that came in one read) is decided here, on the request's event loop, and
    /// the request handed on from there: no task per request and no hop to the concurrency pool
    /// and back, which `AsyncMiddleware`'s bridge costs every request. A streamed body takes that
    /// bridge to the async `respond(to:chainingTo:)` above, which reads it chunk by chunk.
    /// - Parameters:
    ///   - request: the incoming request.
    ///   - next: the rest of the chain.
    /// - Returns: the route's response, or a problem response.
    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard let collected = request.body.data else {
            let promise = request.eventLoop.makePromise(of: Response.self)
            promise.completeWithTask {
                let asyncNext = AsyncBasicResponder { request in try await next.respond(to: request).get() }
                return try await respond(to: request, chainingTo: asyncNext)
            }
            return promise.futureResult
        }
        if let refusal = refusalBeforeReading(request) { return request.eventLoop.makeSucceededFuture(refusal) }
        do {
            switch try decide(request, body: collected.readableBytesView, storing: nil) {
            case .answer(let response): return request.eventLoop.makeSucceededFuture(response)
            case .handOn: return next.respond(to: request)
            }
        } catch {
            return request.eventLoop.makeFailedFuture(error)
        }
    }

    /// What becomes of a request once its body is at hand.
    enum Outcome {
        /// Answer with this response; the route never runs.
        case answer(Response)
        /// Hand the request on (its body now the sanitized one).
        case handOn
    }

    /// The 413 for a `Content-Length` past the limit, or for a body Vapor already collected
    /// past it; `nil` when the body is to be decided.
    func refusalBeforeReading(_ request: Request) -> Response? {
        let declaresTooMuch = gate.declaresTooMuch(request.headers.first(name: .contentLength))
        if declaresTooMuch || (request.body.data?.readableBytes ?? 0) > maxBodyBytes { return tooLarge(request) }
        return nil
    }

    /// The 413 answer, in the request's language.
    func tooLarge(_ request: Request) -> Response {
        Self.response(gate.tooLarge(locale: request.headers.first(name: .acceptLanguage)))
    }

    /// Decides a body at hand: a body Vapor collected is read in place and, when no step
    /// changes it, stays the request's body; a streamed one (`storing`, drained by
    /// `readBody(of:limit:)`) is stored back as the collected body.
    /// - Throws: what storing the body throws.
    func decide(_ request: Request, body: some Collection<UInt8>, storing streamed: [UInt8]?) throws -> Outcome {
        // `Accept-Language` is read only for a refusal; most requests pass.
        let headers = request.headers
        switch gate.decide(
            method: request.method.rawValue, contentType: headers.first(name: .contentType), body: body,
            locale: headers.first(name: .acceptLanguage))
        {
        case .passThrough:
            return .handOn
        case .reject(let problem):
            return .answer(Self.response(problem))
        case .forwardAsReceived:
            if let streamed { try request.content.encode(SanitizedBody(bytes: streamed), using: SanitizedBody.Encoder()) }
            return .handOn
        case .forward(let sanitized):
            try request.content.encode(SanitizedBody(bytes: sanitized), using: SanitizedBody.Encoder())
            return .handOn
        }
    }

    /// A problem as a Vapor response.
    static func response(_ problem: RequestBodyGate.Problem) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: RequestBodyGate.Problem.contentType)
        headers.replaceOrAdd(name: .contentLanguage, value: problem.contentLanguage)
        let status: HTTPResponseStatus
        switch problem.status {
        case .contentTooLarge: status = .payloadTooLarge
        case .unsupportedMediaType: status = .unsupportedMediaType
        case .unprocessableContent: status = .unprocessableEntity
        }
        return Response(
            status: status, headers: headers,
            body: Response.Body(buffer: ByteBuffer(bytes: problem.body)))
    }
}
