import Foundation
import Logging
import SanitizeKit
import SanitizeVapor
import TestSupport
import Testing
import Vapor

/// Hostile clients (`Fixtures/hostile_clients.py`, raw sockets) against the Vapor middleware on
/// a real loopback port, with a well-behaved client served throughout and every server log line
/// kept and searched for the `writeOnly` value.
@Suite(
    "Hostile clients against the Vapor middleware", .integration, .serialized, .timeLimit(.minutes(12))
)
struct VaporHostileClientTests {
    @Test("each hostile client ends with its documented status; others are served; no secret logged")
    func hostileClients() async throws {
        let secret = "WRITE-ONLY-\(UUID().uuidString)"
        let logs = ServerLogs()
        let seen = HummingbirdServerTests.Seen()
        // Debug and above: at trace, Vapor's HTTP decoder logs every body part it decodes as a
        // hex dump (the first and last 32 bytes), and so the writeOnly value with it (seen with
        // this test at trace; docs/adapters.md#hostile-clients). The middleware logs nothing.
        let app = try await Application.make(
            .testing, logger: logs.logger(label: "vapor-hostile", level: .debug))
        app.http.server.configuration.idleTimeout = .seconds(HostileClients.idleTimeoutSeconds)
        let filter = try RecordFilter(schema: JSONValue(parsing: HostileClients.contract))
        for (path, limit) in [("api", 1 << 20), ("small", 4096)] {
            app.grouped(PathComponent(stringLiteral: path)).grouped(
                SanitizingMiddleware(filter: filter, maxBodyBytes: limit)
            )
            .post("users") { request -> String in
                seen.add(Array(request.body.data?.readableBytesView ?? ByteBuffer().readableBytesView))
                return "created"
            }
        }
        app.get("health") { _ in "ok" }
        nonisolated(unsafe) var results: (cases: [String: HostileClients.Outcome], summary: HostileClients.Summary)?
        try await VaporServerTests.run(app) { base, _ in
            let port = try #require(URL(string: base)?.port)
            results = try await HostileClients.run(port: port, secret: secret)
        }
        let run = try #require(results)
        // The bytes after a short Content-Length arrive with the request, and NIO's HTTP parser
        // fails on them at once; the middleware decides the collected body on the event loop in
        // the same turn, so the 422 is written before Vapor closes the connection (through the
        // `AsyncMiddleware` bridge it was not).
        HostileClients.check(run, secret: secret, handled: seen.all, logs: logs.all)
        // Vapor answers 413 as soon as the limit is passed, while the client is still sending.
        #expect(run.cases["slow-oversized"]?.early == true)
    }
}
