import Testing

import SanitizeKit

/// The `international` domain goes through ``UTS46`` (the canonicaliser the guard uses), except
/// ASCII domains without `--` in positions 3–4, whose canonical form is their lowercase. This
/// checks that shortcut against the canonicaliser itself on generated domains.
@Suite("Email international: the ASCII shortcut equals UTS #46")
struct EmailIDNAFastPathTests {
    static let validator = EmailValidator(
        mode: .international,
        policy: EmailPolicy(requireDot: false, refuseSpecialUseNames: false, allowQuotedLocalPart: true, allowDomainLiteral: true))

    /// Seeded ASCII domains: letters of both cases, digits, hyphens, sometimes `_`, `xn--`
    /// prefixes and `--` in positions 3–4.
    static func domains(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789----_")
        let prefixes = ["", "", "", "xn--", "XN--", "ab--", "a-", "-"]
        let aLabels = ["xn--bcher-kva", "xn--p1ai", "xn--9n2bp8q", "xn--a", "xn--ls8h", "xn--mgbh0fb"]
        var result: [String] = []
        for _ in 0..<count {
            var labels: [String] = []
            for _ in 0..<(1 + next(4)) {
                if next(8) == 0 {
                    labels.append(aLabels[next(aLabels.count)])
                    continue
                }
                var label = prefixes[next(prefixes.count)]
                for _ in 0..<(1 + next(12)) { label.append(alphabet[next(alphabet.count)]) }
                labels.append(label)
            }
            result.append(labels.joined(separator: "."))
        }
        return result
    }

    @Test func everyAcceptedASCIIDomainIsItsUTS46Form() {
        var accepted = 0
        var shortcut = 0
        for domain in Self.domains(count: 20_000, seed: 2026) {
            let ours = Self.validator.asciiDomain(of: "a@" + domain)
            let reference = UTS46.toASCII(domain, options: .strict)
            if let ours {
                accepted += 1
                if !domain.lowercased().contains("--") { shortcut += 1 }
                #expect(reference == .success(ours), "\(domain)")
                #expect(ours == domain.lowercased() || domain.lowercased().contains("xn--"), "\(domain)")
            } else if case .failure = reference {
                continue
            }
        }
        #expect(accepted > 3_000, "the generator must reach the accepted path often")
        #expect(shortcut > 1_000, "and the shortcut too")
    }

    @Test func everyDomainUTS46RefusesIsRefused() {
        var refused = 0
        for domain in Self.domains(count: 20_000, seed: 7) {
            guard case .failure = UTS46.toASCII(domain, options: .strict) else { continue }
            refused += 1
            #expect(Self.validator.validate("a@" + domain).isValid == false, "\(domain)")
        }
        #expect(refused > 1_000)
    }
}
