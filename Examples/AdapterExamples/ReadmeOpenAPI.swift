import Foundation
import OpenAPIRuntime
import SanitizeKit
import SanitizeOpenAPI

/// SanitizeOpenAPI: a ClientMiddleware for generated clients; pass the result to
/// `Client(serverURL:transport:middlewares:)`.
func guardMiddlewares(userSchema: Contract) throws -> [any ClientMiddleware] {
    let middleware = GuardMiddleware(
        requestGuard: .standard,
        contracts: [.init(operationID: "getUser", status: 200): userSchema])
    // ...or every body contract of the document the client was generated from
    let fromDocument = GuardMiddleware(
        requestGuard: .standard, document: try OpenAPIContracts(contentsOf: URL(fileURLWithPath: "openapi.yaml")))
    return [middleware, fromDocument]
}
