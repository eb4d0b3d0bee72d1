/// Rewrites the parts of an ECMA-262 pattern that PCRE2 (with `PCRE2_UCP` off) reads differently.
///
/// Only `\s` and `\S` need it: ECMA-262 §22.2.2.9 defines `\s` as WhiteSpace (§12.2) plus
/// LineTerminator (§12.3), a Unicode set, while PCRE2 without `PCRE2_UCP` matches ASCII
/// whitespace only. The set is spelled out (TAB, LF, VT, FF, CR, the `Zs` characters of Unicode
/// 15, U+2028, U+2029 and U+FEFF) in the `\uhhhh` form that `PCRE2_ALT_BSUX` reads.
enum ECMAScriptPattern {
    /// The whitespace set of ECMA-262 `\s`, for use inside a bracket class.
    static let whitespaceClassItems =
        #"\t\n\x0B\f\r \xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF"#

    /// Returns `pattern` with every unescaped `\s`/`\S` replaced by an equivalent PCRE2 item.
    /// - Parameter pattern: an ECMA-262 pattern.
    /// - Returns: the pattern for PCRE2; unchanged when it holds no `\s` or `\S`.
    static func translate(_ pattern: String) -> String {
        guard pattern.utf8.contains(UInt8(ascii: "\\")) else { return pattern }
        var result = ""
        result.reserveCapacity(pattern.utf8.count + 16)
        var inClass = false
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                escaped = false
                switch scalar {
                case "s":
                    result += inClass ? whitespaceClassItems : "[\(whitespaceClassItems)]"
                case "S":
                    // A bracket class cannot hold a complement set: `\P{Xps}` (not Unicode
                    // `Z`, TAB, LF, VT, FF, CR) is the nearest item; it admits U+FEFF
                    // and excludes U+0085. See PCRE2Pattern.Options.
                    result += inClass ? #"\P{Xps}"# : "[^\(whitespaceClassItems)]"
                default:
                    result.unicodeScalars.append("\\")
                    result.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\\":
                escaped = true
                continue
            case "[" where !inClass:
                inClass = true
            case "]" where inClass:
                inClass = false
            default:
                break
            }
            result.unicodeScalars.append(scalar)
        }
        if escaped { result.unicodeScalars.append("\\") }  // PCRE2 reports the trailing `\`
        return result
    }
}
