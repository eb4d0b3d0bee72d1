/// Rewrites the parts of an ECMA-262 pattern that PCRE2 (with `PCRE2_UCP` off) reads differently.
///
/// - `\s` and `\S` (a class holding `\S` is rewritten whole): ECMA-262 §22.2.2.9 defines `\s` as WhiteSpace (§12.2) plus LineTerminator
///   (§12.3), a Unicode set, while PCRE2 without `PCRE2_UCP` matches ASCII whitespace only.
///   The set is spelled out (TAB, LF, VT, FF, CR, the `Zs` characters of Unicode 15, U+2028,
///   U+2029 and U+FEFF) in the `\uhhhh` form that `PCRE2_ALT_BSUX` reads.
/// - `\p{…}` and `\P{…}`: ECMA-262 §22.2.2.9 (UnicodePropertyValueExpression) accepts the long
///   names and aliases of General_Category values (`Letter`, `Decimal_Number`, `digit`), the
///   `General_Category=`/`gc=` form and `Script=`/`sc=`/`Script_Extensions=`/`scx=`; PCRE2
///   10.42 knows only the short names (`L`, `Nd`) and bare script names. They are mapped;
///   anything else is passed on for PCRE2 to accept or refuse.
/// - Escapes ECMA-262 does not define with the `u` flag (§22.2.1 `IdentityEscape` is only a
///   SyntaxCharacter or `/`) are refused, instead of being given PCRE2's meaning: `\a`, `\e`,
///   `\A`, `\z`, `\Z`, `\G`, `\Q`, `\E`, `\K`, `\h`, `\R`, `\X` and the like.
/// - `\uHHHH\uLLLL` surrogate pairs become `\u{…}`: one code point, as ECMA-262 reads them.
/// - `.` outside a class: ECMA-262 §22.2.2.7 lets it match anything but a LineTerminator (LF,
///   CR, U+2028, U+2029); PCRE2's `.` stops at LF only.
enum ECMAScriptPattern {
    /// ECMA-262's `.` without the `s` flag.
    static let anyButLineTerminator = #"[^\n\r\u2028\u2029]"#

    /// The whitespace set of ECMA-262 `\s`, for use inside a bracket class.
    static let whitespaceClassItems =
        #"\t\n\x0B\f\r \xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF"#

