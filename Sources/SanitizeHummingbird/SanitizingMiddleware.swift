public import Hummingbird
import Foundation
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

    /// Methods whose empty body is passed through untouched.
    static var bodylessMethods: Set<HTTPRequest.Method> { [.get, .head, .options, .delete] }

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
        let locale = request.headers[.acceptLanguage]
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > maxBodyBytes {
            return problem(status: .contentTooLarge, code: "too-large", locale: locale)
        }
        var bytes: [UInt8] = []
        var tooLarge = false
        var drained = 0
        for try await buffer in request.body {
            if tooLarge {
                // Read on (up to a bound) so the client sees the answer, not a reset.
                drained += buffer.readableBytes
                if drained > Self.drainLimit { break }
                continue
            }
            if bytes.count + buffer.readableBytes > maxBodyBytes {
                tooLarge = true
                bytes = []
                continue
            }
            bytes += buffer.readableBytesView
        }
        if tooLarge { return problem(status: .contentTooLarge, code: "too-large", locale: locale) }
        if bytes.isEmpty && Self.bodylessMethods.contains(request.method) {
            return try await next(request, context)
        }
        if let type = request.headers[.contentType], !Self.isJSON(type) {
            return problem(status: .unsupportedMediaType, code: "unsupported-media-type", locale: locale)
        }
        let outcome = filter.process(bytes)
        guard outcome.isValid, let sanitized = outcome.sanitized else {
            return problem(
                status: .unprocessableContent, code: "validation.failed", locale: locale,
                violations: outcome.violations)
        }
        var head = request.head
        head.headerFields[.contentLength] = String(sanitized.count)
        let forwarded = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: sanitized)))
        return try await next(forwarded, context)
    }

    /// How much of an oversized body is read and dropped before answering 413.
    static var drainLimit: Int { 64 << 20 }

    /// `application/json` or any `+json` type, parameters ignored.
    static func isJSON(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// An RFC 9457 problem: the catalog's text for `code`, the status, and per violation
    /// only its stable code and schema location (never an instance value or key).
    func problem(
        status: HTTPResponse.Status, code: String, locale: String?, violations: [Violation] = []
    ) -> Response {
        let message = mapper.message(forCode: code, status: status.code, locale: locale)
        let body = ProblemBody(
            type: "about:blank", title: message.text, status: status.code, code: code,
            errors: violations.prefix(Self.maxReportedViolations).map {
                ProblemBody.Entry(code: $0.code.rawValue, schemaPath: $0.keywordLocation)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data(#"{"status":\#(status.code)}"#.utf8)
        var headers = HTTPFields()
        headers[.contentType] = "application/problem+json"
        headers[.contentLanguage] = message.locale
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The most violations one problem lists.
    static var maxReportedViolations: Int { 20 }
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
