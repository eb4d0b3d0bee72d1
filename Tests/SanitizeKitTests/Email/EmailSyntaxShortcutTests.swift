import Foundation
import Testing
import TestSupport

@testable import SanitizeKit

/// ``EmailSyntaxShortcut`` says "the built-in pattern matches" without running it. The oracle is
/// PCRE2 itself on the same built-in pattern: every "yes" must be a match, for every mode, on
/// addresses built to sit on the pattern's edges (dots at the ends and doubled, labels of 62–64
/// characters, hyphens at label edges, a second "@", quotes, brackets, non-ASCII bytes) and on
/// the validator's verdicts, which must be those of the same pattern run by PCRE2 alone.
@Suite("Email syntax shortcut agrees with PCRE2 on the built-in patterns")
struct EmailSyntaxShortcutTests {
    /// The mode's built-in pattern, compiled as the validator compiles it.
    static func builtIn(_ mode: EmailMode) throws -> PCRE2Pattern {
        try PCRE2Pattern(
            EmailPatternFile.pattern(fromFileText: EmailPatternFile.defaultFileText(for: mode)),
            options: EmailValidator.defaultPatternOptions)
    }

    /// Addresses made of pieces that each matter to one of the patterns.
    static func generated(count: Int) -> [[UInt8]] {
        var random = SeededGenerator(seed: 20_261_127)
        let localPieces: [[UInt8]] = [
            Array("a".utf8), Array("Zz9".utf8), Array("!#$%&'*+-/=?^_`{|}~".utf8), Array(".".utf8), Array("..".utf8),
            Array("@".utf8), Array("\"".utf8), Array(" ".utf8), Array("\\".utf8), Array("é".utf8), [0x80], [0x7F],
            Array("(".utf8), Array("[".utf8), Array(",".utf8), Array("x.y".utf8),
        ]
        let labelCharacters: [[UInt8]] = [
            Array("a".utf8), Array("Z".utf8), Array("7".utf8), Array("-".utf8), Array("_".utf8), Array("é".utf8),
            Array("@".utf8), Array(" ".utf8),
        ]
        var addresses: [[UInt8]] = []
        for _ in 0..<count {
            var address: [UInt8] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                // Mostly letters, so that many addresses are valid.
                address += Int.random(in: 0..<3, using: &random) == 0 ? localPieces.randomElement(using: &random)! : localPieces[0]
            }
            if Int.random(in: 0..<10, using: &random) > 0 { address += Array("@".utf8) }
            if Int.random(in: 0..<20, using: &random) == 0 {
                address += Array("[127.0.0.1]".utf8)
            } else {
                for label in 0..<Int.random(in: 0...3, using: &random) {
                    if label > 0 { address += Array((Int.random(in: 0..<15, using: &random) == 0 ? ".." : ".").utf8) }
                    // Lengths around 63, and short ones.
                    let length = Bool.random(using: &random) ? Int.random(in: 0...4, using: &random) : Int.random(in: 61...65, using: &random)
                    for position in 0..<length {
                        let edge = position == 0 || position == length - 1
                        let odd = Int.random(in: 0..<(edge ? 8 : 30), using: &random) == 0
                        address += odd ? labelCharacters.randomElement(using: &random)! : labelCharacters[position % 3]
                    }
                }
            }
            addresses.append(address)
        }
        return addresses
    }

    static let edges: [String] = [
        "a@b", ".a@b", "a.@b", "a..b@c", "a.b@c", "@b", "a@", "a@b.", "a@.b", "a@-b", "a@b-", "a@b..c", "a@b@c",
        "\"q\"@b", "a@[127.0.0.1]", "é@b", "a@é", "A!#$%&'*+-/=?^_`{|}~@x", "a@" + String(repeating: "b", count: 63),
        "a@" + String(repeating: "b", count: 64), "a@b." + String(repeating: "c", count: 63), "a b@c", "a@b c", "a@b\n",
        String(repeating: "l", count: 64) + "@x.y", String(repeating: "l", count: 65) + "@x.y",
    ]

    @Test("every address the shortcut takes is matched by the mode's built-in pattern", arguments: EmailMode.allCases)
    func everyYesIsAMatch(mode: EmailMode) throws {
        let pattern = try Self.builtIn(mode)
        var taken = 0
        let addresses = Self.generated(count: 20_000) + Self.edges.map { Array($0.utf8) }
        for address in addresses {
            let surely = address.withUnsafeBytes { EmailSyntaxShortcut.surelyMatches($0, mode: mode) }
            guard surely else { continue }
            taken += 1
            let matched = try address.withUnsafeBytes { try pattern.matches($0) }
            #expect(matched, "\(mode): \(String(decoding: address, as: UTF8.self))")
        }
        // Not vacuous: the modes it serves take over a thousand of the addresses, the others none.
        switch mode {
        case .html5, .rfc5321, .international: #expect(taken > 1_000, "\(mode): \(taken)")
        case .strict, .lenient: #expect(taken == 0)
        }
    }

    @Test("the shortcut takes the edges it should and leaves the others to PCRE2")
    func edgesByMode() {
        func takes(_ address: String, _ mode: EmailMode) -> Bool {
            Array(address.utf8).withUnsafeBytes { EmailSyntaxShortcut.surelyMatches($0, mode: mode) }
        }
        for address in ["a@b", "a.b@c", "A!#$%&'*+-/=?^_`{|}~@x", "a@b." + String(repeating: "c", count: 63)] {
            #expect(takes(address, .html5) && takes(address, .rfc5321) && takes(address, .international), "\(address)")
        }
        // html5 lets dots lead, trail and repeat in the local part; a dot-string does not.
        for address in [".a@b", "a.@b", "a..b@c"] {
            #expect(takes(address, .html5) && !takes(address, .rfc5321) && !takes(address, .international), "\(address)")
        }
        for address in [
            "@b", "a@", "a@b.", "a@.b", "a@-b", "a@b-", "a@b..c", "a@b@c", "\"q\"@b", "a@[127.0.0.1]", "é@b", "a@é",
            "a@" + String(repeating: "b", count: 64), "a b@c", "a@b\n",
        ] {
            for mode in EmailMode.allCases { #expect(!takes(address, mode), "\(mode): \(address)") }
        }
    }

    @Test("a domain the caller has checked is not walked again, and only after the local part's one '@'")
    func labelsCheckedByTheCaller() {
        func takes(_ address: String, checkedAfter: Int?) -> Bool {
            Array(address.utf8).withUnsafeBytes { EmailSyntaxShortcut.surelyMatches($0, mode: .rfc5321, labelsCheckedAfter: checkedAfter) }
        }
        // The domain's labels are the caller's word: a label the walk would refuse is taken.
        #expect(!takes("a@-b", checkedAfter: nil) && takes("a@-b", checkedAfter: 1))
        // Never the local part's: it is read whatever the caller checked.
        #expect(!takes("a..b@c", checkedAfter: 4) && !takes(".a@b", checkedAfter: 2) && !takes("\"q\"@b", checkedAfter: 3))
        // Another "@" than the local part's end: the domain is walked (and here refused).
        #expect(!takes("a@b@c", checkedAfter: 3) && !takes("a@b@c", checkedAfter: 10))
        #expect(takes("a.b@example.com", checkedAfter: 3))
    }

    @Test("rfc5321's structure check refuses every domain the shortcut would have walked and refused")
    func structureCoversTheDomainWalk() {
        // The validator passes its structure check's "@" to the shortcut: for every address that
        // check lets through to the pattern (not an address literal), the shortcut's own walk of
        // the domain must agree that the domain is fine, or the second walk was not redundant.
        let policy = EmailValidator(mode: .rfc5321).policy
        var through = 0
        for address in Self.generated(count: 20_000) + Self.edges.map({ Array($0.utf8) }) {
            var findings = EmailStructure.Findings()
            let rejection = address.withUnsafeBytes {
                EmailStructure.rejection($0, international: false, policy: policy, findings: &findings)
            }
            guard rejection == nil, address[findings.atIndex + 1] != UInt8(ascii: "[") else { continue }
            through += 1
            let domainOnly = Array("a".utf8) + address[findings.atIndex...]
            let walked = domainOnly.withUnsafeBytes { EmailSyntaxShortcut.surelyMatches($0, mode: .rfc5321) }
            #expect(walked, "\(String(decoding: address, as: UTF8.self))")
        }
        #expect(through > 1_000, "\(through)")
    }

    @Test("every address rfc5321's one-pass check takes is valid by the checks one by one, under each policy")
    func everyOnePassYesIsValid() throws {
        let plainPattern = try Self.builtIn(.rfc5321).pattern + "(?:)"
        // The mode's defaults (a dot required, special-use names refused), the `email` format's
        // (neither), and each rule alone.
        let defaults = EmailPolicy.defaults(for: .rfc5321)
        let grammarOnly = NetworkFormat.emailValidator.policy
        var dotRequired = grammarOnly
        dotRequired.requireDot = true
        var specialUseRefused = grammarOnly
        specialUseRefused.refuseSpecialUseNames = true
        #expect(defaults.requireDot && defaults.refuseSpecialUseNames && !grammarOnly.requireDot && !grammarOnly.refuseSpecialUseNames)
        let long = String(repeating: "l", count: 64) + "@" + Array(repeating: String(repeating: "d", count: 63), count: 3).joined(separator: ".")
        let extra: [String] = [
            "user1@example.com", "a@b", "Mixed.Case@Example.COM", "a@localhost", "a@x.test", "a@X.Test", "a@b.onion",
            "a@contest.com", "a@test.com", "a@a-b.c", "a@xn--bcher-kva.example", "a@ab--c.d", "a@" + String(repeating: "b", count: 63) + ".c",
            String(long.dropLast(2)), String(long.dropLast()),  // 254 octets, then 255
            String(repeating: "l", count: 64) + "@x", String(repeating: "l", count: 65) + "@x",
        ]
        let addresses = Self.generated(count: 20_000) + (Self.edges + extra).map { Array($0.utf8) }
        for policy in [defaults, grammarOnly, dotRequired, specialUseRefused] {
            // The pattern in other words is not the built-in one: no shortcut, every check in turn.
            let oneByOne = try EmailValidator(mode: .rfc5321, pattern: plainPattern, policy: policy)
            var taken = 0
            for address in addresses {
                guard address.withUnsafeBytes({ EmailSyntaxShortcut.surelyValidRFC5321($0, policy: policy) }) else { continue }
                taken += 1
                #expect(oneByOne.validate(address) == .valid, "\(policy): \(String(decoding: address, as: UTF8.self))")
            }
            if policy.refuseSpecialUseNames {
                #expect(taken == 0, "a policy that refuses special-use names is never answered in one pass")
            } else {
                // The generated domains seldom have a dot: a few hundred where one is required.
                #expect(taken > (policy.requireDot ? 300 : 1_000), "\(taken)")
            }
        }
        func takes(_ address: String, _ policy: EmailPolicy) -> Bool {
            Array(address.utf8).withUnsafeBytes { EmailSyntaxShortcut.surelyValidRFC5321($0, policy: policy) }
        }
        // Not vacuous at the edges: each rule of the structure check is one the pass keeps.
        #expect(takes("user1@example.com", grammarOnly) && takes("a@b", grammarOnly) && !takes("a@b", dotRequired) && takes("a@b.c", dotRequired))
        for name in ["a@x.test", "a@X.TeSt", "a@localhost", "a@b.onion", "user1@example.com"] {
            #expect(takes(name, grammarOnly) && !takes(name, specialUseRefused) && !takes(name, defaults), "\(name)")
        }
        #expect(takes(String(repeating: "l", count: 64) + "@x", grammarOnly) && !takes(String(repeating: "l", count: 65) + "@x", grammarOnly))
        #expect(long.utf8.count == 256 && takes(String(long.dropLast(2)), grammarOnly) && !takes(String(long.dropLast()), grammarOnly))
        for address in ["\"q\"@b", "a@[127.0.0.1]", "a..b@c", ".a@b", "a.@b", "a@b-", "a@-b", "a@b..c", "a@b.", "a@b@c", "é@b.c", "a@b_c.d"] {
            #expect(!takes(address, grammarOnly), "\(address)")
        }
    }

    @Test("rfc5321's one-pass check takes every valid address of its shape: an atext dot-string, '@', plain LDH labels")
    func onePassTakesItsShape() throws {
        // The `email` format's policy, which the check answers for; the checks one by one (the
        // pattern in other words: no shortcut) say what is valid.
        let policy = NetworkFormat.emailValidator.policy
        let oneByOne = try EmailValidator(mode: .rfc5321, pattern: Self.builtIn(.rfc5321).pattern + "(?:)", policy: policy)
        var random = SeededGenerator(seed: 5_321)
        let localBytes = Array("!#$%&'*+-/=?^_`{|}~.".utf8)
        let domainBytes = Array("-.".utf8)
        let plain = Array("aZ9".utf8)
        /// Mostly letters and digits (long runs, read eight bytes at a time), now and then one of `others`.
        func piece(_ length: Int, _ others: [UInt8]) -> [UInt8] {
            (0..<length).map { _ in
                Int.random(in: 0..<8, using: &random) == 0 ? others.randomElement(using: &random)! : plain.randomElement(using: &random)!
            }
        }
        var taken = 0
        var valid = 0
        for _ in 0..<20_000 {
            // Lengths on both sides of the 64-octet local part and the 63-octet label.
            let address = piece(Int.random(in: 0...70, using: &random), localBytes) + [UInt8(ascii: "@")]
                + piece(Int.random(in: 0...80, using: &random), domainBytes)
            let says = address.withUnsafeBytes { EmailSyntaxShortcut.surelyValidRFC5321($0, policy: policy) }
            let isValid = oneByOne.validate(address) == .valid
            taken += says ? 1 : 0
            valid += isValid ? 1 : 0
            if says { #expect(isValid, "\(String(decoding: address, as: UTF8.self))") }
            // An A-label (`--` in positions 3-4) is left to the checks, which decode it.
            let domain = address.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last!
            let hasALabelHyphens = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).contains {
                $0.count >= 4 && $0[$0.startIndex + 2] == UInt8(ascii: "-") && $0[$0.startIndex + 3] == UInt8(ascii: "-")
            }
            if isValid && !hasALabelHyphens { #expect(says, "\(String(decoding: address, as: UTF8.self))") }
        }
        #expect(taken > 1_000 && valid > 1_000, "\(taken) taken, \(valid) valid")
    }

    @Test("the email format asks the one-pass check before its validator and answers as the validator does")
    func emailFormatAnswersAsItsValidator() throws {
        let extra = ["user1@example.com", "a@b", "a@localhost", "a@b.onion", "\"q\"@b", "a@[127.0.0.1]", "a..b@c", "é@b.c", ""]
        let addresses = Self.generated(count: 20_000) + (Self.edges + extra).map { Array($0.utf8) }
        var accepted = 0
        for address in addresses {
            let format = address.withUnsafeBytes { NetworkFormat.isEmail($0) }
            #expect(format == NetworkFormat.emailValidator.validate(address).isValid, "\(String(decoding: address, as: UTF8.self))")
            accepted += format ? 1 : 0
        }
        #expect(accepted > 1_000 && accepted < addresses.count, "\(accepted) of \(addresses.count)")
        // The format's constant is its validator's policy: no dot required, no name refused (the
        // one-pass check it asks answers only for such a policy).
        let policy = NetworkFormat.emailValidator.policy
        #expect(!policy.requireDot && !policy.refuseSpecialUseNames)
    }

    @Test("the one-pass check comes after the input limit: a validator with a lower limit still refuses a long address")
    func onePassAfterTheLimit() throws {
        let pattern = try Self.builtIn(.rfc5321).pattern
        // The `email` format's policy: one the one-pass check answers for (the mode's default,
        // which refuses special-use names, is not).
        let policy = NetworkFormat.emailValidator.policy
        let validator = try EmailValidator(mode: .rfc5321, pattern: pattern, maxInputBytes: 10, policy: policy)
        #expect(validator.takesShortcut)
        #expect(Array("user1@example.com".utf8).withUnsafeBytes { EmailSyntaxShortcut.surelyValidRFC5321($0, policy: policy) })
        #expect(validator.validate(Array("user1@example.com".utf8)) == .invalid(.inputTooLong(limit: 10)))
        #expect(validator.validate(Array("u@ex.com".utf8)) == .valid)
    }

    @Test("only the built-in pattern under the JIT takes the shortcut: the interpreter, asked for, sees every address")
    func whoTakesIt() throws {
        for mode in EmailMode.allCases {
            let builtIn = EmailValidator(mode: mode)
            #expect(builtIn.takesShortcut, "\(mode)")
            let interpreted = try EmailValidator(
                mode: mode, pattern: builtIn.pattern.pattern, options: PCRE2Pattern.Options(anchored: true, jit: false))
            #expect(!interpreted.takesShortcut, "\(mode)")
            #expect(try !EmailValidator(mode: mode, pattern: builtIn.pattern.pattern + "(?:)").takesShortcut, "\(mode)")
        }
    }

    @Test("verdicts are those of the built-in pattern run by PCRE2 alone", arguments: EmailMode.allCases)
    func verdictsUnchanged(mode: EmailMode) throws {
        let validator = EmailValidator(mode: mode)
        // The same pattern in other words (an empty group at its end) is not the built-in one,
        // so this validator always asks PCRE2, and names no html5 rule for a failure.
        let plain = try EmailValidator(mode: mode, pattern: validator.pattern.pattern + "(?:)")
        var valid = 0
        for address in Self.generated(count: 5_000) + Self.edges.map({ Array($0.utf8) }) {
            let verdict = validator.validate(address)
            let alone = plain.validate(address)
            if verdict.isValid { valid += 1 }
            #expect(verdict.isValid == alone.isValid, "\(mode): \(String(decoding: address, as: UTF8.self))")
            if mode != .html5 { #expect(verdict == alone, "\(mode): \(String(decoding: address, as: UTF8.self))") }
        }
        #expect(valid > 20, "\(mode): \(valid) valid")
    }
}
