import Foundation
import Logging
import OpenAPIRoundTrip
import OpenAPIVapor
import Vapor

/// The generated server on Vapor (swift-openapi-vapor) on a free loopback port.
enum VaporRoundTripServer {
    /// Runs the server, calls `body` with its base URL (`http://127.0.0.1:PORT`), then stops it.
    static func run(_ service: OrdersService, _ body: (String) async throws -> Void) async throws {
        let app = try await Application.make(.testing, logger: Logger(label: "round-trip-vapor") { _ in SwiftLogNoOpLogHandler() })
        do {
            try service.registerHandlers(on: VaporTransport(routesBuilder: app), serverURL: URL(string: "/v1")!)
            try await app.asyncBoot()
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            guard let port = app.http.server.shared.localAddress?.port else { throw ServerNotListening() }
            try await body("http://127.0.0.1:\(port)")
        } catch {
            await app.server.shutdown()
            try await app.asyncShutdown()
            throw error
        }
        await app.server.shutdown()
        try await app.asyncShutdown()
    }

    struct ServerNotListening: Error {}
}
