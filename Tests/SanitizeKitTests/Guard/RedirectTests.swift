import Testing

@testable import SanitizeKit

/// Redirects: the target is checked like a new request, and credentials survive only a
/// same-origin redirect to an allowlisted URL.
@Suite("Redirects")
struct RedirectTests {
    static let headers: [(String, String)] = [
        ("Authorization", "Bearer t"), ("Accept", "*/*"), ("Cookie", "sid=1"),
    ]

    @Test("a redirect from an allowlisted host to another host loses its credentials")
    func crossHost() throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        let result = requestGuard.checkRedirect(
            from: "https://api.example.com/v1/login", to: "https://evil.net/collect", headers: Self.headers)
        #expect(result.allowedHeaders == [HTTPHeaderField(name: "Accept", value: "*/*")])
        #expect(result.removedNames == ["Authorization", "Cookie"])
    }

    @Test("even when the other host is allowlisted too")
    func crossHostBothAllowlisted() throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        let result = requestGuard.checkRedirect(
            from: "https://api.example.com/v1/a", to: "https://api2.example.com/b", headers: Self.headers)
        #expect(result.removedNames == ["Authorization", "Cookie"])
    }

    /// (target, credentials kept?) for a redirect from `https://api.example.com/v1/a`.
    static let targets: [(String, Bool)] = [
        ("https://api.example.com/v1/b", true),
        ("https://API.example.com.:443/v1/c?x=1", true),
        ("https://api.example.com/admin", false),  // same origin, outside the allowlisted path
        ("https://api.example.com/v1/../admin", false),
        ("https://api.example.com:8443/v1/b", false),
        ("https://sub.api.example.com/v1/b", false),
        ("https://ap\u{0456}.example.com/v1/b", false),
    ]

    @Test("same origin and allowlisted keeps credentials; anything else drops them", arguments: targets)
    func sameOrigin(entry: (String, Bool)) throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        let result = requestGuard.checkRedirect(
            from: "https://api.example.com/v1/a", to: entry.0, headers: Self.headers)
        #expect(result.denialCode == nil, "\(entry.0)")
        #expect(result.removedNames == (entry.1 ? [] : ["Authorization", "Cookie"]), "\(entry.0)")
    }

    /// (target, denial) for redirects the transport policy refuses.
    static let refused: [(String, GuardDenial.Code)] = [
        ("http://api.example.com/v1/b", .insecureTransport),  // downgrade
        ("https://127.0.0.1/", .loopbackNotAllowed),
        ("https://169.254.169.254/latest/meta-data/", .localNetworkNotAllowed),
        ("/relative", .urlMalformed),
        ("https://user:pw@evil.net/", .userinfoNotAllowed),
    ]

    @Test("the redirect target obeys the transport policy", arguments: refused)
    func transport(entry: (String, GuardDenial.Code)) {
        let result = RequestGuard.standard.checkRedirect(
            from: "https://api.example.com/v1/a", to: entry.0, headers: [("Accept", "*/*")])
        #expect(result.denialCode == entry.1, "\(entry.0)")
    }
}
