import Dispatch
import SanitizeKit
import Testing

@Suite("PCRE2Pattern")
struct PCRE2PatternTests {
    static let interpreter = PCRE2Pattern.Options(jit: false)

    @Test func searchesAnywhereUnlessAnchored() throws {
        let search = try PCRE2Pattern("b+")
        #expect(try search.matches("abbbc"))
        #expect(try !search.matches("ac"))
        let whole = try PCRE2Pattern("b+", options: .init(anchored: true))
        #expect(try whole.matches("bbb"))
        #expect(try !whole.matches("abbb"))
        #expect(try !whole.matches("bbba"))
    }

    @Test func caselessFoldsUnicode() throws {
        let pattern = try PCRE2Pattern("straße", options: .init(caseless: true, anchored: true))
        #expect(try pattern.matches("STRAẞE"))
        #expect(try pattern.matches("Straße"))
        #expect(try !pattern.matches("strasse"))
    }

    @Test func emptySubjectAndEmptyPattern() throws {
        #expect(try PCRE2Pattern("^$").matches(""))
        #expect(try PCRE2Pattern("").matches("anything"))
        #expect(try !PCRE2Pattern("a").matches(""))
        let empty: [UInt8] = []
        #expect(try empty.withUnsafeBytes { try PCRE2Pattern("^$").matches($0) })
    }

