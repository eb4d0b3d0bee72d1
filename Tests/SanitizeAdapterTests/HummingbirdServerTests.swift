import AsyncHTTPClient
import Foundation
import HTTPTypes
import Logging
import Hummingbird
import NIOCore
import NIOHTTP1
import SanitizeHummingbird
import SanitizeKit
import Testing

/// A real Hummingbird app on a free loopback port, driven over HTTP by AsyncHTTPClient.
@Suite("SanitizingMiddleware in a Hummingbird app", .serialized)
struct HummingbirdServerTests {
    static let contract = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "type": "object", "additionalProperties": false, "required": ["name"],
         "properties": {
           "name": {"type": "string", "minLength": 1, "maxLength": 20,
                    "x-sanitize": ["trim", "nfc", "strip-controls", "strip-bidi"]},
           "age": {"type": "integer", "minimum": 0, "maximum": 150},
           "note": {"type": "string"}}}
        """

    /// What the handler saw, for the assertions.
    final class Seen: @unchecked Sendable {
        // Guarded by `lock`.
        private var bodies: [[UInt8]] = []
        private var lengths: [String?] = []
        private let lock = NSLock()
        func add(_ body: [UInt8], contentLength: String? = nil) {
            lock.withLock {
                bodies.append(body)
                lengths.append(contentLength)
            }
        }
        var all: [[UInt8]] { lock.withLock { bodies } }
        /// The `Content-Length` each body came with, as the handler read it.
        var contentLengths: [String?] { lock.withLock { lengths } }
    }

    /// Runs an app with the middleware on /api (1 MiB) and /big (16 MiB), calls `body`
    /// with the base URL and a client, then stops both.
    static func withApp(_ seen: Seen, _ body: (String, HTTPClient) async throws -> Void) async throws {
        let filter = try RecordFilter(schema: JSONValue(parsing: contract))
        let router = Router()
        router.group("api").add(middleware: SanitizingMiddleware(filter: filter, maxBodyBytes: 1 << 20))
            .post("users") { request, _ -> String in
                let bytes = try await request.body.collect(upTo: 1 << 20)
                seen.add(Array(bytes.readableBytesView), contentLength: request.headers[.contentLength])
                return "created"
            }
        router.group("big").add(middleware: SanitizingMiddleware(filter: filter, maxBodyBytes: 16 << 20))
            .post("users") { request, _ -> String in
                _ = try await request.body.collect(upTo: 16 << 20)
                return "created"
            }
        router.get("health") { _, _ in "ok" }
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            // Stopping by cancellation makes Hummingbird log an error; the tests read no log.
            logger: Logger(label: "test-app") { _ in SwiftLogNoOpLogHandler() })
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var port = 0
            for await value in portStream { port = value }
            do {
                try await body("http://127.0.0.1:\(port)", client)
            } catch {
                group.cancelAll()
                try await client.shutdown()
                throw error
            }
            try await client.shutdown()
            group.cancelAll()
        }
    }

    static func post(
        _ client: HTTPClient, _ url: String, _ bytes: [UInt8], type: String = "application/json"
    ) async throws -> (status: Int, contentType: String?, body: String) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: type)
        request.headers.add(name: "Accept-Language", value: "es")
        request.body = .bytes(bytes)
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), response.headers.first(name: "Content-Type"), String(buffer: body))
    }

    @Test("a valid body reaches the handler sanitized; invalid gets 422 problem+json without the input")
    func validAndInvalid() async throws {
        let seen = Seen()
        try await Self.withApp(seen) { base, client in
            let valid = try await Self.post(client, base + "/api/users", Array(#"{"name": "  Ada\u202E Lovelace\u0007 ", "age": 36}"#.utf8))
            #expect(valid.status == 200 && valid.body == "created")
            // A body no step changes reaches the handler byte for byte (its own buffer, its
            // head as sent).
            let clean = try await Self.post(client, base + "/api/users", Array(#"{"name":"Grace Hopper","age":85}"#.utf8))
            #expect(clean.status == 200 && clean.body == "created")

            let secret = "TOP-SECRET-INPUT-\(UUID().uuidString)"
            let invalid = try await Self.post(
                client, base + "/api/users", Array(#"{"name": "\#(secret)\#(secret)", "age": -1, "\#(secret)": 1}"#.utf8))
            #expect(invalid.status == 422)
            #expect(invalid.contentType == "application/problem+json")
            #expect(!invalid.body.contains("TOP-SECRET"))
            let problem = try #require(
                try JSONSerialization.jsonObject(with: Data(invalid.body.utf8)) as? [String: Any])
            #expect(problem["status"] as? Int == 422)
            #expect(problem["code"] as? String == "validation.failed")
            #expect(problem["type"] as? String == "about:blank")
            let expectedTitle = ServerErrorMapper().message(forCode: "validation.failed", status: 422, locale: "es").text
            #expect(problem["title"] as? String == expectedTitle)
            let codes = Set((problem["errors"] as? [[String: String]] ?? []).compactMap { $0["code"] })
            #expect(codes.isSuperset(of: ["max-length", "minimum"]))

            let notJSON = try await Self.post(client, base + "/api/users", Array("name=x".utf8), type: "text/plain")
            #expect(notJSON.status == 415 && notJSON.contentType == "application/problem+json")
            let broken = try await Self.post(client, base + "/api/users", Array(#"{"name": "#.utf8))
            #expect(broken.status == 422)
        }
        let bodies = seen.all
        #expect(bodies.count == 2)
        let received = try #require(bodies.first.flatMap { try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] })
        #expect(received["name"] as? String == "Ada Lovelace")
        #expect(received["age"] as? Int == 36)
        #expect(bodies.last == Array(#"{"name":"Grace Hopper","age":85}"#.utf8))
        // Content-Length is the length of what the handler reads: the sanitized body's when a
        // step changed it, the sent one's when nothing did.
        #expect(seen.contentLengths == bodies.map { String($0.count) })
    }

    @Test("oversized bodies get 413; hostile bodies never bring the server down")
    func oversizedAndHostile() async throws {
        let seen = Seen()
        try await Self.withApp(seen) { base, client in
            let big = Array(#"{"name": "x", "note": ""#.utf8) + [UInt8](repeating: 0x61, count: 2 << 20) + Array(#""}"#.utf8)
            let tooLarge = try await Self.post(client, base + "/api/users", big)
            #expect(tooLarge.status == 413 && tooLarge.contentType == "application/problem+json")

            try await Self.postHostileBodies(client, base)
            var health = HTTPClientRequest(url: base + "/health")
            health.method = .GET
            let alive = try await client.execute(health, timeout: .seconds(30))
            #expect(alive.status == .ok)
        }
        #expect(seen.all.isEmpty)
    }

    /// Bodies no server may take, on the routes both adapters' test apps have (`/api` 1 MiB,
    /// `/big` 16 MiB), with the statuses each may get: 100,000-deep nesting, 10 MB past one
    /// limit and under the other, invalid UTF-8, binary garbage. Each answer is a problem body.
    static func postHostileBodies(_ client: HTTPClient, _ base: String) async throws {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
        let tenMB = Array(#"{"name": ""#.utf8) + [UInt8](repeating: 0x62, count: 10_000_000) + Array(#""}"#.utf8)
        let badUTF8: [UInt8] = Array(#"{"name": ""#.utf8) + [0xC3, 0x28, 0xFF, 0xED, 0xA0, 0x80] + Array(#""}"#.utf8)
        let hostile: [(String, [UInt8], Set<Int>)] = [
            ("/api/users", deep, [422]),
            ("/api/users", tenMB, [413]),
            ("/big/users", tenMB, [422]),
            ("/api/users", badUTF8, [422]),
            ("/api/users", [0x00, 0xFF, 0x7B], [422]),
        ]
        for (path, bytes, expected) in hostile {
            let answer = try await post(client, base + path, bytes)
            #expect(expected.contains(answer.status), "\(path) \(bytes.count) bytes: \(answer.status)")
            #expect(answer.contentType == "application/problem+json")
        }
    }
}
