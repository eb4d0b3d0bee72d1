import Testing

@testable import SanitizeKit

/// Arbitrary input never traps and always yields one of the documented outcomes.
@Suite("Guard robustness")
struct GuardRobustnessTests {
    static let knownCodes: Set<GuardDenial.Code> = [
        .urlTooLong, .urlMalformed, .urlAmbiguous, .schemeNotAllowed, .insecureTransport, .userinfoNotAllowed,
        .hostInvalid, .loopbackNotAllowed, .localNetworkNotAllowed, .credentialsNotAllowed, .methodInvalid,
        .headerNameInvalid, .headerValueInvalid, .headersTooLarge, .hostHeaderMismatch,
    ]

    /// Scalars that matter to URL, host and header parsing, plus some that should never appear.
    static let alphabet: [Unicode.Scalar] = Array(
        "htps:/\\@[]%.:?#;-_~0x7f1AZaz \t\r\n\u{0}\u{7F}\u{0430}\u{0301}\u{200B}\u{202E}\u{FF0E}\u{3002}\u{FFFD}\u{1F600}"
            .unicodeScalars)

    @Test("20,000 seeded random URLs, hosts and header values")
    func arbitraryInput() throws {
        let requestGuard = try GuardPolicies.make(GuardPolicies.scoped)
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            var view = String.UnicodeScalarView()
            let length = Int(generator.next() % 40)
            for _ in 0..<length { view.append(Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))]) }
            let noise = String(view)
            let prefix = ["https://", "http://", "", "https://api.example.com/v1/"][Int(generator.next() % 4)]
            let url = prefix + noise
            for decision in [
                requestGuard.check(url: url, headers: [("Authorization", noise)]),
                requestGuard.check(url: "https://api.example.com/v1", headers: [(noise, "v"), ("Host", noise)]),
            ] {
                if case .deny(let reason) = decision {
                    #expect(Self.knownCodes.contains(reason.code), "\(url.debugDescription): \(reason)")
                }
            }
            if case .deny(let reason) = requestGuard.checkRedirect(
                from: url, to: prefix + noise, headers: [("Cookie", "a")])
            {
                #expect(Self.knownCodes.contains(reason.code))
            }
            _ = CanonicalHost.parse(Substring(noise))
            _ = Punycode.decode(noise)
            _ = BasicCredentials.parse("Basic " + noise)
        }
    }
}
