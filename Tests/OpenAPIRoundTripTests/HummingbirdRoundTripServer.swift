import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRoundTrip
import SanitizeHummingbird
import SanitizeKit

/// The generated server on Hummingbird (swift-openapi-hummingbird) on a free loopback port, with
/// `SanitizeHummingbird`'s middleware in front of each operation that takes a body.
enum HummingbirdRoundTripServer {
    /// Runs the server, calls `body` with its base URL (`http://127.0.0.1:PORT`), then stops it.
    static func run(_ service: OrdersService, _ body: (String) async throws -> Void) async throws {
        let document = try RoundTripDocument.parsed()
        let router = Router()
        router.add(middleware: OperationBodyMiddleware(
            createOrder: try SanitizingMiddleware(openAPI: document, component: "Order"),
            cancelOrder: try SanitizingMiddleware(openAPI: document, component: "Cancellation")))
        try service.registerHandlers(on: router, serverURL: URL(string: "/v1")!)
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            // Stopping by cancellation makes Hummingbird log an error; the tests read no log.
            logger: Logger(label: "round-trip-hummingbird") { _ in SwiftLogNoOpLogHandler() })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var port = 0
            for await value in portStream { port = value }
            do {
                try await body("http://127.0.0.1:\(port)")
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }

    /// Routes each operation's request body to the middleware of its schema: the generated
    /// server registers every operation on one router, and Hummingbird's middleware is per group.
    struct OperationBodyMiddleware<Context: RequestContext>: RouterMiddleware {
        /// `POST /v1/orders` (an `Order`).
        let createOrder: SanitizingMiddleware<Context>
        /// `POST /v1/orders/{orderId}/cancel` (a `Cancellation`).
        let cancelOrder: SanitizingMiddleware<Context>

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            guard request.method == .post else { return try await next(request, context) }
            switch RoundTripDocument.bodyOperation(path: request.uri.path) {
            case .createOrder?: return try await createOrder.handle(request, context: context, next: next)
            case .cancelOrder?: return try await cancelOrder.handle(request, context: context, next: next)
            case nil: return try await next(request, context)
            }
        }
    }
}
