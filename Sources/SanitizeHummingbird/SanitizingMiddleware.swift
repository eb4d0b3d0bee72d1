import HTTPTypes
public import Hummingbird
public import SanitizeKit

/// A Hummingbird `RouterMiddleware` that sanitizes and validates JSON request bodies before
/// the handler runs: the body is read up to a limit (413 past it), the contract's
/// `x-sanitize` steps are applied and the result is validated (``RecordFilter``); a valid
/// body reaches the handler sanitized, anything else is answered with
/// `application/problem+json` (RFC 9457) whose text comes from the message catalogs and
/// never echoes the input.
///
/// Add it to the routes whose bodies it guards:
/// ```swift
/// let filter = try RecordFilter(contractAt: URL(fileURLWithPath: "signup.schema.json"))
/// router.group("signup").add(middleware: SanitizingMiddleware(filter: filter)).post { request, _ in … }
/// ```
public struct SanitizingMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The contract and steps bodies go through.
    public let filter: RecordFilter
    /// The longest body accepted, in bytes.
    public let maxBodyBytes: Int
    /// Where rejection texts come from.
    public let mapper: ServerErrorMapper

    /// Creates the middleware.
    /// - Parameters:
    ///   - filter: the contract (with its `x-sanitize` steps) bodies must meet.
    ///   - maxBodyBytes: the body limit (default 1 MiB); longer bodies get 413.
    ///   - mapper: the message catalogs for rejection texts (default: the compiled-in ones).
    public init(filter: RecordFilter, maxBodyBytes: Int = 1 << 20, mapper: ServerErrorMapper = ServerErrorMapper()) {
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
    /// router.group("users").add(middleware: try SanitizingMiddleware(openAPI: document, component: "User")).post { … }
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
        openAPI document: JSONValue, component: String, resources: ContractResources = ContractResources(),
        options: Contract.Options = Contract.Options(), maxBodyBytes: Int = 1 << 20, mapper: ServerErrorMapper = ServerErrorMapper()
    ) throws {
        let contract = try Contract(openAPI: document, component: component, direction: .request, resources: resources, options: options)
        self.init(filter: RecordFilter(contract: contract, limits: options.limits), maxBodyBytes: maxBodyBytes, mapper: mapper)
    }

    /// The shared decision (limit, media type, contract, problem bodies), made once.
    let gate: RequestBodyGate

    /// Reads, sanitizes and validates the body, then calls `next` with the sanitized body, or
    /// answers 413, 415 or 422 itself.
    /// - Parameters:
    ///   - request: the incoming request.
    ///   - context: the request context.
    ///   - next: the rest of the chain.
    /// - Returns: the handler's response, or a problem response.
    /// - Throws: what `next` throws, or a transport error while the body is read.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // Each header is found by one walk over the fields (`HTTPFields`' subscript joins
        // repeated values through generic code that showed as a quarter of this function under
        // load); `Accept-Language` is read only for a refusal.
        let headers = request.headers
        let contentLength = headers.combinedValue(of: .contentLength)
        if gate.declaresTooMuch(contentLength) {
            return Self.response(gate.tooLarge(locale: headers.combinedValue(of: .acceptLanguage)))
        }
        let declaredLength = contentLength.flatMap { Int($0) }
        // Most bodies come in one buffer: that buffer is decided in place and, when no step
        // changes it, handed on as it is. A second buffer starts the collector (the limit,
        // and past it the drain); its bytes are decided and handed on instead.
        var first: ByteBuffer?
        var collector: RequestBodyGate.Collector?
        for try await buffer in request.body {
            if first == nil && collector == nil && buffer.readableBytes <= maxBodyBytes {
                first = buffer
                continue
            }
            if collector == nil {
                collector = RequestBodyGate.Collector(limit: maxBodyBytes, expectedCount: declaredLength)
                if let held = first {
                    _ = Self.append(held, to: &collector!)  // in place: no copy of what is held
                    first = nil
                }
            }
            // Past the limit, read on (up to a bound) so the client sees the answer, not a reset.
            if Self.append(buffer, to: &collector!) == .stop { break }
        }
        if collector?.isTooLarge == true {
            return Self.response(gate.tooLarge(locale: headers.combinedValue(of: .acceptLanguage)))
        }
        let received = first ?? ByteBuffer(bytes: collector?.bytes ?? [])
        switch gate.decide(
            method: request.method.rawValue, contentType: headers.combinedValue(of: .contentType),
            body: received.readableBytesView, locale: headers.combinedValue(of: .acceptLanguage))
        {
        case .passThrough:
            return try await next(request, context)
        case .reject(let problem):
            return Self.response(problem)
        case .forwardAsReceived:
            return try await next(Self.request(request, body: received, declaredLength: declaredLength), context)
        case .forward(let sanitized):
            return try await next(Self.request(request, body: ByteBuffer(bytes: sanitized), declaredLength: declaredLength), context)
        }
    }

    /// Appends a buffer to a collector as contiguous bytes: the collector's generic append then
    /// copies them whole instead of walking the view byte by byte through its iterator.
    private static func append(_ buffer: ByteBuffer, to body: inout RequestBodyGate.Collector) -> RequestBodyGate.Collector.Step {
        let view = buffer.readableBytesView
        return view.withContiguousStorageIfAvailable { body.append($0) } ?? body.append(view)
    }

    /// The request handed on with `body`: its head kept as it came when the declared length
    /// is the body's (only the body replaced, so nothing is parsed again), else with
    /// `Content-Length` set to the body's length.
    private static func request(_ request: Request, body: ByteBuffer, declaredLength: Int?) -> Request {
        guard declaredLength == body.readableBytes else {
            var head = request.head
            head.headerFields[.contentLength] = String(body.readableBytes)
            return Request(head: head, body: RequestBody(buffer: body))
        }
        var forwarded = request
        forwarded.body = RequestBody(buffer: body)
        return forwarded
    }

    /// A problem as a Hummingbird response.
    static func response(_ problem: RequestBodyGate.Problem) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = RequestBodyGate.Problem.contentType
        headers[.contentLanguage] = problem.contentLanguage
        let status: HTTPResponse.Status
        switch problem.status {
        case .contentTooLarge: status = .contentTooLarge
        case .unsupportedMediaType: status = .unsupportedMediaType
        case .unprocessableContent: status = .unprocessableContent
        }
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: problem.body)))
    }
}

extension HTTPFields {
    /// The value of the field `name`, its repeated values joined by `", "` (RFC 9110 §5.3), as
    /// the subscript gives it, found by one walk over the fields.
    /// - Parameter name: the field name.
    /// - Returns: the value, or `nil` when the field is absent.
    func combinedValue(of name: HTTPField.Name) -> String? {
        var combined: String?
        for field in self where field.name == name {
            combined = combined.map { $0 + ", " + field.value } ?? field.value
        }
        return combined
    }
}
