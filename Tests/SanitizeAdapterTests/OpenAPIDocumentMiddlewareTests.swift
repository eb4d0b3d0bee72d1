import Foundation
import HTTPTypes
import OpenAPIRuntime
import SanitizeKit
import SanitizeOpenAPI
import Synchronization
import Testing

/// ``GuardMiddleware`` with contracts derived from an OpenAPI document (``OpenAPIContracts``),
/// driven directly as swift-openapi-runtime drives a `ClientMiddleware`: `next` is a fake
/// transport that answers with a chosen status, `Content-Type` and body, and counts calls.
struct OpenAPIDocumentMiddlewareTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let bookshelf = fixtures.appendingPathComponent("bookshelf.yaml")

    /// Ranges, `$ref`ed responses and request bodies, several media types, 3.1 types.
    static let shop = """
        {"openapi": "3.1.0", "info": {"title": "Shop", "version": "1"},
         "paths": {
           "/items/{id}": {
             "get": {"operationId": "getItem", "responses": {
               "200": {"description": "exact", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}},
               "2XX": {"description": "range", "content": {"application/json": {"schema": {"type": "string"}}}},
               "404": {"$ref": "#/components/responses/Problem"},
               "4xx": {"description": "lower-case range", "content": {"text/plain": {}}},
               "503": {"description": "no content"}}},
             "put": {"operationId": "putItem",
               "requestBody": {"$ref": "#/components/requestBodies/ItemBody"},
               "responses": {"204": {"description": "stored"}}}},
           "/other": {"$ref": "#/components/pathItems/Other"}},
         "components": {
           "schemas": {"Item": {"type": "object", "required": ["id"], "properties": {
             "id": {"type": "integer", "minimum": 1}, "note": {"type": ["string", "null"]}}}},
           "responses": {"Problem": {"description": "problem", "content": {
             "application/problem+json": {"schema": {"type": "object", "required": ["title"]}},
             "application/json; charset=utf-8": {"schema": {"type": "object", "required": ["error"]}}}}},
           "requestBodies": {"ItemBody": {"required": false, "content": {
             "application/json": {"schema": {"$ref": "#/components/schemas/Item"}}, "text/*": {}}}},
           "pathItems": {"Other": {"get": {"operationId": "getOther", "responses": {
             "default": {"description": "any", "content": {"application/json": {"schema": {"type": "array"}}}}}}}}}}
        """

    /// A fake transport: counts calls, keeps the last request body, answers as told.
    final class Transport: Sendable {
        let calls = Mutex(0)
        let lastBody = Mutex<[UInt8]?>(nil)
        let status: Int
        let contentType: String?
        let body: String

        init(status: Int = 200, contentType: String? = "application/json", body: String) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }

        func next(_ request: HTTPRequest, _ body: HTTPBody?, _ url: URL) async throws -> (HTTPResponse, HTTPBody?) {
            calls.withLock { $0 += 1 }
            if let body {
                let bytes = try await [UInt8](collecting: body, upTo: 1 << 20)
                lastBody.withLock { $0 = bytes }
            }
            var response = HTTPResponse(status: .init(code: status))
            if let contentType { response.headerFields[.contentType] = contentType }
            return (response, HTTPBody(self.body))
        }
    }

    static let base = URL(string: "https://api.example.com/v1")!

    /// Runs one call; returns `"ok <body>"` or the error's code and violation codes.
    static func call(
        _ middleware: GuardMiddleware, _ operationID: String, method: HTTPRequest.Method = .get, path: String = "/x",
        requestBody: String? = nil, requestType: String? = "application/json", _ transport: Transport
    ) async throws -> String {
        var request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path)
        if let requestType, requestBody != nil { request.headerFields[.contentType] = requestType }
        do {
            let (_, body) = try await middleware.intercept(
                request, body: requestBody.map { HTTPBody($0) }, baseURL: base, operationID: operationID,
                next: transport.next)
            let bytes = try await [UInt8](collecting: body ?? HTTPBody(), upTo: 1 << 20)
            return "ok " + String(decoding: bytes, as: UTF8.self)
        } catch let wrapped as ClientError {
            let error = try #require(wrapped.underlyingError as? GuardMiddlewareError)
            return error.code + error.violations.map { " " + $0.code.rawValue }.joined()
        }
    }

    static func middleware(_ document: String, _ undocumented: GuardMiddleware.Undocumented = .passThrough) throws
        -> GuardMiddleware
    {
        GuardMiddleware(
            requestGuard: .standard, document: try OpenAPIContracts(document: try JSONValue(parsing: document)),
            undocumented: undocumented)
    }

    @Test("the bookshelf document (YAML file): 200 and default responses of each operation", arguments: [
        ("showBookById", 200, #"{"id": 1, "title": "Emma"}"#, #"ok {"id": 1, "title": "Emma"}"#),
        ("showBookById", 200, #"{"id": "1", "title": "Emma"}"#, "response-invalid type"),
        ("showBookById", 200, #"{"id": 1}"#, "response-invalid required"),
        ("listBooks", 200, #"[{"id": 1, "title": "Emma"}, {"id": 2, "title": "Kim"}]"#, "ok"),
        ("listBooks", 200, #"{"id": 1, "title": "Emma"}"#, "response-invalid type"),
        ("listBooks", 500, #"{"code": 500, "message": "down"}"#, "ok"),
        ("listBooks", 503, #"{"message": "down"}"#, "response-invalid required"),
        ("createBook", 201, "", "ok"),
        ("createBook", 400, #"{"code": "E1", "message": "bad"}"#, "response-invalid type"),
    ] as [(String, Int, String, String)])
    func bookshelfResponses(operationID: String, status: Int, body: String, expected: String) async throws {
        let middleware = GuardMiddleware(requestGuard: .standard, document: try OpenAPIContracts(contentsOf: Self.bookshelf))
        // createBook requires its Book body (see bookshelfRequestBodies); send a valid one.
        let book = operationID == "createBook" ? #"{"id": 9, "title": "Ulysses"}"# : nil
        let outcome = try await Self.call(
            middleware, operationID, method: book == nil ? .get : .post, requestBody: book, Transport(status: status, body: body))
        #expect(outcome == expected || (expected == "ok" && outcome == "ok " + body))
    }

    @Test func bookshelfOperationsAreAllRead() throws {
        #expect(try OpenAPIContracts(contentsOf: Self.bookshelf).operationIDs == ["createBook", "listBooks", "showBookById"])
    }

    @Test("the bookshelf's required Book request body is checked before anything is sent", arguments: [
        (#"{"id": 7, "title": "Ulysses"}"#, "ok ", 1),
        (#"{"id": 7}"#, "request-invalid required", 0),
        (#"{"id": 7, "title": 3}"#, "request-invalid type", 0),
        (nil, "request-invalid", 0),
    ] as [(String?, String, Int)])
    func bookshelfRequestBodies(body: String?, expected: String, sent: Int) async throws {
        let middleware = GuardMiddleware(requestGuard: .standard, document: try OpenAPIContracts(contentsOf: Self.bookshelf))
        let transport = Transport(status: 201, contentType: nil, body: "")
        let outcome = try await Self.call(middleware, "createBook", method: .post, path: "/books", requestBody: body, transport)
        #expect(outcome == expected)
        #expect(transport.calls.withLock { $0 } == sent)
        if sent == 1 { #expect(transport.lastBody.withLock { $0 } == body.map { Array($0.utf8) }) }
    }

    @Test("status: exact code, then its range (2XX, 4xx), then default; $ref'd responses; media types", arguments: [
        ("getItem", 200, "application/json", #"{"id": 1, "note": null}"#, "ok"),  // exact: Item (3.1 type list)
        ("getItem", 200, "application/json", #""a string""#, "response-invalid type"),  // exact wins over 2XX
        ("getItem", 201, "application/json", #""a string""#, "ok"),  // 2XX
        ("getItem", 201, "application/json", #"{"id": 1}"#, "response-invalid type"),  // 2XX: a string
        ("getItem", 404, "application/problem+json", #"{"title": "gone"}"#, "ok"),  // $ref'd response
        ("getItem", 404, "application/problem+json", #"{"detail": "gone"}"#, "response-invalid required"),
        ("getItem", 404, "Application/JSON; charset=UTF-8", #"{"title": "gone"}"#, "response-invalid required"),
        ("getItem", 404, nil, #"{"error": 1}"#, "ok"),  // two JSON types, no Content-Type: unchecked only under reject
        ("getItem", 409, "text/plain", "conflict", "ok"),  // 4xx, not JSON: unchecked
        ("getItem", 503, "application/json", "not json", "ok"),  // documented without content
        ("getOther", 500, "application/json", "[]", "ok"),  // Path Item $ref, default
        ("getOther", 500, "application/json", "{}", "response-invalid type"),
        ("getOther", 500, nil, "{}", "response-invalid type"),  // one JSON type: used without Content-Type
        ("putItem", 204, nil, "", "ok"),
    ] as [(String, Int, String?, String, String)])
    func statusAndMediaType(operationID: String, status: Int, type: String?, body: String, expected: String) async throws {
        let outcome = try await Self.call(
            try Self.middleware(Self.shop), operationID, Transport(status: status, contentType: type, body: body))
        #expect(outcome == expected || (expected == "ok" && outcome == "ok " + body))
    }

    @Test("HEAD, 204 and 304 carry no content (RFC 9110): not checked against the 200's schema")
    func noContentResponses() async throws {
        let middleware = GuardMiddleware(
            requestGuard: .standard, contracts: [.init(operationID: "getItem"): try Contract(schema: #"{"type": "object"}"#)],
            document: try OpenAPIContracts(document: try JSONValue(parsing: Self.shop)), undocumented: .reject)
        #expect(try await Self.call(middleware, "getItem", method: .head, Transport(body: "")) == "ok ")
        #expect(try await Self.call(middleware, "getItem", Transport(status: 304, body: "")) == "ok ")
        #expect(try await Self.call(middleware, "getOther", Transport(status: 204, body: "")) == "ok ")
        // The same empty body on a GET 200 is checked, and is not JSON.
        #expect(try await Self.call(middleware, "getItem", Transport(body: "")).hasPrefix("response-invalid"))
    }

    @Test("undocumented calls: passed through by default, refused under .reject", arguments: [
        ("getNothing", 200, "application/json", "operation-undocumented", 0),
        ("getItem", 500, "application/json", "response-undocumented", 1),  // no 500, 5XX or default
        ("getItem", 404, "text/html", "response-undocumented", 1),  // media type not listed
        ("getItem", 404, nil, "response-undocumented", 1),  // two JSON types, no Content-Type
    ] as [(String, Int, String?, String, Int)])
    func undocumented(operationID: String, status: Int, type: String?, strictCode: String, strictCalls: Int) async throws {
        let lenient = Transport(status: status, contentType: type, body: "<html>")
        #expect(try await Self.call(try Self.middleware(Self.shop), operationID, lenient) == "ok <html>")
        #expect(lenient.calls.withLock { $0 } == 1)
        let strict = Transport(status: status, contentType: type, body: "<html>")
        #expect(try await Self.call(try Self.middleware(Self.shop, .reject), operationID, strict) == strictCode)
        #expect(strict.calls.withLock { $0 } == strictCalls)
    }

    @Test("request bodies: $ref'd requestBody, media type ranges, undocumented types") func requestBodies() async throws {
        let lenient = try Self.middleware(Self.shop)
        let strict = try Self.middleware(Self.shop, .reject)
        func put(_ middleware: GuardMiddleware, _ body: String?, _ type: String?) async throws -> String {
            try await Self.call(
                middleware, "putItem", method: .put, requestBody: body, requestType: type, Transport(status: 204, body: ""))
        }
        #expect(try await put(lenient, #"{"id": 2}"#, "application/json") == "ok ")
        #expect(try await put(lenient, #"{"id": 0}"#, "application/json") == "request-invalid minimum")
        #expect(try await put(lenient, nil, nil) == "ok ")  // required: false
        #expect(try await put(strict, "plain words", "text/plain; charset=utf-8") == "ok ")  // text/* listed
        #expect(try await put(lenient, "<x/>", "application/xml") == "ok ")
        #expect(try await put(strict, "<x/>", "application/xml") == "request-undocumented")
        // A body for an operation that documents none.
        #expect(
            try await Self.call(strict, "getOther", requestBody: "{}", Transport(body: "[]")) == "request-undocumented")
    }

    @Test("contracts the user registers win over the document's") func userContractsOverride() async throws {
        let middleware = GuardMiddleware(
            requestGuard: .standard,
            contracts: [.init(operationID: "getItem", status: 200): try Contract(schema: #"{"type": "string"}"#)],
            document: try OpenAPIContracts(document: try JSONValue(parsing: Self.shop)))
        #expect(try await Self.call(middleware, "getItem", Transport(body: #""text""#)) == #"ok "text""#)
        #expect(try await Self.call(middleware, "getItem", Transport(body: #"{"id": 1}"#)) == "response-invalid type")
        // Other statuses still use the document.
        #expect(try await Self.call(middleware, "getItem", Transport(status: 201, body: "1")) == "response-invalid type")
    }

    @Test("a document that cannot be used is refused at once, saying where", arguments: [
        (##"{"swagger": "2.0", "paths": {}}"##, "openapi-invalid", "/openapi", "Swagger 2.0"),
        (##"{"openapi": "2.5.0", "paths": {}}"##, "openapi-invalid", "/openapi", "2.5.0"),
        (##"{"openapi": "3.0.3", "paths": []}"##, "openapi-invalid", "/paths", "paths is not an object"),
        (##"{"openapi": "3.0.3", "paths": {"/a": {"get": 1}}}"##, "openapi-invalid", "/paths/~1a/get", "operation"),
        (
            ##"{"openapi": "3.0.3", "paths": {"/a": {"get": {"operationId": "x"}, "put": {"operationId": "x"}}}}"##,
            "openapi-invalid", "/paths/~1a/put/operationId", "first at /paths/~1a/get"
        ),
        (
            ##"{"openapi": "3.0.3", "paths": {"/a": {"get": {"operationId": "x", "responses": {"2X0": {}}}}}}"##,
            "openapi-invalid", "/paths/~1a/get/responses/2X0", "status code"
        ),
        (
            ##"{"openapi": "3.0.3", "paths": {"/a": {"get": {"operationId": "x", "responses": {"200": {"$ref": "#/nowhere"}}}}}}"##,
            "openapi-invalid", "/paths/~1a/get/responses/200/$ref", "names nothing"
        ),
        (
            ##"{"openapi": "3.0.3", "paths": {"/a": {"get": {"operationId": "x", "responses": {"200": {"$ref": "other.yaml#/r"}}}}}}"##,
            "openapi-invalid", "/paths/~1a/get/responses/200/$ref", "leaves the document"
        ),
        (
            ##"{"openapi": "3.0.3", "paths": {"/a": {"$ref": "#/paths/~1a"}}}"##,
            "openapi-invalid", "/paths/~1a", "loop"
        ),
        (
            ##"{"openapi": "3.0.3", "paths": {"/a": {"get": {"operationId": "x", "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gone"}}}}}}}}}"##,
            "", "", "/paths/~1a/get/responses/200/content/application~1json/schema"
        ),
    ] as [(String, String, String, String)])
    func badDocuments(document: String, code: String, pointer: String, mention: String) throws {
        let error = try #require(throws: SanitizeError.self) { try OpenAPIContracts(document: try JSONValue(parsing: document)) }
        if !code.isEmpty { #expect(error.code.rawValue == code) }
        if !pointer.isEmpty { #expect(error.location?.pointer == pointer) }
        #expect(error.reason.contains(mention), "\(error)")
    }

    @Test func unreadableFilesSayWhichFile() throws {
        let missing = Self.fixtures.appendingPathComponent("no-such-openapi.yaml")
        let error = try #require(throws: SanitizeError.self) { try OpenAPIContracts(contentsOf: missing) }
        #expect(error.code == .io)
        #expect(error.location?.file == missing.path)
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).json")
        try Data(#"{"openapi": "3.0.3", "paths": {"#.utf8).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        let syntax = try #require(throws: SanitizeError.self) { try OpenAPIContracts(contentsOf: broken) }
        #expect(syntax.location?.file == broken.path)
        #expect(syntax.code != .io)
    }

    /// OAS 3.1 §4.8.16: status keys "MUST be enclosed in quotation marks" in YAML; an unquoted
    /// `200:` is an integer key, which JSON cannot hold. Every common OpenAPI tool reads it as
    /// `"200"` (issue 30: Asana's document), so it is read so, with a warning naming its line.
    @Test func unquotedYAMLStatusKeysAreReadWithAWarning() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("unquoted-\(UUID()).yaml")
        try Data(
            """
            openapi: 3.0.3
            info: {title: t, version: "1"}
            paths:
              /a:
                get:
                  operationId: a
                  responses:
                    200:
                      description: ok
                      content:
                        application/json:
                          schema: {type: integer}

            """.utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let contracts = try OpenAPIContracts(contentsOf: file)
        let warning = try #require(contracts.warnings.first)
        #expect(contracts.warnings.count == 1)
        #expect(warning.code.rawValue == "yaml-integer-key")
        #expect(warning.location?.file == file.path)
        #expect(warning.location?.line == 8)
        #expect(warning.location?.pointer == "/paths/~1a/get/responses/200")
        let contract = try #require(contracts.responseContract(operationID: "a", status: 200, contentType: "application/json"))
        #expect(contract.validate("1").isValid && !contract.validate(#""1""#).isValid)
    }

    @Test func contractsCanBeLookedUpDirectly() throws {
        let contracts = try OpenAPIContracts(document: try JSONValue(parsing: Self.shop))
        #expect(contracts.operationIDs == ["getItem", "getOther", "putItem"])
        let range = try #require(contracts.responseContract(operationID: "getItem", status: 299, contentType: "application/json"))
        #expect(range.validate(#""s""#).isValid && !range.validate("1").isValid)
        #expect(contracts.responseContract(operationID: "getItem", status: 503, contentType: "application/json") == nil)
        #expect(contracts.responseContract(operationID: "nope", status: 200, contentType: nil) == nil)
        let body = try #require(contracts.requestContract(operationID: "putItem", contentType: "application/json; charset=utf-8"))
        #expect(body.validate(#"{"id": 3}"#).isValid && !body.validate(#"{"id": "3"}"#).isValid)
        #expect(contracts.requestContract(operationID: "putItem", contentType: "text/plain") == nil)
        #expect(contracts.requestContract(operationID: "getItem", contentType: "application/json") == nil)
    }
}
