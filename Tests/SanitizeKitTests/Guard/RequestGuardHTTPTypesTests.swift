import Foundation
import HTTPTypes
import Testing

@testable import SanitizeKit

@Suite("The guard on swift-http-types values")
struct RequestGuardHTTPTypesTests {
    static let policy = """
        {"version": 1,
         "transport": {"loopback": "deny"},
         "credentials": {"allowedBaseURLs": ["https://api.example.com/v1"]}}
        """

    static func request(_ authority: String, _ path: String, headers: HTTPFields = [:]) -> HTTPRequest {
        HTTPRequest(method: .get, scheme: "https", authority: authority, path: path, headerFields: headers)
    }

    @Test("HTTPRequest gives the same decision as the URL and field form")
    func sameAsStrings() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        var fields = HTTPFields()
        fields[.authorization] = "Bearer abc"
        fields[.cookie] = "a=b"
        for (authority, path) in [
            ("api.example.com", "/v1/me"), ("api.example.com", "/v2/me"), ("evil.example", "/v1/me"),
            ("127.0.0.1:8080", "/v1"), ("api.example.com", "/v1/../v2"),
        ] {
            let typed = requestGuard.check(Self.request(authority, path, headers: fields))
            let plain = requestGuard.check(
                url: "https://\(authority)\(path)", headers: [("Authorization", "Bearer abc"), ("Cookie", "a=b")])
            #expect(typed == plain, "\(authority)\(path)")
        }
        #expect(
            requestGuard.check(Self.request("api.example.com", "/v1/me", headers: fields))
                == .allow(canonicalURL: "https://api.example.com/v1/me"))
        let noTarget = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/me")
        #expect(!requestGuard.check(noTarget).isAllowed)
    }

    @Test("sanitized drops credential fields off scope and keeps the rest")
    func sanitized() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        var fields = HTTPFields()
        fields[.authorization] = "Bearer abc"
        fields[.accept] = "application/json"
        let result = try requestGuard.sanitized(Self.request("other.example", "/x", headers: fields)).get()
        #expect(result.removed == ["Authorization"])
        #expect(result.request.headerFields[.authorization] == nil)
        #expect(result.request.headerFields[.accept] == "application/json")
        let kept = try requestGuard.sanitized(Self.request("api.example.com", "/v1/x", headers: fields)).get()
        #expect(kept.removed.isEmpty && kept.request.headerFields[.authorization] == "Bearer abc")
    }

    @Test("redirect: the request moves to the target, credentials dropped across origins, loopback refused")
    func redirect() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        var fields = HTTPFields()
        fields[.authorization] = "Bearer abc"
        fields[.cookie] = "s=1"
        fields[.userAgent] = "test"
        let start = Self.request("api.example.com", "/v1/me", headers: fields)
        let moved = try requestGuard.redirect(start, to: "https://cdn.example.net/a?b=c#frag").get()
        #expect(moved.request.authority == "cdn.example.net" && moved.request.path == "/a?b=c")
        #expect(moved.removed == ["Authorization", "Cookie"])
        #expect(moved.request.headerFields[.userAgent] == "test")
        #expect(moved.request.headerFields[.authorization] == nil && moved.request.headerFields[.cookie] == nil)
        let same = try requestGuard.redirect(start, to: "https://api.example.com/v1/other", method: .get).get()
        #expect(same.removed.isEmpty && same.request.headerFields[.authorization] == "Bearer abc")
        #expect(throws: GuardDenial.self) { try requestGuard.redirect(start, to: "http://api.example.com/v1/me").get() }
        #expect(throws: GuardDenial.self) { try requestGuard.redirect(start, to: "https://127.0.0.1/").get() }
        #expect(throws: GuardDenial.self) { try requestGuard.redirect(start, to: "https://localhost:8443/").get() }
    }

    @Test("ServerErrorMapper reads HTTPFields as it reads a dictionary")
    func mapperFields() {
        let mapper = ServerErrorMapper()
        var fields = HTTPFields()
        fields[.retryAfter] = "30"
        let body = Array(#"{"error":"slow down"}"#.utf8)
        let typed = mapper.message(status: 429, headers: fields, body: body, contentType: "application/json", locale: "en")
        let plain = mapper.message(
            status: 429, headers: ["Retry-After": "30"], body: body, contentType: "application/json", locale: "en")
        #expect(typed == plain)
        #expect(typed.text.contains("30"))
    }
}
