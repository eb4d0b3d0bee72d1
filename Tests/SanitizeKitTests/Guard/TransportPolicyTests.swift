import Foundation
import Testing

@testable import SanitizeKit

/// Transport rules and strict URL parsing, first with the default policy (https only, nothing
/// local), then with exceptions and loopback allowed.
@Suite("Transport policy")
struct TransportPolicyTests {
    /// (URL, expected denial code or nil for allow) under the compiled-in default policy.
    static let defaultPolicy: [(String, GuardDenial.Code?)] = [
        ("https://example.com/", nil),
        ("https://example.com", nil),
        ("HTTPS://EXAMPLE.COM./path?q=1#frag", nil),
        ("https://example.com:443/", nil),
        ("https://example.com:/", nil),
        ("https://example.com:8443/x", nil),
        ("https://example.com/@evil.com", nil),  // '@' in the path is not userinfo
        ("https://example.com/?next=https://evil.com@x", nil),
        ("https://\u{FF45}xample.com/", nil),
        ("https://p\u{0430}ypal.com/", nil),  // a public host, just not paypal.com
        ("https://[2606:4700::1111]/", nil),
        ("http://example.com/", .insecureTransport),
        ("http://EXAMPLE.com./", .insecureTransport),
        ("ftp://example.com/", .schemeNotAllowed),
        ("javascript:alert(1)", .schemeNotAllowed),
        ("file:///etc/passwd", .schemeNotAllowed),
        ("ws://example.com/", .schemeNotAllowed),
        ("example.com/path", .urlMalformed),  // missing scheme
        ("//example.com/path", .urlMalformed),
        ("/relative/path", .urlMalformed),
        ("https://", .urlMalformed),
        ("https://:443/", .urlMalformed),
        ("https://example.com:99999/", .urlMalformed),
        ("https://example.com:8a/", .urlMalformed),
        ("https://example.com:-1/", .urlMalformed),
        ("https://example.com/%zz", .urlMalformed),
        ("https://example.com/%4", .urlMalformed),
        ("https://example.com/caf\u{00E9}", .urlMalformed),
        ("https:/example.com/", .urlAmbiguous),
        ("https:example.com", .urlAmbiguous),
        ("https:///example.com/", .urlAmbiguous),
        ("https:\\\\example.com/", .urlAmbiguous),
        ("https://example.com\\@evil.com/", .urlAmbiguous),
        ("https://example.com/a\\b", .urlAmbiguous),
        ("https://exa\tmple.com/", .urlAmbiguous),
        ("https://example.com/\n", .urlAmbiguous),
        ("https://example.com/\r\nHost: evil", .urlAmbiguous),
        (" https://example.com/", .urlAmbiguous),
        ("https://example.com/a b", .urlAmbiguous),
        ("https://example.com/\u{0000}", .urlAmbiguous),
        ("https://a@b@example.com/", .urlAmbiguous),
        ("https://%65xample.com/", .urlAmbiguous),
        ("https://%6c%6fcalhost/", .urlAmbiguous),
        ("https://user:pass@example.com/", .userinfoNotAllowed),
        ("https://example.com@evil.com/", .userinfoNotAllowed),
        ("https://@example.com/", .userinfoNotAllowed),
        ("https://exa!mple.com/", .hostInvalid),
        ("https://exa\u{202E}mple.com/", .hostInvalid),
        ("https://127.0.0.\u{B9}/", .loopbackNotAllowed),  // issue #14: UTS #46 maps ¹ to 1
        ("https://169.254.169.\u{B2}\u{2075}\u{2074}/latest/meta-data/", .localNetworkNotAllowed),
        ("https://a.\u{2113}ocalhost/", .loopbackNotAllowed),
        ("https://\u{2460}\u{2461}\u{2466}.\u{24EA}.\u{24EA}.\u{2460}/", .loopbackNotAllowed),
        ("https://[64:ff9b::7f00:1]/", .loopbackNotAllowed),  // NAT64 of 127.0.0.1
        ("https://[::127.0.0.1]/", .loopbackNotAllowed),  // IPv4-compatible
        ("https://[2002:7f00:1::]/", .loopbackNotAllowed),  // 6to4 of 127.0.0.1
        ("https://[2002:c0a8:101::]/", .localNetworkNotAllowed),  // 6to4 of 192.168.1.1
        ("https://[2001:0:7f00:1::1]/", .loopbackNotAllowed),  // Teredo server 127.0.0.1
        ("https://[64:ff9b:1:7f00:0:100::]/", .loopbackNotAllowed),  // NAT64 /48 of 127.0.0.1
        ("https://256.256.256.256/", .hostInvalid),
        ("https://[::1/", .hostInvalid),
        ("https://[::1]x/", .urlMalformed),
        ("https://127.0.0.1/", .loopbackNotAllowed),
        ("https://2130706433/", .loopbackNotAllowed),
        ("https://0x7f.1/", .loopbackNotAllowed),
        ("https://0177.0.0.1/", .loopbackNotAllowed),
        ("https://0/", .loopbackNotAllowed),
        ("https://localhost./", .loopbackNotAllowed),
        ("https://LocalHost:8080/", .loopbackNotAllowed),
        ("https://[::1]/", .loopbackNotAllowed),
        ("https://[::ffff:127.0.0.1]/", .loopbackNotAllowed),
        ("https://[0:0:0:0:0:ffff:7f00:1]:8443/", .loopbackNotAllowed),
        ("https://10.0.0.1/", .localNetworkNotAllowed),
        ("https://169.254.169.254/latest/meta-data/", .localNetworkNotAllowed),
        ("https://[fe80::1]/", .localNetworkNotAllowed),
        ("https://[::ffff:192.168.0.1]/", .localNetworkNotAllowed),
        ("https://router.local/", .localNetworkNotAllowed),
        ("https://intranet/", .localNetworkNotAllowed),
        ("https://example.com/" + String(repeating: "a", count: RequestGuard.Limits.maxURLBytes), .urlTooLong),
    ]

