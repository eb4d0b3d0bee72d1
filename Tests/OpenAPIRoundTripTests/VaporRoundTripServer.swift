import Foundation
import Logging
import OpenAPIRoundTrip
import OpenAPIVapor
import SanitizeVapor
import Vapor

/// The generated server on Vapor (swift-openapi-vapor) on a free loopback port, with
/// `SanitizeVapor`'s middleware in front of each operation that takes a body.
enum VaporRoundTripServer {
    /// Runs the server, calls `body` with its base URL (`http://127.0.0.1:PORT`), then stops it.
    static func run(_ service: OrdersService, _ body: (String) async throws -> Void) async throws {
        let document = try RoundTripDocument.parsed()
        let middleware = OperationBodyMiddleware(
            createOrder: try SanitizeVapor.SanitizingMiddleware(openAPI: document, component: "Order"),
            cancelOrder: try SanitizeVapor.SanitizingMiddleware(openAPI: document, component: "Cancellation"))
        let app = try await Application.make(.testing, logger: Logger(label: "round-trip-vapor") { _ in SwiftLogNoOpLogHandler() })
        do {
            try service.registerHandlers(on: VaporTransport(routesBuilder: app.grouped(middleware)), serverURL: URL(string: "/v1")!)
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

    /// Routes each operation's request body to the middleware of its schema (the generated
    /// server registers every operation on one routes builder).
    struct OperationBodyMiddleware: AsyncMiddleware {
        /// `POST /v1/orders` (an `Order`).
        let createOrder: SanitizeVapor.SanitizingMiddleware
        /// `POST /v1/orders/{orderId}/cancel` (a `Cancellation`).
        let cancelOrder: SanitizeVapor.SanitizingMiddleware

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            guard request.method == .POST else { return try await next.respond(to: request) }
            switch RoundTripDocument.bodyOperation(path: request.url.path) {
            case .createOrder?: return try await createOrder.respond(to: request, chainingTo: next)
            case .cancelOrder?: return try await cancelOrder.respond(to: request, chainingTo: next)
            case nil: return try await next.respond(to: request)
            }
        }
    }
}
