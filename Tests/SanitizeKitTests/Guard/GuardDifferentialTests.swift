import Foundation
import Testing

@testable import SanitizeKit

/// Differential check against Foundation's own URL parser: whenever the guard lets
/// credentials go to a URL, Foundation must agree on the host and port. Thousands of URLs are
/// assembled (seeded, so every run is the same) from pieces known to confuse parsers.
@Suite("Guard vs Foundation URL parser")
struct GuardDifferentialTests {
    static let schemes = [
        "https://", "https://", "https://", "HTTPS://", "https:/", "https:", "https:\\\\", "http://", "https:///",
    ]
    static let userinfos = ["", "", "", "a@", "api.example.com@", "a:b@", "@"]
    static let hosts = [
        "api.example.com", "api.example.com", "api.example.com", "API.Example.COM.", "evil.com",
        "api.example.com.evil.com", "%61pi.example.com",
        "127.0.0.1", "[::1]", "api.example.com\\", "ap\u{0456}.example.com", "api.example.com%2F",
        "api.example.com@evil.com",
        "api.example.com\t", "api.example.com#", "xn--api-example.com",
    ]
    static let ports = ["", "", ":443", ":8443", ":", ":0443", ":443@evil.com", ":4\t43"]
    static let paths = [
        "/v1", "/v1/", "/v1/users", "/v1/../admin", "/v1/%2e%2e/x", "/@evil.com", "", "/v1?x", "#@evil.com",
        "/v1\\..\\admin", "/v1/x/..", "//evil.com/v1", "/v1/..;/x", "?@evil.com/v1", "/%76%31/a",
    ]
    static let suffixes = ["", "", "?a=b", "#frag", "\t", "@evil.com", " ", "\\", "/"]

    @Test("credentials are allowed only where Foundation sees the same host and port")
    func agreesWithFoundation() throws {
        let requestGuard = try GuardPolicies.make(
            #"{"version": 1, "credentials": {"allowedBaseURLs": ["https://api.example.com/v1"]}}"#)
        var generator = SeededGenerator(seed: 7)
        var allowed = 0
        for _ in 0..<20_000 {
            func pick(_ pieces: [String]) -> String { pieces[Int(generator.next() % UInt64(pieces.count))] }
            let url =
                pick(Self.schemes) + pick(Self.userinfos) + pick(Self.hosts) + pick(Self.ports) + pick(Self.paths)
                + pick(Self.suffixes)
            guard requestGuard.check(url: url, headers: [("Authorization", "Bearer t")]).isAllowed else { continue }
            allowed += 1
            let components = try #require(URLComponents(string: url), "Foundation cannot parse \(url.debugDescription)")
            var host = components.host?.lowercased() ?? ""
            if host.hasSuffix(".") { host.removeLast() }
            #expect(host == "api.example.com", "\(url.debugDescription): Foundation host \(components.host ?? "nil")")
            #expect(components.port == nil || components.port == 443, "\(url.debugDescription)")
            #expect(components.scheme?.lowercased() == "https", "\(url.debugDescription)")
            #expect(components.user == nil && components.password == nil, "\(url.debugDescription)")
        }
        // The generator does produce allowed URLs, so the comparison above really ran.
        #expect(allowed > 100)
    }
}
