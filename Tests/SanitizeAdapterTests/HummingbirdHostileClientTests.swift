import Foundation
import Hummingbird
import Logging
import NIOCore
import SanitizeHummingbird
import SanitizeKit
import TestSupport
import Testing

/// Hostile clients (`Fixtures/hostile_clients.py`, raw sockets) against the Hummingbird
/// middleware on a real loopback port, with a well-behaved client served throughout and every
/// server log line kept and searched for the `writeOnly` value.
@Suite(
    "Hostile clients against the Hummingbird middleware", .integration, .serialized,
    .timeLimit(.minutes(12)))
struct HummingbirdHostileClientTests {
    @Test("each hostile client ends with its documented status; others are served; no secret logged")
    func hostileClients() async throws {
        let secret = "WRITE-ONLY-\(UUID().uuidString)"
        let logs = ServerLogs()
        let seen = HummingbirdServerTests.Seen()
        let filter = try RecordFilter(schema: JSONValue(parsing: HostileClients.contract))
        let router = Router()
        for (path, limit) in [("api", 1 << 20), ("small", 4096)] {
            router.group(RouterPath(path)).add(
                middleware: SanitizingMiddleware(filter: filter, maxBodyBytes: limit)
            )
            .post("users") { request, _ -> String in
                let bytes = try await request.body.collect(upTo: 1 << 20)
                seen.add(Array(bytes.readableBytesView))
                return "created"
            }
        }
        router.get("health") { _, _ in "ok" }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: .http1(
                configuration: .init(idleTimeout: .seconds(HostileClients.idleTimeoutSeconds))),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logs.logger(label: "hummingbird-hostile", level: .trace))
        let run = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var port = 0
            for await value in ports { port = value }
            defer { group.cancelAll() }
            return try await HostileClients.run(port: port, secret: secret)
        }
        HostileClients.check(run, secret: secret, handled: seen.all, logs: logs.all)
    }
}
