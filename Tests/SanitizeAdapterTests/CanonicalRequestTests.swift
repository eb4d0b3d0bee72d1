import Foundation
import HTTPTypes
import OpenAPIRuntime
import SanitizeKit
import SanitizeOpenAPI
import SanitizeURLSession
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #30 in the adapters that hand a request to a client they do not drive: a `URLRequest`
/// and the OpenAPI transport get the URL the guard judged, in canonical form.
@Suite("Adapters hand the client the canonical URL")
struct CanonicalRequestTests {
    @Test("a URLRequest is sent to the canonical URL, with a Host field naming the canonical host")
    func urlRequest() throws {
        var policy = GuardPolicy()
        policy.credentials.allowedBaseURLs = ["https://strasse.example:8443/v1"]
        let requestGuard = try RequestGuard(policy: policy)
        var request = URLRequest(url: try #require(URL(string: "HTTPS://STRASSE.Example.:8443/v1/me?x=1")))
        request.setValue("STRASSE.Example.:8443", forHTTPHeaderField: "Host")
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        let canonical = try requestGuard.canonical(request).get()
        #expect(canonical.url?.absoluteString == "https://strasse.example:8443/v1/me?x=1")
        #expect(canonical.value(forHTTPHeaderField: "Host") == "strasse.example:8443")
        #expect(canonical.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        let sanitized = try requestGuard.sanitized(request).get()
        #expect(sanitized.url == canonical.url)
        // Off the allowlist the credential is dropped, and the URL is still the canonical one.
        var other = URLRequest(url: try #require(URL(string: "https://Other.Example./")))
        other.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        let dropped = try requestGuard.sanitized(other).get()
        #expect(dropped.url?.absoluteString == "https://other.example/")
        #expect(dropped.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(dropped.value(forHTTPHeaderField: "Host") == nil)
        // What the guard cannot read is refused with its code.
        let ambiguous = URLRequest(url: try #require(URL(string: "https://ex%41mple.com/")))
        #expect(throws: GuardDenial.self) { try requestGuard.canonical(ambiguous).get() }
    }

    /// The base URL each call handed the transport.
    final class Bases: Sendable {
        let urls = Mutex<[String]>([])
    }

    @Test(
        "GuardMiddleware hands the transport the base URL as the guard read it, trailing slashes kept",
        arguments: [
            ("https://STRASSE.Example.:443/api", "https://strasse.example/api"),
            ("https://STRASSE.Example.:443/api/", "https://strasse.example/api/"),
            ("https://STRASSE.Example.", "https://strasse.example"),
            ("https://STRASSE.Example./", "https://strasse.example/"),
            ("https://api.example.com:8443/v1", "https://api.example.com:8443/v1"),
        ])
    func middlewareBase(base: String, expected: String) async throws {
        let bases = Bases()
        let middleware = GuardMiddleware(requestGuard: .standard)
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/pets")
        _ = try await middleware.intercept(
            request, body: nil, baseURL: try #require(URL(string: base)), operationID: "listPets"
        ) { _, _, baseURL in
            bases.urls.withLock { $0.append(baseURL.absoluteString) }
            return (HTTPResponse(status: .noContent), nil)
        }
        #expect(bases.urls.withLock { $0 } == [expected])
    }
}
