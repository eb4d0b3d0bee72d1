import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import SanitizeKit
import SanitizeVapor
import SanitizeYAML
import TestSupport
import Testing
import Vapor

/// A real Vapor app on a free loopback port, driven over HTTP by AsyncHTTPClient: the same
/// cases as ``HummingbirdServerTests`` and the Hummingbird half of
/// ``OpenAPIDirectionMiddlewareTests``, plus per-route contracts and a streaming route.
@Suite("SanitizingMiddleware in a Vapor app", .serialized)
struct VaporServerTests {
    /// A second contract, for the route that has its own.
    static let orderContract = """
        {"type": "object", "required": ["sku"], "additionalProperties": false,
         "properties": {"sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$", "x-sanitize": ["trim"]},
                        "quantity": {"type": "integer", "minimum": 1}}}
        """

    /// Starts `app` on a free loopback port, calls `body` with its base URL and a client, then
    /// shuts both down (whatever `body` did).
    static func run(
        _ app: Application, _ body: (String, HTTPClient) async throws -> Void
    ) async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await app.asyncBoot()
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.http.server.shared.localAddress?.port)
            try await body("http://127.0.0.1:\(port)", client)
        } catch {
            try? await client.shutdown()
            await app.server.shutdown()
            try? await app.asyncShutdown()
            throw error
        }
        try await client.shutdown()
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    /// An app with the middleware on /api (1 MiB), /big (16 MiB), /stream (a route that
    /// streams its body) and, with its own contract, /orders; /health has none.
    static func makeApp(_ seen: HummingbirdServerTests.Seen, logger: Logger? = nil) async throws
        -> Application
    {
        let app = try await Application.make(
            .testing, logger: logger ?? Logger(label: "vapor-test") { _ in SwiftLogNoOpLogHandler() })
        app.http.server.configuration.idleTimeout = .seconds(3)
        let filter = try RecordFilter(schema: JSONValue(parsing: HummingbirdServerTests.contract))
        app.grouped("api").grouped(SanitizingMiddleware(filter: filter, maxBodyBytes: 1 << 20))
            .post("users") { request -> String in
                seen.add(Array(request.body.data?.readableBytesView ?? ByteBuffer().readableBytesView))
                return "created"
            }
        app.grouped("big").grouped(SanitizingMiddleware(filter: filter, maxBodyBytes: 16 << 20))
            .post("users") { _ -> String in "created" }
        app.grouped("small").grouped(SanitizingMiddleware(filter: filter, maxBodyBytes: 4096))
            .post("users") { _ -> String in "created" }
        app.grouped("stream").grouped(SanitizingMiddleware(filter: filter))
            .on(.POST, "users", body: .stream) { request -> String in
                var bytes: [UInt8] = []
                for try await buffer in request.body { bytes += buffer.readableBytesView }
                return "streamed " + String(decoding: bytes, as: UTF8.self)
            }
        let orders = try RecordFilter(schema: JSONValue(parsing: orderContract))
        app.grouped(SanitizingMiddleware(filter: orders, maxBodyBytes: 1024)).post("orders") {
            request -> String in
            "ordered " + (request.body.string ?? "")
        }
        app.get("health") { _ in "ok" }
        return app
    }

    @Test("a valid body reaches the route sanitized; invalid gets 422 problem+json without the input")
    func validAndInvalid() async throws {
        let seen = HummingbirdServerTests.Seen()
        try await Self.run(try await Self.makeApp(seen)) { base, client in
            let valid = try await HummingbirdServerTests.post(
                client, base + "/api/users",
                Array(#"{"name": "  Ada\u202E Lovelace\u0007 ", "age": 36}"#.utf8))
            #expect(valid.status == 200 && valid.body == "created")

            let secret = "TOP-SECRET-INPUT-\(UUID().uuidString)"
            let invalid = try await HummingbirdServerTests.post(
                client, base + "/api/users",
                Array(#"{"name": "\#(secret)\#(secret)", "age": -1, "\#(secret)": 1}"#.utf8))
            #expect(invalid.status == 422)
            #expect(invalid.contentType == "application/problem+json")
            #expect(!invalid.body.contains("TOP-SECRET"))
            let problem = try #require(
                try JSONSerialization.jsonObject(with: Data(invalid.body.utf8)) as? [String: Any])
            #expect(problem["status"] as? Int == 422)
            #expect(problem["code"] as? String == "validation.failed")
            #expect(problem["type"] as? String == "about:blank")
            let expectedTitle = ServerErrorMapper().message(
                forCode: "validation.failed", status: 422, locale: "es"
            ).text
            #expect(problem["title"] as? String == expectedTitle)
            let codes = Set((problem["errors"] as? [[String: String]] ?? []).compactMap { $0["code"] })
            #expect(codes.isSuperset(of: ["max-length", "minimum"]))

            let notJSON = try await HummingbirdServerTests.post(
                client, base + "/api/users", Array("name=x".utf8), type: "text/plain")
            #expect(notJSON.status == 415 && notJSON.contentType == "application/problem+json")
            let broken = try await HummingbirdServerTests.post(
                client, base + "/api/users", Array(#"{"name": "#.utf8))
            #expect(broken.status == 422)
        }
        let bodies = seen.all
        #expect(bodies.count == 1)
        let received = try #require(
            bodies.first.flatMap { try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] })
        #expect(received["name"] as? String == "Ada Lovelace")
        #expect(received["age"] as? Int == 36)
    }

    @Test("oversized bodies get 413; hostile bodies never bring the server down")
    func oversizedAndHostile() async throws {
        let seen = HummingbirdServerTests.Seen()
        try await Self.run(try await Self.makeApp(seen)) { base, client in
            let big =
                Array(#"{"name": "x", "note": ""#.utf8) + [UInt8](repeating: 0x61, count: 2 << 20)
                + Array(#""}"#.utf8)
            let tooLarge = try await HummingbirdServerTests.post(client, base + "/api/users", big)
            #expect(tooLarge.status == 413 && tooLarge.contentType == "application/problem+json")

            try await HummingbirdServerTests.postHostileBodies(client, base)
            var health = HTTPClientRequest(url: base + "/health")
            health.method = .GET
            let alive = try await client.execute(health, timeout: .seconds(30))
            #expect(alive.status == .ok)
        }
        #expect(seen.all.isEmpty)
    }

    @Test("each route takes its own contract; a streaming route reads the sanitized body")
    func perRouteContracts() async throws {
        let seen = HummingbirdServerTests.Seen()
        try await Self.run(try await Self.makeApp(seen)) { base, client in
            let order = try await HummingbirdServerTests.post(
                client, base + "/orders", Array(#"{"sku": " ABC-1234 "}"#.utf8))
            #expect(order.status == 200)
            #expect(order.body == #"ordered {"sku":"ABC-1234"}"#)
            // The users contract does not apply to /orders, nor the orders one to /api/users.
            let user = try await HummingbirdServerTests.post(
                client, base + "/orders", Array(#"{"name": "Ada"}"#.utf8))
            #expect(user.status == 422)
            let sku = try await HummingbirdServerTests.post(
                client, base + "/api/users", Array(#"{"sku": "ABC-1234"}"#.utf8))
            #expect(sku.status == 422)
            // Each route's own limit: 1 KiB on /orders.
            let long = try await HummingbirdServerTests.post(
                client, base + "/orders",
                Array(#"{"sku": "ABC-1234", "x": ""#.utf8) + [UInt8](repeating: 0x20, count: 2000)
                    + Array(#""}"#.utf8))
            #expect(long.status == 413)
            let streamed = try await HummingbirdServerTests.post(
                client, base + "/stream/users", Array(#"{"name": " Ada "}"#.utf8))
            #expect(streamed.status == 200)
            #expect(streamed.body == #"streamed {"name":"Ada"}"#)
            var health = HTTPClientRequest(url: base + "/health")
            health.method = .GET
            let response = try await client.execute(health, timeout: .seconds(30))
            #expect(response.status == .ok)
            #expect(String(buffer: try await response.body.collect(upTo: 1024)) == "ok")
        }
        #expect(seen.all.isEmpty)
    }

    @Test("SanitizingMiddleware(openAPI:component:) in a Vapor app checks bodies as requests")
    func openAPIDirection() async throws {
        let url = try OpenAPIDirectionMiddlewareTests.documentFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let document = try OpenAPIDocumentFile(contentsOf: url).document
        let app = try await Application.make(
            .testing, logger: Logger(label: "vapor-direction") { _ in SwiftLogNoOpLogHandler() })
        app.grouped(try SanitizingMiddleware(openAPI: document, component: "User")).post("users") {
            request -> String in
            "created " + (request.body.string ?? "")
        }
        try await Self.run(app) { base, client in
            let accepted = try await HummingbirdServerTests.post(
                client, base + "/users", Array(OpenAPIDirectionMiddlewareTests.sent.utf8))
            #expect(accepted.status == 200)
            #expect(accepted.body == "created " + OpenAPIDirectionMiddlewareTests.sent)
            let readOnly = try await HummingbirdServerTests.post(
                client, base + "/users", Array(OpenAPIDirectionMiddlewareTests.withGid.utf8))
            #expect(readOnly.status == 422)
            let problem =
                try JSONSerialization.jsonObject(with: Data(readOnly.body.utf8)) as? [String: Any]
            let errors = problem?["errors"] as? [[String: String]] ?? []
            #expect(errors.map { $0["code"] } == ["read-only"])
            #expect(errors.map { $0["schemaPath"] } == ["/properties/gid/readOnly"])
            #expect(!readOnly.body.contains("correct horse"))
            let noPassword = try await HummingbirdServerTests.post(
                client, base + "/users", Array(#"{"name":"Ada"}"#.utf8))
            #expect(noPassword.status == 422)
        }
    }
}
