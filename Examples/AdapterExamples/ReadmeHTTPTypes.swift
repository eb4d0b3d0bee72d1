import HTTPTypes
import SanitizeKit

/// SanitizeKit: HTTPRequest in, allow or deny.
func checkHTTPRequest(requestGuard: RequestGuard) {
    var request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/v1/me")
    request.headerFields[.authorization] = "Bearer abc"
    if case .deny(let reason) = requestGuard.check(request) { print(reason.code, reason.text) }
}
