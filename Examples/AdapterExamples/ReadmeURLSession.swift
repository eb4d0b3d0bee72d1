import Foundation
import SanitizeKit
import SanitizeURLSession
#if canImport(FoundationNetworking)
    import FoundationNetworking  // URLRequest on Linux
#endif

/// SanitizeURLSession: requests and redirects checked, credentials dropped off scope.
func fetchWithURLSession(contract: Contract) async throws {
    // Throws tls-floor-unenforced on Linux unless the policy says "allowUnenforcedTLSFloor": true.
    let session = try GuardedURLSession(requestGuard: try RequestGuard(contentsOf: URL(fileURLWithPath: "guard.json")))
    let (data, response) = try await session.data(for: URLRequest(url: URL(string: "https://api.example.com/v1/me")!))
    switch response.checked(data: data, against: contract, locale: "en") {
    case .valid(let body): print(body.count)
    case .invalid(let violations): print(violations.map(\.code))
    case .failure(_, let message): print(message.text)
    }
}
