public import SanitizeKit

/// The body contracts an OpenAPI 3.0.x/3.1.x document declares, per `operationId`: the
/// schema of each response's JSON content (`responses.<status>.content.<media type>.schema`)
/// and of the JSON request body (`requestBody.content.<media type>.schema`), compiled once.
///
/// A response's contract is found as OAS 3.1 §4.8.16 (Responses Object) describes: the exact
/// status code first, then its range (`2XX`), then `default`; within it the media type the
/// response's `Content-Type` names (`application/json`, or any `…+json` type the document
/// lists). Response, Request Body and Path Item objects may be local `$ref`s
/// (`#/components/responses/…`); schemas may `$ref` anything under `components/schemas`.
/// Operations without an `operationId` are skipped (a generated client has one for each).
///
/// In a 3.0 document, `readOnly` and `writeOnly` apply by direction (OAS 3.0.3 §4.7.24.1,
/// ``SanitizeKit/Contract/Direction``): response schemas are compiled for responses (a
/// `writeOnly` value is refused, its `required` does not apply), request body schemas for
/// requests (the same for `readOnly`).
///
/// ```swift
/// let contracts = try OpenAPIContracts(contentsOf: URL(fileURLWithPath: "openapi.yaml"))
/// let middleware = GuardMiddleware(requestGuard: .standard, document: contracts)
/// ```
public struct OpenAPIContracts: Sendable {
    /// The documented bodies of one status (or one request body).
    struct Bodies: Sendable {
        /// Contracts by media type essence (`application/json`), JSON types only.
        var contracts: [String: Contract] = [:]
        /// Every documented media type (lowercased essence; may be a range like `text/*`).
        var mediaTypes: [String] = []
        /// Whether a body is required (`requestBody.required`; responses: `false`).
        var required = false
    }

    /// One operation's documented bodies.
    struct Operation: Sendable {
        /// Where the operation is (`/paths/~1users/get`), for messages.
        var pointer: String
        /// Responses by status key: `"200"`, `"2XX"`, `"default"`.
        var responses: [String: Bodies] = [:]
        /// The request body, if documented.
        var requestBody: Bodies?
    }

    /// What the document says about one body.
    enum Lookup {
        /// A JSON body with this contract.
        case contract(Contract)
        /// Documented, but not as JSON with a schema (or with no content): not checked.
        case unchecked
        /// Not documented; the text says what is missing.
        case undocumented(String)
    }

    let operations: [String: Operation]

    /// What reading the document file leniently gave rise to (``init(contentsOf:resources:options:)``:
    /// integer YAML keys read as strings, code `yaml-integer-key`); empty for a parsed document.
    public internal(set) var warnings: [SanitizeError] = []

    /// The `operationId`s the document declares, sorted.
    public var operationIDs: [String] { operations.keys.sorted() }

    /// Reads the contracts of a parsed document.
    /// - Parameters:
    ///   - document: the OpenAPI document (JSON, or YAML read by `SanitizeYAML`).
    ///   - resources: other documents schemas may `$ref`.
    ///   - options: compile options (`baseURI` is the document's URI).
    /// - Throws: ``SanitizeError`` `openapi-invalid` with the JSON Pointer of what is wrong (not
    ///   OpenAPI 3.0/3.1, `paths` or an operation not an object, a duplicate `operationId`, a
    ///   status key that is not a code, a range or `default`, an unresolvable `$ref`), or the
    ///   schema compiler's error located at the schema.
    public init(
        document: JSONValue, resources: ContractResources = ContractResources(), options: Contract.Options = Contract.Options()
    ) throws(SanitizeError) {
        var reader = OpenAPIDocumentReader(document: document, resources: resources, options: options)
        operations = try reader.operations()
    }

    /// The contract of a response body, if the document gives one.
    /// - Parameters:
    ///   - operationID: the `operationId`.
    ///   - status: the response status.
    ///   - contentType: the response's `Content-Type` (parameters are ignored), if any.
    /// - Returns: the schema's contract, or `nil` when the status or media type is not
    ///   documented as JSON with a schema.
    public func responseContract(operationID: String, status: Int, contentType: String?) -> Contract? {
        if case .contract(let contract) = response(operationID: operationID, status: status, contentType: contentType) {
            return contract
        }
        return nil
    }

    /// The contract of a request body, if the document gives one.
    /// - Parameters:
    ///   - operationID: the `operationId`.
    ///   - contentType: the request's `Content-Type`, if any.
    /// - Returns: the schema's contract, or `nil`.
    public func requestContract(operationID: String, contentType: String?) -> Contract? {
        if case .contract(let contract) = request(operationID: operationID, contentType: contentType) { return contract }
        return nil
    }

    /// What the document says about a response: status exact, then range, then `default`.
    func response(operationID: String, status: Int, contentType: String?) -> Lookup {
        guard let operation = operations[operationID] else {
            return .undocumented("the document has no operation \(JSONValue.string(operationID).jsonText)")
        }
        let range = "\(status / 100)XX"
        guard let bodies = operation.responses[String(status)] ?? operation.responses[range] ?? operation.responses["default"]
        else {
            return .undocumented("status \(status) is not documented for \(operationID) (no \(status), \(range) or default)")
        }
        return Self.lookup(bodies, contentType: contentType, what: "the \(status) response of \(operationID)")
    }

    /// What the document says about a request body.
    func request(operationID: String, contentType: String?) -> Lookup {
        guard let operation = operations[operationID] else {
            return .undocumented("the document has no operation \(JSONValue.string(operationID).jsonText)")
        }
        guard let bodies = operation.requestBody else {
            return .undocumented("\(operationID) documents no request body")
        }
        return Self.lookup(bodies, contentType: contentType, what: "the request body of \(operationID)")
    }

    /// The body's entry for a `Content-Type`: its JSON contract when there is one; with no
    /// `Content-Type`, the one JSON type documented (if exactly one); a documented other type
    /// or range (`text/*`, `*/*`) is unchecked.
    static func lookup(_ bodies: Bodies, contentType: String?, what: String) -> Lookup {
        if bodies.mediaTypes.isEmpty { return .unchecked }
        guard let contentType else {
            if bodies.contracts.count == 1, let only = bodies.contracts.first { return .contract(only.value) }
            return .undocumented("\(what) has no Content-Type and the document lists \(bodies.mediaTypes.count) media types")
        }
        let essence = Self.essence(of: contentType)
        if let contract = bodies.contracts[essence] { return .contract(contract) }
        let type = essence.prefix { $0 != "/" }
        if bodies.mediaTypes.contains(where: { $0 == essence || $0 == "*/*" || $0 == type + "/*" }) { return .unchecked }
        return .undocumented("\(what) is \(essence), a media type the document does not list")
    }

    /// The lowercased `type/subtype` of a media type, parameters and spaces dropped.
    static func essence(of mediaType: String) -> String {
        String(mediaType.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }).lowercased()
    }

    /// Whether a media type essence is JSON: `application/json` or a `+json` structured
    /// syntax suffix (RFC 6839 §3.1).
    static func isJSON(_ essence: String) -> Bool {
        essence == "application/json" || (essence.hasSuffix("+json") && !essence.contains("*"))
    }
}
