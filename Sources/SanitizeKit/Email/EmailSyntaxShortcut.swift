/// The commonest valid addresses, which a mode's built-in pattern surely matches, recognised in
/// one pass over their bytes without the regular-expression engine: an ASCII local part of
/// `atext` (RFC 5322 §3.2.3), "@", and a domain of DNS labels (1–63 letters, digits and hyphens,
/// no hyphen at an edge).
///
/// Only a "yes" is taken: it is a match the pattern would find, so the verdict is unchanged
/// (``EmailValidator`` still applies every check before and after the pattern; it asks only with
/// the mode's built-in pattern under the JIT, not with a pattern of your own nor when the
/// interpreter is asked for). Anything else (a quoted local part, an address literal, non-ASCII
/// bytes, a broken address) goes to PCRE2, which also decides every refusal and its reason.
/// `EmailSyntaxShortcutTests` holds each "yes" to PCRE2 on the built-in patterns.
enum EmailSyntaxShortcut {
    /// Whether the built-in pattern of `mode` surely matches the whole of `address`; `false`
    /// means "ask the pattern".
    /// - `html5` (`^[atext.]+@label(.label)*$`): local characters `atext` or ".", anywhere.
    /// - `rfc5321` and `international` (dot-string or quoted local part, then a domain):
    ///   a dot-string, `atext` runs joined by single dots (`international`'s pattern also takes
    ///   non-ASCII there and any label length; an ASCII dot-string and DNS labels are a subset).
    /// - `strict` and `lenient`: never (their patterns are other shapes).
    ///
    /// `labelsCheckedAfter` is the index of an "@" after which the caller has already checked
    /// every label of the domain as this does (``EmailStructure/aLabelDomainRejection(_:international:policy:)``,
    /// `rfc5321`'s structure check): when the local part ends at that "@", the domain is not
    /// walked a second time.
    static func surelyMatches(_ address: UnsafeRawBufferPointer, mode: EmailMode, labelsCheckedAfter checkedAt: Int? = nil) -> Bool {
        let dotsAnywhere: Bool
        switch mode {
        case .html5: dotsAnywhere = true
        case .rfc5321, .international: dotsAnywhere = false
        case .strict, .lenient: return false
        }
        // The local part: up to the first "@" (neither `atext` nor "." is one).
        var index = 0
        var previousWasDot = true  // a dot-string may not start with a dot
        while index < address.count {
            let byte = address[index]
            if byte == EmailStructure.at { break }
            if byte == EmailStructure.dot {
                if !dotsAnywhere && previousWasDot { return false }
                previousWasDot = true
            } else {
                guard isAtext(byte) else { return false }
                previousWasDot = false
            }
            index += 1
        }
        guard index > 0, index < address.count, dotsAnywhere || !previousWasDot else { return false }
        if index == checkedAt { return true }
        // The domain: labels to the end (an "@" in it is no letter, digit or hyphen).
        var labelStart = index + 1
        var cursor = labelStart
        while true {
            if cursor == address.count || address[cursor] == EmailStructure.dot {
                guard case .length = EmailStructure.asciiLabel(address, labelStart, cursor) else { return false }
                if cursor == address.count { return true }
                labelStart = cursor + 1
            }
            cursor += 1
        }
    }

    /// RFC 5322 §3.2.3 `atext`: ASCII letters, digits and ``!#$%&'*+-/=?^_`{|}~``. (A `switch`
    /// of ranges, not a table in a `static let`: that was read through a lazy-initialization
    /// check on every byte.)
    @inline(__always)
    private static func isAtext(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "!"), UInt8(ascii: "#")...UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"),
            UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^")...UInt8(ascii: "`"),
            UInt8(ascii: "{")...UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