    @Test func compileErrorCarriesOffsetAndMessage() {
        do {
            _ = try PCRE2Pattern("ab(cd")
            Issue.record("an unbalanced parenthesis compiled")
        } catch let caught {
            // Typed errors with `catch … as SanitizeError` crash Swift 6.3.1's SILGen here.
            let error = caught as? SanitizeError ?? SanitizeError(.configuration, "unexpected error \(caught)")
            #expect(error.code == .regexCompile)
            #expect(error.location?.byteOffset == 5)
            #expect(error.reason.contains("missing closing parenthesis"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
        do {
            _ = try PCRE2Pattern("a{2,1}")
            Issue.record("a reversed quantifier compiled")
        } catch let caught {
            // Typed errors with `catch … as SanitizeError` crash Swift 6.3.1's SILGen here.
            let error = caught as? SanitizeError ?? SanitizeError(.configuration, "unexpected error \(caught)")
            #expect(error.code == .regexCompile)
            #expect(error.location?.byteOffset == 5)
            #expect(error.reason.contains("out of order"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func backslashCIsRefused() {
        #expect(throws: SanitizeError.self) { try PCRE2Pattern(#"a\Cb"#) }
    }

    @Test(arguments: [true, false])
    func catastrophicBacktrackingHitsTheLimit(jit: Bool) throws {
        let pattern = try PCRE2Pattern("(a+)+$", options: .init(jit: jit))
        let subject = String(repeating: "a", count: 50) + "b"
        do {
            _ = try pattern.matches(subject)
            Issue.record("(a+)+$ returned instead of hitting a limit")
        } catch let caught {
            // Typed errors with `catch … as SanitizeError` crash Swift 6.3.1's SILGen here.
            let error = caught as? SanitizeError ?? SanitizeError(.configuration, "unexpected error \(caught)")
            #expect(error.code == .regexLimit)
            #expect(error.reason.contains("limit"))
        }
        // The same pattern is fine where it does not backtrack.
        #expect(try pattern.matches(String(repeating: "a", count: 50)))
    }

    @Test(arguments: [true, false])
    func limitsAreConfigurable(jit: Bool) throws {
        let subject = String(repeating: "a", count: 12) + "b"
        let generous = try PCRE2Pattern("(a+)+$", options: .init(jit: jit, matchLimit: 100_000_000))
        #expect(try !generous.matches(subject))
        let tight = try PCRE2Pattern("(a+)+$", options: .init(jit: jit, matchLimit: 50))
        #expect(throws: SanitizeError.self) { try tight.matches(subject) }
    }

    @Test func depthLimitBoundsTheInterpreter() throws {
        let nested = try PCRE2Pattern("^(a|b)*c", options: .init(jit: false, depthLimit: 10))
        #expect(throws: SanitizeError.self) { try nested.matches(String(repeating: "ab", count: 100) + "c") }
        let roomy = try PCRE2Pattern("^(a|b)*c", options: .init(jit: false))
        #expect(try roomy.matches(String(repeating: "ab", count: 100) + "c"))
    }

    @Test func jitIsUsedWhenAvailableAndSaidSo() throws {
        let jit = try PCRE2Pattern("a+")
        #expect(jit.usesJIT == PCRE2Pattern.isJITAvailable)
        #expect(jit.debugDescription == "PCRE2Pattern(/a+/, \(PCRE2Pattern.isJITAvailable ? "JIT" : "interpreter"))")
        let interpreted = try PCRE2Pattern("a+", options: Self.interpreter)
        #expect(!interpreted.usesJIT)
        #expect(interpreted.debugDescription == "PCRE2Pattern(/a+/, interpreter)")
    }

    @Test func jitIsAvailableOnThisBuild() {
        // Debian's libpcre2-8 is built with the JIT on every architecture Swift runs on.
        #expect(PCRE2Pattern.isJITAvailable)
    }

    static let agreementPatterns = [
        #"^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$"#, #"(\w+)\s+\1"#, #"^\p{L}+$"#, "colou?r",
        "^(?:a|ab)(?:c|bcd)(?:d*)$", #"\bword\b"#, "(?i)ÉCOLE", "[^aeiou]{3}", "^.{3,5}$", "x*",
    ]
    static let agreementSubjects = [
        "", "a@b.co", "john.doe+tag@example.museum", "hello hello", "école", "ÉCOLE", "color",
        "colour", "abcd", "acd", "a word here", "swordfish", "rhythm", "日本語", "ab\nc", "zzzzzz",
    ]

    @Test(arguments: agreementPatterns)
    func jitAndInterpreterAgree(pattern: String) throws {
        let jit = try PCRE2Pattern(pattern)
        let interpreted = try PCRE2Pattern(pattern, options: Self.interpreter)
        for subject in Self.agreementSubjects {
            #expect(try jit.matches(subject) == interpreted.matches(subject), "\(pattern) on \(subject)")
        }
    }

    @Test func matchesFromManyThreadsAtOnce() throws {
        let email = try PCRE2Pattern(#"^[a-z]+@[a-z]+\.[a-z]{2,}$"#)
        let digits = try PCRE2Pattern(#"^\d+$"#, options: Self.interpreter)
        let subjects = (0..<64).map { index in index % 2 == 0 ? "user\(index)@example.org" : "user@example.org" }
        let results = ResultSlots(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            var agreed = true
            for round in 0..<2_000 {
                let subject = subjects[index]
                let wantEmail = index % 2 == 1
                let number = String(round * index)
                do {
                    agreed = try agreed && email.matches(subject) == wantEmail && digits.matches(number)
                        && !digits.matches(subject)
                } catch {
                    agreed = false
                }
            }
            results.set(index, agreed)
        }
        #expect(results.all { $0 })
    }

    @Test func rawBytesAreCheckedForUTF8() throws {
        let pattern = try PCRE2Pattern("b")
        let bytes: [UInt8] = [0x61, 0x62, 0xC3, 0x28]
        do {
            _ = try bytes.withUnsafeBytes { try pattern.matches($0) }
            Issue.record("invalid UTF-8 was matched")
        } catch let caught {
            // Typed errors with `catch … as SanitizeError` crash Swift 6.3.1's SILGen here.
            let error = caught as? SanitizeError ?? SanitizeError(.configuration, "unexpected error \(caught)")
            #expect(error.code == .invalidUTF8)
            #expect(error.location?.byteOffset == 2)
        }
        let good = Array("ab".utf8)
        #expect(try good.withUnsafeBytes { try pattern.matches($0) })
    }

    /// Subjects are checked 8 bytes at a time for ASCII; a non-ASCII byte anywhere, in a
    /// whole word or in the tail, must still reach PCRE2's UTF-8 check.
    @Test(arguments: [0, 3, 7, 8, 12, 15, 16])
    func invalidByteAnywhereIsFound(position: Int) throws {
        let pattern = try PCRE2Pattern("x")
        var bytes = Array(repeating: UInt8(ascii: "x"), count: 17)
        bytes[position] = 0xFF
        #expect(throws: SanitizeError.self) { try bytes.withUnsafeBytes { try pattern.matches($0) } }
        bytes[position] = 0x78
        #expect(try bytes.withUnsafeBytes { try pattern.matches($0) })
    }

    @Test func nonASCIIBytesMatchThroughTheCheckedPath() throws {
        let pattern = try PCRE2Pattern("^\\p{Greek}+$")
        let bytes = Array("δοκιμή".utf8)
        #expect(try bytes.withUnsafeBytes { try pattern.matches($0) })
        #expect(try PCRE2Pattern("^\\p{Greek}+$", options: Self.interpreter).matches("δοκιμή"))
    }

    @Test func perlModeUsesUnicodeClasses() throws {
        #expect(try PCRE2Pattern(#"^\d+$"#).matches("٢٠٢٦"))
        #expect(try PCRE2Pattern(#"^\w+$"#).matches("école"))
        #expect(try PCRE2Pattern("^a$").matches("a\n"))  // Perl: $ before a final newline
    }
}

/// Per-iteration results written from concurrent threads, each to its own slot.
final class ResultSlots: @unchecked Sendable {
    // Each index is written by exactly one iteration and read after concurrentPerform returns.
    private let storage: UnsafeMutableBufferPointer<Bool>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: false)
    }

    deinit { storage.deallocate() }

    func set(_ index: Int, _ value: Bool) { storage[index] = value }

    func all(_ predicate: (Bool) -> Bool) -> Bool { storage.allSatisfy(predicate) }
}
