import AsyncHTTPClient
import NIOCore
import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRoundTrip
import OpenAPIRuntime
import SanitizeKit
import SanitizeOpenAPI

/// The generated client over AsyncHTTPClient (swift-openapi-async-http-client).
enum RoundTripClient {
    /// The guard of every client here: plain HTTP to loopback only.
    static func loopbackGuard() throws -> RequestGuard {
        try RequestGuard(policy: GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP)))
    }

    /// The client through `GuardMiddleware` with the document's contracts.
    static func guarded(_ base: String) throws -> Client {
        try client(base, middlewares: [GuardMiddleware(requestGuard: loopbackGuard(), document: RoundTripDocument.contracts())])
    }

    /// The client with no body checks (the guard only), to reach the server with what a
    /// guarded client would not send, and to see what the generated code alone accepts.
    static func unchecked(_ base: String) throws -> Client {
        try client(base, middlewares: [GuardMiddleware(requestGuard: loopbackGuard())])
    }

    static func client(_ base: String, middlewares: [any ClientMiddleware]) throws -> Client {
        Client(
            serverURL: URL(string: base + "/v1")!,
            transport: AsyncHTTPClientTransport(configuration: .init(client: .shared, timeout: .seconds(60))),
            middlewares: middlewares)
    }

    /// The `GuardMiddlewareError` a call failed with, or `nil` when it failed otherwise.
    static func guardError(_ error: any Error) -> GuardMiddlewareError? {
        if let error = error as? GuardMiddlewareError { return error }
        return (error as? ClientError)?.underlyingError as? GuardMiddlewareError
    }
}

/// The two servers the round trip runs against, each with `OrdersService` behind it and our
/// request-body middleware in front of it (`SanitizeHummingbird`, `SanitizeVapor`).
enum RoundTripServer: String, CaseIterable, CustomStringConvertible {
    case hummingbird
    case vapor

    var description: String { rawValue }

    /// Runs the server with `service`, calls `body` with its base URL, stops it.
    func run(_ service: OrdersService, _ body: (String) async throws -> Void) async throws {
        switch self {
        case .hummingbird: try await HummingbirdRoundTripServer.run(service, body)
        case .vapor: try await VaporRoundTripServer.run(service, body)
        }
    }
}
