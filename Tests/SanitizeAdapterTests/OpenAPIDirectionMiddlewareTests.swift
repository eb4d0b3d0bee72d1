import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import OpenAPIRuntime
import SanitizeHummingbird
import SanitizeKit
import SanitizeOpenAPI
import SanitizeYAML
import Synchronization
import Testing
import TestSupport

/// `readOnly`/`writeOnly` by direction in the middlewares, against one document
/// (`OpenAPIFixtures.tasksAPI`, whose `User` has a `readOnly` `gid` and a `writeOnly`
/// `password`, both required): the client's `GuardMiddleware` checks request bodies as
/// requests and responses as responses; the server's `SanitizingMiddleware` checks request
/// bodies as requests.
@Suite(.serialized)
struct OpenAPIDirectionMiddlewareTests {
    static func documentFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tasks-\(UUID().uuidString).yaml")
        try Data(OpenAPIFixtures.tasksAPI.utf8).write(to: url)
        return url
    }

    static let sent = #"{"name":"Ada","password":"correct horse"}"#
    static let returned = #"{"gid":"12","name":"Ada"}"#
    static let withGid = #"{"gid":"12","name":"Ada","password":"correct horse"}"#

    @Test("GuardMiddleware: request bodies as requests, responses as responses", arguments: [
        (sent, 201, returned, "ok " + returned),
        (withGid, 201, returned, "request-invalid read-only"),  // readOnly gid in a request
        (sent, 201, withGid, "response-invalid write-only"),  // writeOnly password in a response
        (#"{"name":"Ada"}"#, 201, returned, "request-invalid required"),  // password required in a request
        (sent, 201, #"{"name":"Ada"}"#, "response-invalid required"),  // gid required in a response
        (sent, 400, #"{"message":"bad"}"#, #"ok {"message":"bad"}"#),  // an integer key (400:) read as "400"
    ] as [(String, Int, String, String)])
    func clientMiddleware(_ requestBody: String, _ status: Int, _ responseBody: String, _ expected: String) async throws {
        let url = try Self.documentFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let contracts = try OpenAPIContracts(contentsOf: url)
        #expect(contracts.warnings.count == OpenAPIFixtures.tasksAPIIntegerKeys.count)
        let middleware = GuardMiddleware(requestGuard: .standard, document: contracts, undocumented: .reject)
        let transport = OpenAPIDocumentMiddlewareTests.Transport(status: status, body: responseBody)
        let outcome = try await OpenAPIDocumentMiddlewareTests.call(
            middleware, "createUser", method: .post, path: "/users", requestBody: requestBody, transport)
        #expect(outcome == expected)
        // A refused request is never sent.
        #expect(transport.calls.withLock { $0 } == (expected.hasPrefix("request-") ? 0 : 1))
        #expect(!outcome.contains("correct horse"))
    }

    @Test("SanitizingMiddleware(openAPI:component:) in a Hummingbird app checks bodies as requests")
    func serverMiddleware() async throws {
        let url = try Self.documentFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let document = try OpenAPIDocumentFile(contentsOf: url).document
        let router = Router()
        router.group("users").add(middleware: try SanitizingMiddleware(openAPI: document, component: "User"))
            .post { request, _ -> String in
                let bytes = try await request.body.collect(upTo: 1 << 20)
                return "created " + String(buffer: bytes)
            }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: Logger(label: "direction-app") { _ in SwiftLogNoOpLogHandler() })
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var port = 0
            for await value in ports { port = value }
            func post(_ body: String) async throws -> (Int, String) {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/users")
                request.method = .POST
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(Array(body.utf8))
                let response = try await client.execute(request, timeout: .seconds(60))
                return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 20)))
            }
            do {
                let accepted = try await post(Self.sent)
                #expect(accepted.0 == 200)
                #expect(accepted.1 == "created " + Self.sent)
                let readOnly = try await post(Self.withGid)
                #expect(readOnly.0 == 422)
                let problem = try JSONSerialization.jsonObject(with: Data(readOnly.1.utf8)) as? [String: Any]
                let errors = problem?["errors"] as? [[String: String]] ?? []
                #expect(errors.map { $0["code"] } == ["read-only"])
                #expect(errors.map { $0["schemaPath"] } == ["/properties/gid/readOnly"])
                #expect(!readOnly.1.contains("correct horse"))
                let noPassword = try await post(#"{"name":"Ada"}"#)
                #expect(noPassword.0 == 422)
            } catch {
                group.cancelAll()
                try await client.shutdown()
                throw error
            }
            try await client.shutdown()
            group.cancelAll()
        }
    }
}
