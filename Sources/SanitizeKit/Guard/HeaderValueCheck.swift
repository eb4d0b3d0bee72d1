/// Header safety checks from RFC 9110 §5.1 (field names are tokens) and §5.5 (field values).
///
/// A value may not hold CR, LF or NUL (the bytes of header injection and request smuggling),
/// nor any other control character except horizontal tab, and may not start or end with
/// whitespace (RFC 9110 §5.5: a field value does not include leading or trailing whitespace;
/// a client that sent it would depend on the recipient trimming it). Bytes from 0x80 up
/// (obs-text, e.g. UTF-8) are allowed.
package enum HeaderValueCheck {
    /// Whether `name` is an RFC 9110 §5.6.2 token: one or more of
    /// ``!#$%&'*+-.^_`|~``, digits and letters.
    /// - Parameter name: the field name (or method).
    /// - Returns: `true` when it is a token.
    package static func isToken(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { !$0.isEmpty && $0.allSatisfy(isTokenByte) }
    }

    /// Checks a field name.
    /// - Parameter name: the field name.
    /// - Returns: `nil` when valid, otherwise a `header-name-invalid` denial.
    package static func check(name: String) -> GuardDenial? {
        guard isToken(name) else {
            return GuardDenial(.headerNameInvalid, "header name \(quoted(name)) is not an RFC 9110 token")
        }
        return nil
    }

    /// Checks a field value (the name is used in the message only; the value never is).
    /// - Parameters:
    ///   - value: the field value.
    ///   - name: the field's name, for the message.
    /// - Returns: `nil` when valid, otherwise a `header-value-invalid` denial.
    package static func check(value: String, name: String) -> GuardDenial? {
        var value = value
        return value.withUTF8 { check(bytes: $0, name: name) }
    }

    private static func check(bytes: UnsafeBufferPointer<UInt8>, name: String) -> GuardDenial? {
        for byte in bytes where byte < 0x20 || byte == 0x7F {
            switch byte {
            case 0x0D, 0x0A:
                return GuardDenial(.headerValueInvalid, "value of \(quoted(name)) contains CR or LF")
            case 0x00:
                return GuardDenial(.headerValueInvalid, "value of \(quoted(name)) contains NUL")
            case 0x01...0x08, 0x0B...0x1F, 0x7F:
                return GuardDenial(.headerValueInvalid, "value of \(quoted(name)) contains a control character")
            default:
                continue
            }
        }
        if let first = bytes.first, first == 0x20 || first == 0x09 {
            return GuardDenial(.headerValueInvalid, "value of \(quoted(name)) has leading whitespace")
        }
        if let last = bytes.last, last == 0x20 || last == 0x09 {
            return GuardDenial(.headerValueInvalid, "value of \(quoted(name)) has trailing whitespace")
        }
        return nil
    }

    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// The name in quotes, with anything outside printable ASCII escaped, at most 64 bytes.
    static func quoted(_ name: String) -> String {
        var text = "\""
        for byte in name.utf8.prefix(64) {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                text.append(Character(Unicode.Scalar(byte)))
            } else {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        if name.utf8.count > 64 { text += "…" }
        return text + "\""
    }
}
