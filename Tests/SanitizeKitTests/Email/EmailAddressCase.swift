import SanitizeKit
import Testing

/// One hand-picked address, the verdict its standard gives, and the rule that decides it.
struct EmailAddressCase: Sendable, CustomTestStringConvertible {
    let address: String
    let expected: EmailVerdict
    let rule: String

    init(_ address: String, _ expected: EmailVerdict, _ rule: String) {
        self.address = address
        self.expected = expected
        self.rule = rule
    }

    var testDescription: String { "\(address.debugDescription) → \(expected): \(rule)" }
}

/// Shorthands for the tables.
extension EmailVerdict {
    static func no(_ rejection: EmailRejection) -> Self { .invalid(rejection) }
    static func mismatch(_ mode: EmailMode) -> Self { .invalid(.patternMismatch(mode: mode)) }
}

/// Strings of a given length for the length-edge cases.
enum Filler {
    static func letters(_ count: Int) -> String { String(repeating: "a", count: count) }
    /// A domain of exactly `count` octets made of 63-octet labels and a shorter last one.
    static func domain(_ count: Int) -> String {
        var labels: [String] = []
        var remaining = count
        while remaining > 63 {
            labels.append(String(repeating: "b", count: 62))
            remaining -= 63
        }
        labels.append(String(repeating: "c", count: remaining))
        return labels.joined(separator: ".")
    }
}
