import Foundation
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime
import SanitizeKit
import SanitizeOpenAPI
import Synchronization
import Testing

/// What a generated client's caller gets when `GuardMiddleware` refuses a call: the runtime's
/// `UniversalClient` (what generated code calls) wraps middleware errors itself, and its
/// `ClientError` describes the call's input and headers. These run the real runtime.
@Suite("GuardMiddleware refusals through swift-openapi-runtime")
struct GuardMiddlewareErrorTests {
    /// The operation's input, as generated code would hold it.
    struct LoginInput: Sendable {
        var user: String
        var password: String
    }

    /// A transport that records whether anything reached it.
    final class Transport: ClientTransport {
        let calls = Mutex(0)
        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (
            HTTPResponse, HTTPBody?
        ) {
            calls.withLock { $0 += 1 }
            return (HTTPResponse(status: .ok), nil)
        }
    }

    static let password = "hunter2-correct-horse"
    static let token = "tok-9f8e7d6c5b4a"

    /// Sends `login` with a password in the input and the body (and, with `token`, a token in
    /// a header and in the query) to `server`; returns the error the call ends with.
    static func refusedLogin(
        server: String, middleware: GuardMiddleware, transport: Transport, token: Bool = true
    ) async throws -> any Error {
        let client = UniversalClient(serverURL: URL(string: server)!, transport: transport, middlewares: [middleware])
        let input = LoginInput(user: "ada", password: password)
        let error = await #expect(throws: (any Error).self) {
            _ = try await client.send(
                input: input, forOperation: "login",
                serializer: { input in
                    var request = HTTPRequest(
                        method: .post, scheme: nil, authority: nil, path: token ? "/login?access_token=\(Self.token)" : "/login")
                    if token { request.headerFields[.authorization] = "Bearer \(Self.token)" }
                    request.headerFields[.contentType] = "application/json"
                    return (request, HTTPBody(#"{"user":"\#(input.user)","password":"\#(input.password)"}"#))
                },
                deserializer: { _, _ in "" })
        }
        return try #require(error)
    }

    @Test("a denied request: the ClientError holds the guard's refusal and none of the call's secrets", arguments: [
        "http://api.example.com",  // plain HTTP off loopback
        "https://user:\(token)@api.example.com",  // credentials in the base URL
    ])
    func deniedRequest(server: String) async throws {
        let transport = Transport()
        let error = try await Self.refusedLogin(
            server: server, middleware: GuardMiddleware(requestGuard: .standard), transport: transport)
        #expect(transport.calls.withLock { $0 } == 0)
        let wrapped = try #require(error as? ClientError)
        let refusal = try #require(wrapped.underlyingError as? GuardMiddlewareError)
        #expect(refusal.operationID == "login" && !refusal.code.isEmpty)
        #expect(wrapped.request == nil && wrapped.requestBody == nil && wrapped.baseURL == nil)
        for text in [String(describing: error), "\(error)", error.localizedDescription, String(reflecting: error)] {
            #expect(!text.contains(Self.password), "\(text)")
            #expect(!text.contains(Self.token), "\(text)")
            #expect(text.contains(refusal.code) || text == error.localizedDescription, "\(text)")
        }
    }

    @Test("a request body the document refuses: the password in the input is not in the error")
    func refusedBody() async throws {
        let document = try OpenAPIContracts(document: try JSONValue(parsing: #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {"/login": {"post": {
              "operationId": "login",
              "requestBody": {"required": true, "content": {"application/json": {"schema": {
                "type": "object", "required": ["user", "password", "otp"],
                "properties": {"user": {"type": "string"}, "password": {"type": "string", "writeOnly": true},
                               "otp": {"type": "string"}}}}}},
              "responses": {"200": {"description": "ok"}}}}}}
            """#))
        let transport = Transport()
        let loopback = try RequestGuard(policy: GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP)))
        let error = try await Self.refusedLogin(
            server: "http://127.0.0.1:9", middleware: GuardMiddleware(requestGuard: loopback, document: document),
            transport: transport, token: false)
        #expect(transport.calls.withLock { $0 } == 0)
        let refusal = try #require((error as? ClientError)?.underlyingError as? GuardMiddlewareError)
        #expect(refusal.code == "request-invalid")
        #expect(refusal.violations.map(\.code.rawValue) == ["required"])
        for text in [String(describing: error), "\(error)", String(reflecting: error)] {
            #expect(!text.contains(Self.password), "\(text)")
        }
    }
}
