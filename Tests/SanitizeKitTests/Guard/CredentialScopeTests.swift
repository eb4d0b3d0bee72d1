import Testing

@testable import SanitizeKit

/// Credential scoping: credential-bearing headers only to allowlisted base URLs, with paths
/// compared on normalized segment boundaries.
@Suite("Credential scoping")
struct CredentialScopeTests {
    /// (URL, credentials allowed?) for a request carrying `Authorization`, under
    /// ``GuardPolicies/scoped`` (allowlist: `https://api.example.com/v1`,
    /// `https://api2.example.com/`, `http://127.0.0.1:8080/api`, `https://bücher.example`).
    static let urls: [(String, Bool)] = [
        ("https://api.example.com/v1", true),
        ("https://api.example.com/v1/", true),
        ("https://api.example.com/v1/users?page=2#top", true),
        ("https://API.EXAMPLE.COM./v1/users", true),
        ("https://api.example.com:443/v1/users", true),
        ("https://api.example.com/v1/x/../y", true),
        ("https://api.example.com/admin/../v1/x", true),
        ("https://api.example.com/%76%31/users", true),  // %76%31 is "v1" (unreserved)
        ("https://api.example.com/v1/./users", true),
        ("https://api.example.com/v1/a%2fb", false),  // encoded slash: ambiguous
        ("https://api.example.com/admin/%2e%2e/v1/x", false),  // issue #14: curl sends %2e as is
        ("https://api.example.com/v1/%2e/users", false),  // any encoded dot is ambiguous
        ("https://api.example.com/v1/a%2Eb", false),
        ("https://api.example.com/v10", false),
        ("https://api.example.com/v", false),
        ("https://api.example.com/", false),
        ("https://api.example.com/V1", false),
        ("https://api.example.com/v1/../admin", false),
        ("https://api.example.com/v1/%2e%2e/admin", false),
        ("https://api.example.com/v1/%2E%2E/admin", false),
        ("https://api.example.com/v1/.%2e/admin", false),
        ("https://api.example.com/v1%2F..%2Fadmin", false),
        ("https://api.example.com/v1/..;/admin", false),
        ("https://api.example.com/v1/%252e%252e/admin", false),
        ("https://api.example.com//v1", false),
        ("https://api.example.com/v1//users", false),
        ("https://api.example.com:8443/v1", false),
        ("https://api.example.com.evil.net/v1", false),
        ("https://evil.net/v1", false),
        ("https://evil.net/https://api.example.com/v1", false),
        ("https://ap\u{0456}.example.com/v1", false),
        ("https://api2.example.com/", true),
        ("https://api2.example.com", true),
        ("https://api2.example.com/anything/at/all", true),
        ("https://www.api2.example.com/", false),
        ("http://127.0.0.1:8080/api", true),
        ("http://127.0.0.1:8080/api/items/1", true),
        ("http://2130706433:8080/api/items", true),  // the same address, another spelling
        ("http://127.0.0.1:8080/apix", false),
        ("http://127.0.0.1:8081/api", false),
        ("http://localhost:8080/api", false),
        ("http://127.0.0.1:8080/", false),
        ("https://xn--bcher-kva.example/shop", true),
        ("https://B\u{00DC}CHER.example/", true),
    ]

    @Test("Authorization goes only to allowlisted base URLs", arguments: urls)
    func scoped(entry: (String, Bool)) throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        let decision = requestGuard.check(url: entry.0, headers: [("Authorization", "Bearer t0ken")])
        #expect(decision.isAllowed == entry.1, "\(entry.0): \(decision)")
        if !entry.1 { #expect(decision.denialCode == .credentialsNotAllowed) }
        // Without credentials every one of these is allowed (transport is fine for all).
        #expect(requestGuard.check(url: entry.0, headers: [("Accept", "*/*")]).isAllowed, "\(entry.0)")
    }

    /// (header name, is it credential-bearing under ``GuardPolicies/scoped``).
    static let names: [(String, Bool)] = [
        ("Authorization", true), ("authorization", true), ("AUTHORIZATION", true),
        ("Proxy-Authorization", true), ("Cookie", true), ("cookie", true), ("X-Api-Key", true),
        ("x-api-key", true), ("X-Session-Token", true), ("x-session-token", true),
        ("Accept", false), ("X-Api-Keys", false), ("Set-Cookie", false), ("Authorization2", false),
    ]

