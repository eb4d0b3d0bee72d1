import Testing

@testable import SanitizeKit

/// Header safety: RFC 9110 tokens for names, clean values, total size and count bounds.
@Suite("Header safety")
struct HeaderValueCheckTests {
    /// (name, is a token).
    static let names: [(String, Bool)] = [
        ("Accept", true), ("X-Custom_1", true), ("!#$%&'*+-.^_`|~09AZaz", true),
        ("", false), ("X Bad", false), ("X:Bad", false), ("X-Bad\r\n", false), ("X\u{0000}", false),
        ("\u{00DC}nicode", false), ("(comment)", false), ("X\"Q\"", false), ("a/b", false),
    ]

    @Test("header names are RFC 9110 §5.6.2 tokens", arguments: names)
    func tokens(entry: (String, Bool)) {
        #expect(HeaderValueCheck.isToken(entry.0) == entry.1, "\(entry.0.debugDescription)")
        let decision = RequestGuard.standard.check(url: "https://example.com/", headers: [(entry.0, "v")])
        #expect(decision.denialCode == (entry.1 ? nil : .headerNameInvalid), "\(entry.0.debugDescription)")
    }

    /// (value, is valid).
    static let values: [(String, Bool)] = [
        ("text/html", true), ("", true), ("a\tb", true), ("a b", true), ("caf\u{00E9}", true),
        ("a\r\nX-Injected: 1", false), ("a\rb", false), ("a\nb", false), ("a\u{0000}b", false),
        (" a", false), ("a ", false), ("\ta", false), ("a\t", false), (" ", false),
        ("a\u{0001}b", false), ("a\u{007F}", false), ("a\u{000B}b", false),
    ]

    @Test("values have no CR, LF, NUL, other controls, or surrounding whitespace", arguments: values)
    func fieldValues(entry: (String, Bool)) {
        #expect((HeaderValueCheck.check(value: entry.0, name: "X") == nil) == entry.1, "\(entry.0.debugDescription)")
        let decision = RequestGuard.standard.check(url: "https://example.com/", headers: [("X-Value", entry.0)])
        #expect(decision.denialCode == (entry.1 ? nil : .headerValueInvalid), "\(entry.0.debugDescription)")
    }

    @Test("the total size counts name: value CRLF and is bounded by the policy")
    func totalSize() throws {
        let requestGuard = try GuardPolicies.make(#"{"version": 1, "headers": {"maxTotalBytes": 20, "maxCount": 3}}"#)
        // "X: 1234567890123456\r\n" is 1 + 16 + 4 = 21 bytes; one byte less fits.
        #expect(requestGuard.check(url: "https://example.com/", headers: [("X", "123456789012345")]).isAllowed)
        #expect(
            requestGuard.check(url: "https://example.com/", headers: [("X", "1234567890123456")]).denialCode
                == .headersTooLarge)
        let four = [("A", "1"), ("B", "2"), ("C", "3"), ("D", "4")]
        #expect(requestGuard.check(url: "https://example.com/", headers: Array(four.prefix(3))).isAllowed)
        #expect(requestGuard.check(url: "https://example.com/", headers: four).denialCode == .headersTooLarge)
    }

    @Test("the method must be a token")
    func method() {
        #expect(RequestGuard.standard.check(url: "https://example.com/", method: "PATCH").isAllowed)
        #expect(RequestGuard.standard.check(url: "https://example.com/", method: "G ET").denialCode == .methodInvalid)
        #expect(RequestGuard.standard.check(url: "https://example.com/", method: "").denialCode == .methodInvalid)
        #expect(
            RequestGuard.standard.check(url: "https://example.com/", method: "GET\r\n").denialCode == .methodInvalid)
    }

    /// (Host header value, allowed for https://example.com/).
    static let hostHeaders: [(String, Bool)] = [
        ("example.com", true), ("EXAMPLE.com.", true), ("example.com:443", true),
        ("evil.net", false), ("example.com:8443", false), ("example.com@evil.net", false),
        ("example.com/x", false), ("", false),
    ]

    @Test("a Host header must name the URL's own authority", arguments: hostHeaders)
    func hostHeader(entry: (String, Bool)) {
        let decision = RequestGuard.standard.check(url: "https://example.com/", headers: [("Host", entry.0)])
        #expect(decision.denialCode == (entry.1 ? nil : .hostHeaderMismatch), "\(entry.0): \(decision)")
    }
}
