// The README's adapter snippets ("In the request path: adapters"), compiled by `swift build`
// so that they cannot rot. Each function body is the snippet, word for word; nothing here runs.
import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIRuntime
import SanitizeAsyncHTTPClient
import SanitizeHummingbird
import SanitizeKit
import SanitizeOpenAPI
import SanitizeURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// README: the guard on swift-http-types values.
func httpTypesExample(requestGuard: RequestGuard) {
    var request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/v1/me")
    request.headerFields[.authorization] = "Bearer abc"
    if case .deny(let reason) = requestGuard.check(request) { print(reason.code, reason.text) }
}

/// README: URLSession.
func urlSessionExample(contract: Contract) async throws {
    let session = try GuardedURLSession(requestGuard: try RequestGuard(contentsOf: URL(fileURLWithPath: "guard.json")))
    let (data, response) = try await session.data(for: URLRequest(url: URL(string: "https://api.example.com/v1/me")!))
    switch response.checked(data: data, against: contract, locale: "en") {
    case .valid(let body): print(body.count)
    case .invalid(let violations): print(violations.map(\.code))
    case .failure(_, let message): print(message.text)
    }
}

/// README: AsyncHTTPClient, with pins from the policy.
func asyncHTTPClientExample(contract: Contract) async throws {
    let client = try GuardedHTTPClient(requestGuard: try RequestGuard(contentsOf: URL(fileURLWithPath: "guard.json")))
    let request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/v1/me")
    let response = try await client.execute(request)
    print(response.status, response.validate(against: contract).isValid)
    try await client.shutdown()
}

/// README: OpenAPI generated clients.
func openAPIExample(userSchema: Contract) throws -> [any ClientMiddleware] {
    let middleware = GuardMiddleware(
        requestGuard: .standard,
        contracts: [.init(operationID: "getUser", status: 200): userSchema])
    // ...or every body contract of the document the client was generated from
    let fromDocument = GuardMiddleware(
        requestGuard: .standard, document: try OpenAPIContracts(contentsOf: URL(fileURLWithPath: "openapi.yaml")))
    return [middleware, fromDocument]  // Client(serverURL:transport:middlewares:)
}

/// README: Hummingbird.
func hummingbirdExample() throws -> Router<BasicRequestContext> {
    let router = Router()
    let signup = try RecordFilter(contractAt: URL(fileURLWithPath: "signup.schema.json"))
    router.group("signup")
        .add(middleware: SanitizingMiddleware(filter: signup, maxBodyBytes: 64 << 10))
        .post { request, context in
            try await request.body.collect(upTo: 64 << 10)  // sanitized, valid JSON
        }
    return router
}
