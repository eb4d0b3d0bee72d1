import SanitizeKit
import Testing

/// strict and lenient: the classic app regexes, tested for what they accept and, as documented
/// in Rules/email/, for what they get wrong compared with RFC 5321.
@Suite("Email strict and lenient modes")
struct EmailClassicPatternTests {
    static let strict = EmailValidator(mode: .strict)
    static let lenient = EmailValidator(mode: .lenient)

    static let strictCases: [EmailAddressCase] = [
        .init("user@example.com", .valid, "[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,4}"),
        .init("user.name+tag@example.co.uk", .valid, "+ and . in the local part, dotted domain"),
        .init("first_last@example.info", .valid, "a four-letter TLD is the longest allowed"),
        .init(".dot..dot.@example.com", .valid, "flaw: accepts dots RFC 5321 §4.1.2 forbids"),
        .init("a@-x..com", .valid, "flaw: accepts a hyphen-led label and an empty label"),
        .init("user@example.museum", .mismatch(.strict), "flaw: {2,4} rejects the valid TLD .museum"),
        .init("user@example.company", .mismatch(.strict), "flaw: {2,4} rejects the valid TLD .company"),
        .init("o'brien@example.com", .mismatch(.strict), "flaw: rejects the atext apostrophe"),
        .init("\"q\"@example.com", .mismatch(.strict), "flaw: no quoted local part"),
        .init("user@[192.168.0.1]", .mismatch(.strict), "flaw: no address literal"),
        .init("user@example.c", .mismatch(.strict), "a one-letter TLD is refused"),
        .init("üser@example.com", .mismatch(.strict), "ASCII only"),
        .init("user@example.com ", .mismatch(.strict), "anchored: nothing after the TLD"),
    ]

    static let lenientCases: [EmailAddressCase] = [
        .init("user@example.com", .valid, ".+@.+\\.[A-Za-z]{2}[A-Za-z]*"),
        .init("user@example.museum", .valid, "any TLD of two letters or more"),
        .init("user@example.company", .valid, "any TLD of two letters or more"),
        .init("a b@c d.com", .valid, "flaw: accepts spaces"),
        .init("a@b@c.com", .valid, "flaw: accepts several @"),
        .init("Joe joe@x.com", .valid, "flaw: accepts a display name"),
        .init("user@localhost", .mismatch(.lenient), "flaw: rejects a valid single-label domain"),
        .init("user@[127.0.0.1]", .mismatch(.lenient), "flaw: rejects a valid address literal"),
        .init("user@例え.テスト", .mismatch(.lenient), "flaw: rejects a non-ASCII TLD"),
        .init("user@example.c", .mismatch(.lenient), "[A-Za-z]{2} needs two letters"),
        .init("@example.com", .mismatch(.lenient), ".+ needs one character before @"),
        .init("userexample.com", .mismatch(.lenient), "needs @"),
        .init("user@example.com\nx@y.zz", .mismatch(.lenient), ". does not match LF"),
    ]

    @Test(arguments: strictCases)
    func strictMode(_ example: EmailAddressCase) {
        #expect(Self.strict.validate(example.address) == example.expected)
    }

    @Test(arguments: lenientCases)
    func lenientMode(_ example: EmailAddressCase) {
        #expect(Self.lenient.validate(example.address) == example.expected)
    }

    @Test(arguments: [true, false])
    func aHostileLineStopsAtTheMatchLimit(jit: Bool) throws {
        // ".+@.+\." backtracks over every split at 4,000 "@"s and every dot after it, and no
        // dot is followed by two letters: quadratic work, cut off by the match limit (the JIT
        // counts fewer steps than the interpreter, so the line is long enough for both).
        let hostile = String(repeating: "@a.a", count: 4_000)
        let validator = try EmailValidator(
            mode: .lenient, pattern: Self.lenient.pattern.pattern, options: .init(jit: jit), maxInputBytes: 65_536)
        #expect(validator.validate(hostile) == .invalid(.matchLimitExceeded(mode: .lenient)))
    }

    @Test func anOverlongInputIsNotExamined() {
        let long = Filler.letters(EmailValidator.defaultMaxInputBytes) + "@example.com"
        #expect(Self.lenient.validate(long) == .invalid(.inputTooLong(limit: EmailValidator.defaultMaxInputBytes)))
    }

    @Test func jitAndInterpreterAgreeOnEveryTableCase() throws {
        let all =
            Self.strictCases.map { ($0, EmailMode.strict) } + Self.lenientCases.map { ($0, .lenient) }
            + EmailHTML5Tests.cases.map { ($0, .html5) } + EmailRFC5321Tests.cases.map { ($0, .rfc5321) }
            + EmailInternationalTests.cases.map { ($0, .international) }
        #expect(all.count >= 150)
        for mode in EmailMode.allCases {
            let jit = EmailValidator(mode: mode)
            let interpreter = try EmailValidator(mode: mode, pattern: jit.pattern.pattern, options: .init(jit: false))
            #expect(!interpreter.pattern.usesJIT)
            for (example, _) in all {
                #expect(jit.validate(example.address) == interpreter.validate(example.address), "\(mode) \(example.address)")
            }
        }
    }
}
