import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import OpenAPIRuntime
import SanitizeKit
import SanitizeOpenAPI
import TestSupport
import Testing

/// ``GuardMiddleware`` in front of a transport that really fetches from a recording server
/// (the part of a generated client below the middleware), so the bytes checked are a real
/// server's.
@Suite("GuardMiddleware for OpenAPI clients, against a recording server", .integration, .serialized)
struct PythonOpenAPIMiddlewareTests {
    static let userContract = """
        {"type": "object", "required": ["id", "name"],
         "properties": {"id": {"type": "integer"}, "name": {"type": "string", "maxLength": 10}}}
        """

    /// A transport step that sends the request with AsyncHTTPClient and hands back the answer.
    static func fetch(_ client: HTTPClient, _ request: HTTPRequest, _ baseURL: URL) async throws -> (HTTPResponse, HTTPBody?) {
        var outgoing = HTTPClientRequest(url: baseURL.absoluteString + (request.path ?? "/"))
        for field in request.headerFields { outgoing.headers.add(name: field.name.rawName, value: field.value) }
        let response = try await client.execute(outgoing, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return (HTTPResponse(status: .init(code: Int(response.status.code))), HTTPBody(Array(bytes.readableBytesView)))
    }

    @Test("requests pass the guard; response bodies meet the contract of their operation and status")
    func middleware() async throws {
        let servers = try RecordingServers([
            .init(name: "S", bodies: ["/user": #"{"id": 1, "name": "Ada"}"#, "/bad-user": #"{"id": "one", "name": "Ada"}"#])
        ])
        let base = URL(string: "http://127.0.0.1:\(servers.port("S"))")!
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP))
        policy.credentials.allowedBaseURLs = ["http://127.0.0.1:\(servers.port("S"))/user"]
        let middleware = GuardMiddleware(
            requestGuard: try RequestGuard(policy: policy),
            contracts: [.init(operationID: "getUser", status: 200): try Contract(schema: Self.userContract)])
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = {
            try await Self.fetch(client, $0, $2)
        }
        var outcomes: [String: String] = [:]
        var goodBody: [UInt8] = []
        for (operation, path, token) in [
            ("getUser", "/user", "t"), ("getUser", "/bad-user", nil), ("getOther", "/bad-user", nil),
            ("getUser", "/bad-user", "t"),
        ] as [(String, String, String?)] {
            var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path)
            if let token { request.headerFields[.authorization] = "Bearer \(token)" }
            let key = "\(operation) \(path) \(token ?? "-")"
            do {
                let (response, body) = try await middleware.intercept(
                    request, body: nil, baseURL: base, operationID: operation, next: next)
                let bytes = try await [UInt8](collecting: body ?? HTTPBody(), upTo: 1 << 20)
                if path == "/user" { goodBody = bytes }
                outcomes[key] = "\(response.status.code)"
            } catch let wrapped as ClientError {
            let error = try #require(wrapped.underlyingError as? GuardMiddlewareError)
                outcomes[key] = error.code + error.violations.map { " " + $0.code.rawValue }.joined()
            }
        }
        try await client.shutdown()
        let events = try servers.finish()
        #expect(outcomes == [
            "getUser /user t": "200",
            "getUser /bad-user -": "response-invalid type",
            "getOther /bad-user -": "200",
            "getUser /bad-user t": "credentials-not-allowed",
        ])
        #expect(String(decoding: goodBody, as: UTF8.self) == #"{"id": 1, "name": "Ada"}"#)
        // The refused request never left: the server saw three requests, not four.
        #expect(events.compactMap(\.path) == ["/user", "/bad-user", "/bad-user"])
    }

    @Test("contracts from the OpenAPI document check what a real server sends")
    func documentContracts() async throws {
        let servers = try RecordingServers([
            .init(name: "S", bodies: ["/users/1": #"{"id": 1, "name": "Ada"}"#, "/users/2": #"{"id": 2, "name": "Ada Augusta Lovelace"}"#])
        ])
        let base = URL(string: "http://127.0.0.1:\(servers.port("S"))")!
        let document = try OpenAPIContracts(document: try JSONValue(parsing: """
            {"openapi": "3.0.3", "info": {"title": "Users", "version": "1"},
             "paths": {"/users/{id}": {"get": {"operationId": "getUser", "responses": {
               "200": {"description": "a user", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/User"}}}}}}}},
             "components": {"schemas": {"User": \(Self.userContract)}}}
            """))
        let middleware = GuardMiddleware(
            requestGuard: try RequestGuard(policy: GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP))),
            document: document)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = {
            try await Self.fetch(client, $0, $2)
        }
        var outcomes: [String] = []
        for path in ["/users/1", "/users/2"] {
            do {
                let (response, body) = try await middleware.intercept(
                    HTTPRequest(method: .get, scheme: nil, authority: nil, path: path), body: nil, baseURL: base,
                    operationID: "getUser", next: next)
                let bytes = try await [UInt8](collecting: body ?? HTTPBody(), upTo: 1 << 20)
                outcomes.append("\(response.status.code) " + String(decoding: bytes, as: UTF8.self))
            } catch let wrapped as ClientError {
            let error = try #require(wrapped.underlyingError as? GuardMiddlewareError)
                outcomes.append(error.code + error.violations.map { " " + $0.code.rawValue }.joined())
            }
        }
        try await client.shutdown()
        _ = try servers.finish()
        #expect(outcomes == [#"200 {"id": 1, "name": "Ada"}"#, "response-invalid max-length"])
    }
}