    @Test("credential-bearing header names, case-insensitive, defaults plus custom", arguments: names)
    func headerNames(entry: (String, Bool)) throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        let decision = requestGuard.check(url: "https://evil.net/", headers: [(entry.0, "secret")])
        #expect(decision.isAllowed == !entry.1, "\(entry.0): \(decision)")
        #expect(requestGuard.isCredentialHeader(entry.0) == entry.1)
    }

    @Test("the default policy trusts no host with credentials")
    func defaultTrustsNobody() {
        for name in CredentialPolicy.defaultHeaderNames {
            let decision = RequestGuard.standard.check(url: "https://example.com/", headers: [(name, "v")])
            #expect(decision.denialCode == .credentialsNotAllowed, "\(name)")
        }
        #expect(RequestGuard.standard.check(url: "https://example.com/", headers: [("Accept", "v")]).isAllowed)
    }

    @Test("sanitized removes credential headers for a foreign host and keeps the rest in order")
    func sanitizedStrips() throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        let headers: [(String, String)] = [
            ("Accept", "application/json"), ("Authorization", "Bearer t"), ("X-Trace", "1"),
            ("cookie", "sid=1"), ("X-Session-Token", "s"),
        ]
        let result = requestGuard.sanitized(url: "https://evil.net/v1", headers: headers)
        #expect(
            result.allowedHeaders == [
                HTTPHeaderField(name: "Accept", value: "application/json"),
                HTTPHeaderField(name: "X-Trace", value: "1"),
            ])
        #expect(result.removedNames == ["Authorization", "cookie", "X-Session-Token"])

        let kept = requestGuard.sanitized(url: "https://api.example.com/v1/me", headers: headers)
        #expect(kept.allowedHeaders?.count == headers.count)
        #expect(kept.removedNames == [])
    }

    @Test("sanitized still denies what removing headers cannot fix")
    func sanitizedStillDenies() throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        #expect(
            requestGuard.sanitized(url: "http://evil.net/", headers: [("Authorization", "x")]).denialCode
                == .insecureTransport)
        #expect(
            requestGuard.sanitized(url: "https://evil.net/", headers: [("Authorization", "a\r\nb")]).denialCode
                == .headerValueInvalid)
    }

    @Test("denial text names the header and target but never the value")
    func denialText() throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        let decision = requestGuard.check(url: "https://evil.net/v1", headers: [("Authorization", "Bearer SECRET")])
        #expect(decision.description.contains("\"Authorization\""))
        #expect(decision.description.contains("https://evil.net/v1"))
        #expect(!decision.description.contains("SECRET"))
    }

    @Test("issue #30: U+1E9E maps to ß (UTS #46 15.1), so straẞe.example is straße.example, not strasse.example")
    func capitalSharpSIsSharpS() throws {
        let headers = [HTTPHeaderField(name: "Authorization", value: "Bearer t")]
        let sharp = try GuardPolicies.make(
            #"{"version": 1, "credentials": {"allowedBaseURLs": ["https://stra\#u{00DF}e.example/"]}}"#)
        for url in ["https://stra\u{00DF}e.example/x", "https://xn--strae-oqa.example/x", "https://stra\u{1E9E}e.example/x"] {
            #expect(sharp.check(url: url, headers: headers) == .allow(canonicalURL: "https://xn--strae-oqa.example/x"))
        }
        #expect(
            sharp.checkRedirect(
                from: "https://stra\u{00DF}e.example/a", to: "https://stra\u{1E9E}e.example/b", headers: headers
            ).allowedHeaders == headers)
        // A policy for strasse.example: straẞe.example is another host and gets nothing.
        let doubleS = try GuardPolicies.make(
            #"{"version": 1, "credentials": {"allowedBaseURLs": ["https://strasse.example/"]}}"#)
        #expect(doubleS.check(url: "https://strasse.example/x", headers: headers).isAllowed)
        #expect(
            doubleS.check(url: "https://stra\u{1E9E}e.example/x", headers: headers).denialCode == .credentialsNotAllowed)
        #expect(
            doubleS.check(url: "https://stra\u{00DF}e.example/x", headers: headers).denialCode == .credentialsNotAllowed)
        let redirect = doubleS.checkRedirect(
            from: "https://strasse.example/a", to: "https://stra\u{1E9E}e.example/b", headers: headers)
        #expect(redirect.allowedHeaders?.isEmpty == true)
    }

    @Test("%2e in a path: ambiguous by default, read as '.' when the policy says the server decodes it")
    func encodedDots() throws {
        let headers = [HTTPHeaderField(name: "Authorization", value: "Bearer t")]
        let strict = try GuardPolicies.make(#"{"version": 1, "credentials": {"allowedBaseURLs": ["https://h.example/v1"]}}"#)
        let decoding = try GuardPolicies.make(
            #"{"version": 1, "credentials": {"allowedBaseURLs": ["https://h.example/v1"], "serverDecodesDots": true}}"#)
        #expect(strict.check(url: "https://h.example/admin/%2e%2e/v1/x", headers: headers).denialCode == .credentialsNotAllowed)
        #expect(decoding.check(url: "https://h.example/admin/%2e%2e/v1/x", headers: headers).isAllowed)
        #expect(decoding.check(url: "https://h.example/v1/%2E%2e/admin", headers: headers).denialCode == .credentialsNotAllowed)
        #expect(decoding.check(url: "https://h.example/v1/a%2fb", headers: headers).denialCode == .credentialsNotAllowed)
    }

    @Test(
        "the default credential header names, and a policy's exemptions",
        arguments: [
            "Authorization", "proxy-authorization", "Cookie", "X-API-Key", "X-Auth-Token", "Api-Key",
            "X-Amz-Security-Token", "Private-Token", "X-CSRF-Token",
        ])
    func defaultCredentialNames(name: String) throws {
        #expect(RequestGuard.standard.isCredentialHeader(name))
        let decision = RequestGuard.standard.check(url: "https://example.com/", headers: [(name, "v")])
        #expect(decision.denialCode == .credentialsNotAllowed)
        let exempt = try GuardPolicies.make(
            #"{"version": 1, "credentials": {"exemptHeaderNames": ["\#(name.uppercased())"]}}"#)
        #expect(!exempt.isCredentialHeader(name))
    }
}
