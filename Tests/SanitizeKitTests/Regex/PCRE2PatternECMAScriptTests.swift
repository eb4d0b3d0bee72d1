import SanitizeKit
import Testing

/// ECMA-262 semantics for JSON Schema patterns (see `PCRE2Pattern.Options`).
@Suite("PCRE2Pattern ECMAScript mode")
struct PCRE2PatternECMAScriptTests {
    static let ecma = PCRE2Pattern.Options(ecmaScriptCompatible: true)

    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        let subject: String
        let matches: Bool
        let rule: String
        var testDescription: String { "/\(pattern)/ on \(subject.debugDescription): \(rule)" }
    }

    static let cases: [Case] = [
        // ECMA-262 §22.2.2.9: \d is [0-9], \w is [A-Za-z0-9_].
        Case(pattern: #"^\d$"#, subject: "0", matches: true, rule: "ASCII digit"),
        Case(pattern: #"^\d$"#, subject: "\u{07C0}", matches: false, rule: "NKO DIGIT ZERO is not \\d"),
        Case(pattern: #"^\D$"#, subject: "\u{07C0}", matches: true, rule: "NKO DIGIT ZERO is \\D"),
        Case(pattern: #"^\d+$"#, subject: "\u{09EA}\u{09E8}", matches: false, rule: "Bengali digits are not \\d"),
        Case(pattern: #"^\w$"#, subject: "a", matches: true, rule: "ASCII letter"),
        Case(pattern: #"^\w$"#, subject: "é", matches: false, rule: "é is not \\w"),
        Case(pattern: #"^\W$"#, subject: "é", matches: true, rule: "é is \\W"),
        Case(pattern: #"\bcole"#, subject: "école", matches: true, rule: "\\b uses ASCII \\w, so é is a boundary"),
        // ECMA-262 §12.2, §12.3: \s is WhiteSpace + LineTerminator, Unicode-wide.
        Case(pattern: #"^\s$"#, subject: " ", matches: true, rule: "SPACE"),
        Case(pattern: #"^\s$"#, subject: "\t", matches: true, rule: "TAB"),
        Case(pattern: #"^\s$"#, subject: "\u{0B}", matches: true, rule: "VT"),
        Case(pattern: #"^\s$"#, subject: "\u{0C}", matches: true, rule: "FF"),
        Case(pattern: #"^\s$"#, subject: "\u{A0}", matches: true, rule: "NBSP"),
        Case(pattern: #"^\s$"#, subject: "\u{FEFF}", matches: true, rule: "ZWNBSP"),
        Case(pattern: #"^\s$"#, subject: "\n", matches: true, rule: "LF"),
        Case(pattern: #"^\s$"#, subject: "\u{2029}", matches: true, rule: "PARAGRAPH SEPARATOR"),
        Case(pattern: #"^\s$"#, subject: "\u{2003}", matches: true, rule: "EM SPACE (Zs)"),
        Case(pattern: #"^\s$"#, subject: "\u{13}", matches: false, rule: "a non-space control"),
        Case(pattern: #"^\s$"#, subject: "\u{85}", matches: false, rule: "NEL is not ECMA white space"),
        // ECMA-262 §22.2.2.10 ControlEscape: \v is U+000B alone (PCRE2's \v is all vertical space).
        Case(pattern: #"^\v$"#, subject: "\u{0B}", matches: true, rule: "\\v is VT"),
        Case(pattern: #"^\v$"#, subject: "\n", matches: false, rule: "LF is not \\v"),
        Case(pattern: #"^\v$"#, subject: "\u{2028}", matches: false, rule: "LINE SEPARATOR is not \\v"),
        Case(pattern: #"^[\v]$"#, subject: "\r", matches: false, rule: "CR is not [\\v]"),
        Case(pattern: #"^[\v\f]+$"#, subject: "\u{0B}\u{0C}", matches: true, rule: "[\\v\\f] is VT and FF"),
        Case(pattern: #"^[a\v\S]$"#, subject: "\n", matches: false, rule: "a class with \\S keeps \\v as VT"),
        Case(pattern: #"^\S$"#, subject: "\u{FEFF}", matches: false, rule: "ZWNBSP is not \\S"),
        Case(pattern: #"^\S$"#, subject: "\u{2003}", matches: false, rule: "EM SPACE is not \\S"),
        Case(pattern: #"^\S$"#, subject: "\u{13}", matches: true, rule: "a non-space control is \\S"),
        Case(pattern: #"^[\s]$"#, subject: "\u{A0}", matches: true, rule: "\\s inside a class"),
        Case(pattern: #"^[x\S]$"#, subject: " ", matches: false, rule: "\\S inside a class"),
        Case(pattern: #"^[x\S]$"#, subject: "\u{FEFF}", matches: false, rule: "ZWNBSP is not in [x\\S]"),
        Case(pattern: #"^[x\S]$"#, subject: "\u{85}", matches: true, rule: "NEL is in [x\\S]"),
        Case(pattern: #"^[\S]+$"#, subject: "ab", matches: true, rule: "[\\S] alone, quantified"),
        Case(pattern: #"^[^\S\r\n]+$"#, subject: " \t\u{A0}\u{FEFF}", matches: true, rule: "[^\\S\\r\\n]: white space but line ends"),
        Case(pattern: #"^[^\S\r\n]$"#, subject: "\n", matches: false, rule: "[^\\S\\r\\n] excludes LF"),
        Case(pattern: #"^[^\S\r\n]$"#, subject: "x", matches: false, rule: "[^\\S\\r\\n] excludes non-space"),
        Case(pattern: #"^[^\S]$"#, subject: "\u{2003}", matches: true, rule: "[^\\S] is \\s"),
        Case(pattern: #"^[\S^]$"#, subject: "^", matches: true, rule: "a ^ after \\S stays literal"),
        Case(pattern: #"^[\S\s]$"#, subject: "\n", matches: true, rule: "[\\S\\s] is any character"),
        Case(pattern: #"^\\s$"#, subject: #"\s"#, matches: true, rule: "an escaped backslash then s"),
        // ECMA-262 §22.2.2.7: $ without the m flag matches only at the end of input.
        Case(pattern: "^abc$", subject: "abc\n", matches: false, rule: "$ does not match before a final newline"),
        Case(pattern: "^abc$", subject: "abc", matches: true, rule: "$ at the end"),
        // ECMA-262 §22.2.1: \uhhhh and \u{h…} escapes, \xhh, \cX.
        Case(pattern: #"^\u00e9$"#, subject: "é", matches: true, rule: "\\uhhhh"),
        Case(pattern: #"^\u{1F432}$"#, subject: "🐲", matches: true, rule: "\\u{…}"),
        Case(pattern: #"^\x41$"#, subject: "A", matches: true, rule: "\\xhh"),
        Case(pattern: #"^\ud83d\ude00$"#, subject: "😀", matches: true, rule: "a surrogate pair is one code point"),
        Case(pattern: #"^[\uD83D\uDE00-\uD83D\uDE4F]$"#, subject: "🙂", matches: true, rule: "surrogate pairs in a range"),
        Case(pattern: #"^\cC$"#, subject: "\u{03}", matches: true, rule: "\\c with an upper letter"),
        Case(pattern: #"^\cc$"#, subject: "\u{03}", matches: true, rule: "\\c with a lower letter"),
        Case(pattern: #"^\t$"#, subject: "\t", matches: true, rule: "\\t"),
        // ECMA-262: [] matches nothing and [^] matches any character.
        Case(pattern: "^a[]", subject: "ab", matches: false, rule: "empty class"),
        Case(pattern: "^a[^]$", subject: "a\n", matches: true, rule: "[^] is any character"),
        // The u flag: Unicode properties and code points.
        Case(pattern: #"\p{L}cole"#, subject: "école", matches: true, rule: "\\p{L} is Unicode"),
        // ECMA-262 §22.2.2.9 UnicodePropertyValueExpression: long names and aliases.
        Case(pattern: #"^\p{Letter}$"#, subject: "é", matches: true, rule: "General_Category long name"),
        Case(pattern: #"^\p{digit}+$"#, subject: "\u{09EA}\u{09E8}", matches: true, rule: "the alias digit is Nd"),
        Case(pattern: #"^\p{gc=Decimal_Number}$"#, subject: "7", matches: true, rule: "gc=Decimal_Number"),
        Case(pattern: #"^\P{General_Category=Letter}$"#, subject: "7", matches: true, rule: "\\P complements"),
        Case(pattern: #"^\p{Script=Greek}+$"#, subject: "δοκιμή", matches: true, rule: "Script=Greek"),
        Case(pattern: #"^\p{sc=Greek}$"#, subject: "a", matches: false, rule: "sc=Greek refuses Latin"),
        Case(pattern: #"^[\p{Lu}\p{Nd}]+$"#, subject: "A1", matches: true, rule: "short names inside a class"),
        Case(pattern: "^🐲*$", subject: "🐲🐲", matches: true, rule: "a quantifier applies to a whole code point"),
        Case(pattern: "^.$", subject: "🐲", matches: true, rule: ". is one code point"),
        // ECMA-262 §22.2.2.7: . matches anything but a LineTerminator.
        Case(pattern: "^a.c$", subject: "a\rc", matches: false, rule: ". does not match CR"),
        Case(pattern: "^a.c$", subject: "a\u{2028}c", matches: false, rule: ". does not match LINE SEPARATOR"),
        Case(pattern: "^a.c$", subject: "a\u{85}c", matches: true, rule: ". matches NEL (not an ECMA LineTerminator)"),
        Case(pattern: "^a[.]c$", subject: "a.c", matches: true, rule: ". inside a class is a literal dot"),
        Case(pattern: #"^a\.c$"#, subject: "abc", matches: false, rule: "an escaped dot is a literal dot"),
    ]

    @Test(arguments: cases)
    func ecmaScriptSemantics(_ example: Case) throws {
        let jit = try PCRE2Pattern(example.pattern, options: Self.ecma)
        #expect(try jit.matches(example.subject) == example.matches)
        var interpreter = Self.ecma
        interpreter.jit = false
        #expect(try PCRE2Pattern(example.pattern, options: interpreter).matches(example.subject) == example.matches)
    }

    /// ECMA-262 §22.2.1 with the `u` flag: IdentityEscape is only a SyntaxCharacter or `/`.
    @Test(arguments: [#"\a"#, #"\e"#, #"\A"#, #"\z"#, #"\Z"#, #"\G"#, #"\Q"#, #"\K"#, #"\h"#, #"\R"#, #"\X"#, #"\-"#, #"[\B]"#, #"\_"#])
    func escapesECMAScriptDoesNotDefineAreRefused(pattern: String) {
        do {
            _ = try PCRE2Pattern("ab" + pattern, options: Self.ecma)
            Issue.record("\(pattern) compiled in ECMAScript mode")
        } catch let caught {
            // Typed errors with `catch … as SanitizeError` crash Swift 6.3.1's SILGen here.
            let error = caught as? SanitizeError ?? SanitizeError(.configuration, "unexpected error \(caught)")
            #expect(error.code == .regexCompile)
            #expect(error.location?.byteOffset == (pattern.hasPrefix("[") ? 3 : 2))
            #expect(error.reason.contains("not an ECMA-262 escape"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test(arguments: [#"\/"#, #"\."#, #"\$"#, #"\|"#, #"[\-]"#, #"[\b]"#, #"\bx"#, #"\Bx"#, #"\v"#, #"(?<n>a)\k<n>"#, #"(a)\1"#, #"\0"#])
    func escapesECMAScriptDefinesCompile(pattern: String) throws {
        #expect(try PCRE2Pattern(pattern, options: Self.ecma).usesJIT == PCRE2Pattern.isJITAvailable)
    }

    @Test func aBadEscapeInAClassHoldingNonSpaceHasItsOwnOffset() {
        do {
            _ = try PCRE2Pattern(#"ab[\S\a]"#, options: Self.ecma)
            Issue.record("\\a compiled in ECMAScript mode")
        } catch let caught {
            // Typed errors with `catch … as SanitizeError` crash Swift 6.3.1's SILGen here.
            let error = caught as? SanitizeError ?? SanitizeError(.configuration, "unexpected error \(caught)")
            #expect(error.code == .regexCompile)
            #expect(error.location?.byteOffset == 5)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func compileErrorInTranslatedPatternSaysSo() {
        do {
            _ = try PCRE2Pattern(#"\s("#, options: Self.ecma)
            Issue.record("an unbalanced parenthesis compiled")
        } catch let caught {
            // Typed errors with `catch … as SanitizeError` crash Swift 6.3.1's SILGen here.
            let error = caught as? SanitizeError ?? SanitizeError(.configuration, "unexpected error \(caught)")
            #expect(error.code == .regexCompile)
            #expect(error.reason.contains("translated"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