    /// Returns `pattern` with every unescaped `\s`/`\S`, `\v`, `\p{…}`/`\P{…}` and `.` rewritten for PCRE2.
    /// - Parameter pattern: an ECMA-262 pattern.
    /// - Returns: the pattern for PCRE2; unchanged when it holds no backslash and no dot.
    /// - Throws: ``SanitizeError`` coded `regex-compile` for an escape ECMA-262 does not define,
    ///   with its byte offset in `pattern`.
    static func translate(_ pattern: String) throws(SanitizeError) -> String {
        guard pattern.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: ".") }) else {
            return pattern
        }
        let scalars = Array(pattern.unicodeScalars)
        var result = String.UnicodeScalarView()
        var inClass = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\" where index < scalars.count:
                let escaped = scalars[index]
                index += 1
                guard isECMAScriptEscape(escaped, inClass: inClass) else {
                    throw escapeError(scalars, at: index - 2)
                }
                switch escaped {
                case "s":
                    result.append(contentsOf: (inClass ? whitespaceClassItems : "[\(whitespaceClassItems)]").unicodeScalars)
                case "S":
                    // Only outside a class: a class holding `\S` was rewritten whole, below.
                    result.append(contentsOf: "[^\(whitespaceClassItems)]".unicodeScalars)
                case "v":
                    // ECMA-262 ControlEscape `\v` is U+000B alone; PCRE2's `\v` is every
                    // vertical white space (LF, VT, FF, CR, NEL, U+2028, U+2029).
                    result.append(contentsOf: "\\x0B".unicodeScalars)
                case "u" where surrogatePair(scalars, at: index) != nil:
                    // ECMA-262 §22.2.1 RegExpUnicodeEscapeSequence: a \uHHHH\uLLLL surrogate
                    // pair is one code point; PCRE2 refuses surrogates, so write it as \u{…}.
                    let codePoint = surrogatePair(scalars, at: index) ?? 0
                    result.append(contentsOf: "\\u{\(String(codePoint, radix: 16, uppercase: true))}".unicodeScalars)
                    index += 10
                case "p", "P":
                    result.append("\\")
                    result.append(escaped)
                    if index < scalars.count, scalars[index] == "{",
                        let close = scalars[index...].firstIndex(of: "}")
                    {
                        let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                        result.append(contentsOf: "{\(propertyName(name))}".unicodeScalars)
                        index = close + 1
                    }
                default:
                    result.append("\\")
                    result.append(escaped)
                }
                continue
            case "." where !inClass:
                result.append(contentsOf: anyButLineTerminator.unicodeScalars)
                continue
            case "[" where !inClass:
                if let rewritten = try classHoldingNonSpace(scalars, openingAt: index - 1) {
                    result.append(contentsOf: rewritten.text.unicodeScalars)
                    index = rewritten.end
                    continue
                }
                inClass = true
            case "]" where inClass:
                inClass = false
            default:
                break
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// A bracket class that holds `\S`, rewritten without it, or nil when the class at `open`
    /// holds no `\S` (or is not closed, which PCRE2 then reports).
    ///
    /// A PCRE2 class cannot hold the complement of a set, so `[a\S]` becomes
    /// `(?:[a]|[^ws])` and `[^a\S]` (white space other than `a`) becomes `(?:(?![a])[ws])`,
    /// where `ws` is ECMA-262's white space.
    /// - Returns: the replacement text and the index after the class's `]`.
    private static func classHoldingNonSpace(
        _ scalars: [Unicode.Scalar], openingAt open: Int
    ) throws(SanitizeError) -> (text: String, end: Int)? {
        var index = open + 1
        let negated = index < scalars.count && scalars[index] == "^"
        if negated { index += 1 }
        var rest = String.UnicodeScalarView()
        var holdsNonSpace = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "]" {
                guard holdsNonSpace else { return nil }
                if rest.first == "^" { rest.insert("\\", at: rest.startIndex) }  // a literal ^, not negation
                let others = rest.isEmpty ? nil : try translate("[" + String(rest) + "]")
                let space = "[\(whitespaceClassItems)]"
                let nonSpace = "[^\(whitespaceClassItems)]"
                let text =
                    switch (negated, others) {
                    case (false, nil): nonSpace
                    case (false, let others?): "(?:\(others)|\(nonSpace))"
                    case (true, nil): space
                    case (true, let others?): "(?:(?!\(others))\(space))"
                    }
                return (text, index + 1)
            }
            if scalar == "\\", index + 1 < scalars.count {
                let escaped = scalars[index + 1]
                guard isECMAScriptEscape(escaped, inClass: true) else { throw escapeError(scalars, at: index) }
                if escaped == "S" {
                    holdsNonSpace = true
                } else {
                    rest.append(scalar)
                    rest.append(escaped)
                }
                index += 2
                continue
            }
            rest.append(scalar)
            index += 1
        }
        return nil
    }

    /// The code point of a `HHHH\uLLLL` surrogate pair starting at `index` (just after `\u`),
    /// or nil when there is none.
    private static func surrogatePair(_ scalars: [Unicode.Scalar], at index: Int) -> UInt32? {
        func hex(_ start: Int) -> UInt32? {
            guard start + 4 <= scalars.count else { return nil }
            return UInt32(String(String.UnicodeScalarView(scalars[start..<(start + 4)])), radix: 16)
        }
        guard let high = hex(index), (0xD800...0xDBFF).contains(high), index + 10 <= scalars.count,
            scalars[index + 4] == "\\", scalars[index + 5] == "u", let low = hex(index + 6),
            (0xDC00...0xDFFF).contains(low)
        else { return nil }
        return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    /// The compile error for the escape that starts at `index`, with its byte offset.
    private static func escapeError(_ scalars: [Unicode.Scalar], at index: Int) -> SanitizeError {
        let offset = String(String.UnicodeScalarView(scalars[..<index])).utf8.count
        let escape = index + 1 < scalars.count ? String(scalars[index + 1]) : ""
        return SanitizeError(
            .regexCompile, "pattern does not compile at offset \(offset): \\\(escape) is not an ECMA-262 escape",
            at: SanitizeError.Location(byteOffset: offset))
    }

    /// Whether `\` followed by `scalar` is an escape of ECMA-262 with the `u` flag (§22.2.1:
    /// CharacterEscape, CharacterClassEscape, DecimalEscape, `\b`/`\B`, `\k`, and in a class
    /// also `\-`).
    static func isECMAScriptEscape(_ scalar: Unicode.Scalar, inClass: Bool) -> Bool {
        switch scalar {
        case "f", "n", "r", "t", "v", "c", "0"..."9", "d", "D", "s", "S", "w", "W", "p", "P", "b", "x", "u",
            "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/":
            true
        case "B", "k": !inClass
        case "-": inClass
        default: false
        }
    }

    /// The PCRE2 spelling of an ECMA-262 property expression.
    static func propertyName(_ expression: String) -> String {
        guard let equals = expression.firstIndex(of: "=") else {
            return generalCategories[expression] ?? expression
        }
        let key = expression[..<equals]
        let value = String(expression[expression.index(after: equals)...])
        switch key {
        case "General_Category", "gc": return generalCategories[value] ?? value
        case "Script", "sc": return value
        case "Script_Extensions", "scx": return "scx:" + value
        default: return expression
        }
    }

    /// General_Category long names and aliases (Unicode PropertyValueAliases.txt) → PCRE2 names.
    static let generalCategories: [String: String] = [
        "Other": "C", "Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Unassigned": "Cn",
        "Private_Use": "Co", "Surrogate": "Cs", "Letter": "L", "Cased_Letter": "L&",
        "Lowercase_Letter": "Ll", "Modifier_Letter": "Lm", "Other_Letter": "Lo",
        "Titlecase_Letter": "Lt", "Uppercase_Letter": "Lu", "Mark": "M", "Combining_Mark": "M",
        "Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Nonspacing_Mark": "Mn", "Number": "N",
        "Decimal_Number": "Nd", "digit": "Nd", "Letter_Number": "Nl", "Other_Number": "No",
        "Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc", "Dash_Punctuation": "Pd",
        "Close_Punctuation": "Pe", "Final_Punctuation": "Pf", "Initial_Punctuation": "Pi",
        "Other_Punctuation": "Po", "Open_Punctuation": "Ps", "Symbol": "S", "Currency_Symbol": "Sc",
        "Modifier_Symbol": "Sk", "Math_Symbol": "Sm", "Other_Symbol": "So", "Separator": "Z",
        "Line_Separator": "Zl", "Paragraph_Separator": "Zp", "Space_Separator": "Zs", "LC": "L&",
    ]
}
