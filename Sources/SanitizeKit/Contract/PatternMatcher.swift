/// A compiled `pattern` / `patternProperties` regular expression (ECMA-262 flavour via PCRE2).
struct PatternMatcher: Sendable {
    let source: String
    /// `source` as a JSON string, quotes included, as messages show it.
    let quotedSource: String
    let compiled: PCRE2Pattern

    /// ECMA-262 semantics (JSON Schema 2020-12 validation §6.3.3 says patterns are ECMA-262),
    /// not anchored, JIT, PCRE2's backtracking limits.
    static let options = PCRE2Pattern.Options(ecmaScriptCompatible: true)

    /// Compiles `source`.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/contractInvalid`` when it does not compile.
    init(_ source: String, at pointer: String) throws(SanitizeError) {
        self.source = source
        quotedSource = JSONValue.string(source).jsonText
        do {
            compiled = try PCRE2Pattern(PatternMatcher.translatePropertyNames(source), options: PatternMatcher.options)
        } catch {
            throw SanitizeError(.contractInvalid, "pattern \"\(source)\" does not compile: \(error)", at: .init(pointer: pointer))
        }
    }

    /// What matching one string gave.
    enum Outcome {
        case matched, notMatched
        /// PCRE2 stopped before it could tell (its match or depth limit: catastrophic
        /// backtracking). The value is refused, and the report says why.
        case gaveUp
    }

    /// Matches anywhere in the UTF-8 text (not anchored, as JSON Schema says).
    func match(_ utf8: UnsafeRawBufferPointer) -> Outcome {
        PatternMatcher.match(compiled, utf8)
    }

    /// Matches `compiled` anywhere in the UTF-8 text: what ``match(_:)`` does, for callers that
    /// hold the compiled pattern without the matcher around it.
    static func match(_ compiled: PCRE2Pattern, _ utf8: UnsafeRawBufferPointer) -> Outcome {
        do {
            return try compiled.matches(utf8) ? .matched : .notMatched
        } catch {
            return .gaveUp
        }
    }

    /// Whether the pattern matches anywhere in the UTF-8 text; giving up is not a match.
    func matches(_ utf8: UnsafeRawBufferPointer) -> Bool {
        match(utf8) == .matched
    }

    /// ECMA-262 long General_Category names (`\p{Letter}`, `\p{gc=Decimal_Number}`) that PCRE2
    /// 10.42 does not know, mapped to the short names it does (Unicode UAX #44 PropertyValueAliases).
    static let generalCategories: [String: String] = [
        "Letter": "L", "Cased_Letter": "L&", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt",
        "Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Combining_Mark": "M", "Nonspacing_Mark": "Mn",
        "Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N", "Decimal_Number": "Nd", "digit": "Nd",
        "Letter_Number": "Nl", "Other_Number": "No", "Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc",
        "Dash_Punctuation": "Pd", "Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
        "Final_Punctuation": "Pf", "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm", "Currency_Symbol": "Sc",
        "Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z", "Space_Separator": "Zs", "Line_Separator": "Zl",
        "Paragraph_Separator": "Zp", "Other": "C", "Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs",
        "Private_Use": "Co", "Unassigned": "Cn",
    ]

    /// Rewrites `\p{…}`/`\P{…}` names PCRE2 lacks; everything else is left as written.
    static func translatePropertyNames(_ source: String) -> String {
        guard source.contains("\\p{") || source.contains("\\P{") else { return source }
        var result = ""
        var rest = Substring(source)
        while let slash = rest.firstIndex(of: "\\") {
            result += rest[..<slash]
            let afterSlash = rest.index(after: slash)
            guard afterSlash < rest.endIndex else {
                result += rest[slash...]
                return result
            }
            let letter = rest[afterSlash]
            let afterLetter = rest.index(after: afterSlash)
            if letter == "p" || letter == "P", afterLetter < rest.endIndex, rest[afterLetter] == "{",
                let close = rest[afterLetter...].firstIndex(of: "}")
            {
                var name = String(rest[rest.index(after: afterLetter)..<close])
                for prefix in ["General_Category=", "gc=", "Script=", "sc=", "Script_Extensions=", "scx="] where name.hasPrefix(prefix) {
                    name = String(name.dropFirst(prefix.count))
                }
                result += "\\\(letter){\(generalCategories[name] ?? name)}"
                rest = rest[rest.index(after: close)...]
            } else {
                result += rest[slash...afterSlash]
                rest = rest[rest.index(after: afterSlash)...]
            }
        }
        result += rest
        return result
    }
}
