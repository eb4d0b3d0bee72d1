import Foundation
import HTTPTypes
import SanitizeAsyncHTTPClient
import SanitizeKit

/// SanitizeAsyncHTTPClient: redirects followed hop by hop, body limit, the policy's TLS pins.
func fetchWithAsyncHTTPClient(contract: Contract) async throws {
    let client = try GuardedHTTPClient(requestGuard: try RequestGuard(contentsOf: URL(fileURLWithPath: "guard.json")))
    let request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/v1/me")
    let response = try await client.execute(request)
    print(response.status, response.validate(against: contract).isValid)
    try await client.shutdown()
}