    @Test("default policy: https only, no loopback or local network, no userinfo", arguments: defaultPolicy)
    func defaults(entry: (String, GuardDenial.Code?)) {
        let decision = RequestGuard.standard.check(url: entry.0)
        #expect(decision.denialCode == entry.1, "\(entry.0.debugDescription): \(decision)")
    }

    /// (URL, expected denial code or nil) under ``GuardPolicies/scoped``.
    static let withExceptions: [(String, GuardDenial.Code?)] = [
        ("http://example.org/", nil),
        ("http://API.example.org./x", nil),
        ("http://a.b.example.org/", nil),
        ("http://notexample.org/", .insecureTransport),
        ("http://example.org.evil.net/", .insecureTransport),
        ("http://ex\u{0430}mple.org/", .insecureTransport),
        ("http://legacy.example.com/", nil),
        ("http://127.0.0.1/", nil),  // loopback: allow-http
        ("http://[::ffff:127.0.0.1]/", nil),  // IPv4-mapped: the loopback address itself
        ("http://[::127.0.0.1]/", .insecureTransport),  // transition forms route off the machine
        ("http://[64:ff9b::7f00:1]/", .insecureTransport),
        ("http://[2002:7f00:1::]/", .insecureTransport),
        ("https://[64:ff9b::7f00:1]/", nil),  // https to them follows the loopback rule (allowed)
        ("https://[2002:c0a8:101::]/", nil),  // localNetwork: https-only
        ("http://www.legacy.example.com/", .insecureTransport),
        ("http://xn--bcher-kva.example/", nil),
        ("http://B\u{00DC}CHER.example/", nil),
        ("http://127.0.0.1:8080/", nil),
        ("http://2130706433/", nil),
        ("http://[::1]:9/", nil),
        ("http://localhost/", nil),
        ("https://10.0.0.1/", nil),
        ("http://10.0.0.1/", .insecureTransport),
        ("http://192.168.1.1/", .insecureTransport),
        ("https://user@example.org/", .userinfoNotAllowed),
    ]

    @Test("http exceptions with and without subdomains; loopback and local-network access", arguments: withExceptions)
    func exceptions(entry: (String, GuardDenial.Code?)) throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        let decision = requestGuard.check(url: entry.0)
        #expect(decision.denialCode == entry.1, "\(entry.0): \(decision)")
    }

    @Test("loopback https-only refuses http to loopback but allows https")
    func loopbackHTTPSOnly() throws {
        let requestGuard = try GuardPolicies.make(#"{"version": 1, "transport": {"loopback": "https-only"}}"#)
        #expect(requestGuard.check(url: "https://127.0.0.1:8443/").isAllowed)
        #expect(requestGuard.check(url: "http://127.0.0.1:8080/").denialCode == .insecureTransport)
        #expect(requestGuard.check(url: "https://10.0.0.1/").denialCode == .localNetworkNotAllowed)
    }

    @Test("userinfo allowed by policy still counts as a credential")
    func userinfoAllowed() throws {
        let requestGuard = try GuardPolicies.make(
            #"{"version": 1, "transport": {"allowUserinfo": true}, "credentials": {"allowedBaseURLs": ["https://api.example.com/"]}}"#
        )
        #expect(requestGuard.check(url: "https://u:p@api.example.com/x").isAllowed)
        #expect(requestGuard.check(url: "https://u:p@evil.example.com/x").denialCode == .credentialsNotAllowed)
        #expect(requestGuard.sanitized(url: "https://u:p@evil.example.com/x").denialCode == .credentialsNotAllowed)
    }

    @Test("a Foundation URL is checked through its absolute string")
    func foundationURL() throws {
        let url = try #require(URL(string: "https://EXAMPLE.com/a"))
        #expect(RequestGuard.standard.check(url: url).isAllowed)
        let local = try #require(URL(string: "https://127.0.0.1/a"))
        #expect(RequestGuard.standard.check(url: local).denialCode == .loopbackNotAllowed)
    }

    @Test("denial text names the host and the rule")
    func denialText() {
        let decision = RequestGuard.standard.check(url: "http://Example.COM./x")
        #expect(decision.description == "deny: insecure-transport: http is not allowed for example.com (https only)")
    }
}
