import Foundation
import HTTPTypes
import Testing
import TestSupport

@testable import SanitizeKit

/// Issue #30: an allowed request carries the URL the guard judged, to be sent instead of the
/// text checked (``GuardDecision/allow(canonicalURL:)``, ``RequestGuard/canonicalURL(of:)``,
/// ``RequestGuard/canonical(_:)``), so a client that maps hosts with other Unicode data
/// reaches the host of the verdict.
@Suite("The canonical URL of an allowed request")
struct CanonicalURLTests {
    /// The `Host` field name (swift-http-types makes `.host` unavailable).
    static let host = HTTPField.Name("Host")!

    static let policy = """
        {"version": 1,
         "transport": {"loopback": "allow-http", "allowUserinfo": true},
         "credentials": {"allowedBaseURLs": ["https://xn--strae-oqa.example/v1"]}}
        """

    /// URL checked → URL to send.
    static let canonical: [(String, String)] = [
        ("https://stra\u{1E9E}e.example/v1/me", "https://xn--strae-oqa.example/v1/me"),
        ("https://STRA\u{1E9E}E.Example:443/a/b?q=%41&r#frag", "https://xn--strae-oqa.example/a/b?q=%41&r#frag"),
        ("HTTPS://api.example.com", "https://api.example.com/"),
        ("https://api.example.com?x=1", "https://api.example.com/?x=1"),
        ("https://api.example.com#top", "https://api.example.com/#top"),
        ("https://api.example.com:8443/x", "https://api.example.com:8443/x"),
        ("https://api.example.com:/x", "https://api.example.com/x"),
        ("https://api.example.com./x", "https://api.example.com/x"),
        ("https://\u{FF41}\u{FF50}\u{FF49}\u{FF0E}example/", "https://api.example/"),
        ("https://\u{1CCD6}pi.example/", "https://api.example/"),
        ("https://\u{03C3}\u{03BF}\u{03C6}\u{03CC}\u{03C2}.example/", "https://xn--0xagbn4a.example/"),
        ("https://ex\u{AD}ample.com/", "https://example.com/"),
        ("http://0x7f.1/", "http://127.0.0.1/"),
        ("http://127.0.0.\u{B9}:80/", "http://127.0.0.1/"),
        ("https://[0:0::1]:443/", "https://[::1]/"),
        ("https://user:pa%20ss@STRA\u{DF}E.example/v1/x", "https://user:pa%20ss@xn--strae-oqa.example/v1/x"),
    ]

    @Test("check(url:) gives the URL to send, in canonical form", arguments: canonical)
    func canonicalURL(input: String, expected: String) throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        let decision = requestGuard.check(url: input)
        #expect(decision == .allow(canonicalURL: expected))
        #expect(decision.canonicalURL == expected)
        #expect(requestGuard.canonicalURL(of: input) == .success(expected))
        // The canonical URL is a fixed point: checked again, it is allowed as itself.
        #expect(requestGuard.check(url: expected) == .allow(canonicalURL: expected))
        #expect(expected.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test("a credential allowed for straẞe.example goes with the canonical URL of straße")
    func credentialAndCanonicalURL() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        let headers = [HTTPHeaderField(name: "Authorization", value: "Bearer t")]
        let decision = requestGuard.check(url: "https://stra\u{1E9E}e.example/v1/me", headers: headers)
        #expect(decision.canonicalURL == "https://xn--strae-oqa.example/v1/me")
        let denied = requestGuard.check(url: "https://strasse.example/v1/me", headers: headers)
        #expect(denied.canonicalURL == nil)
        #expect(denied.description.hasPrefix("deny: credentials-not-allowed: "))
        #expect(decision.description == "allow")
    }

    @Test("canonicalURL(of:) refuses what the guard cannot read, with the guard's code")
    func unreadable() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        for (url, code) in [
            ("https://a\u{200D}b.example/", GuardDenial.Code.hostInvalid), ("https:/x", .urlAmbiguous),
            ("ftp://example.com/", .schemeNotAllowed), ("https://ex%41mple.com/", .urlAmbiguous),
        ] {
            if case .failure(let denial) = requestGuard.canonicalURL(of: url) {
                #expect(denial.code == code, "\(url): \(denial)")
            } else {
                Issue.record("\(url): read as a canonical URL")
            }
            #expect(requestGuard.check(url: url).denialCode == code, "\(url)")
        }
    }

    @Test("an HTTPRequest is sent with the canonical authority and Host, checked, sanitized and redirected")
    func httpRequest() throws {
        let requestGuard = try GuardPolicies.make(Self.policy)
        var request = HTTPRequest(
            method: .get, scheme: "HTTPS", authority: "Stra\u{1E9E}e.example:443", path: "/v1/me?x=1")
        request.headerFields[Self.host] = "stra\u{1E9E}e.example"
        request.headerFields[.authorization] = "Bearer t"
        let canonical = try requestGuard.canonical(request).get()
        #expect(canonical.scheme == "https")
        #expect(canonical.authority == "xn--strae-oqa.example")
        #expect(canonical.path == "/v1/me?x=1")
        #expect(canonical.headerFields[Self.host] == "xn--strae-oqa.example")
        #expect(canonical.headerFields[.authorization] == "Bearer t")
        #expect(requestGuard.check(request) == .allow(canonicalURL: "https://xn--strae-oqa.example/v1/me?x=1"))
        let sanitized = try requestGuard.sanitized(request).get()
        #expect(sanitized.request.authority == "xn--strae-oqa.example" && sanitized.removed.isEmpty)
        // A redirect to another spelling of the same host keeps the credential; the hop is canonical.
        let hop = try requestGuard.redirect(canonical, to: "https://STRA\u{DF}E.example/v1/next").get()
        #expect(hop.request.authority == "xn--strae-oqa.example" && hop.request.path == "/v1/next")
        #expect(hop.request.headerFields[Self.host] == "xn--strae-oqa.example")
        #expect(hop.removed.isEmpty)
        // One without a Host field gets none.
        request.headerFields[Self.host] = nil
        #expect(try requestGuard.canonical(request).get().headerFields[Self.host] == nil)
        #expect(requestGuard.canonical(HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/")).isFailure)
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
