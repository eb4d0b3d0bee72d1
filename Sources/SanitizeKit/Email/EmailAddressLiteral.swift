/// The address literal of RFC 5321 §4.1.3: `[IPv4]` or `[IPv6:…]`.
enum EmailAddressLiteral {
    /// Whether the text between the brackets is an IPv4 address literal or an `IPv6:` one.
    ///
    /// RFC 5321 §4.1.3: `IPv4-address-literal = Snum 3("." Snum)` with `Snum` 1–3 digits of
    /// value 0–255; `IPv6-address-literal = "IPv6:" IPv6-addr`. A General-address-literal needs
    /// a tag registered with IANA, and none besides `IPv6` is, so any other tag is refused.
    /// - Parameter content: the bytes between `[` and `]`.
    /// - Returns: true when valid.
    static func isValid(_ content: ArraySlice<UInt8>) -> Bool {
        let prefix = Array("ipv6:".utf8)
        if content.count > prefix.count,
            zip(content.prefix(prefix.count), prefix).allSatisfy({ lowercased($0) == $1 })
        {
            return isIPv6(content.dropFirst(prefix.count))
        }
        return isIPv4(content)
    }

    /// `Snum 3("." Snum)`, each Snum 1–3 digits of value 0–255.
    static func isIPv4(_ text: ArraySlice<UInt8>) -> Bool {
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy(isDigit) else { return false }
            return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
        }
    }

    /// RFC 5321 §4.1.3 `IPv6-addr = IPv6-full / IPv6-comp / IPv6v4-full / IPv6v4-comp`.
    ///
    /// Full forms have 8 groups (6 and an IPv4 address); a compressed form has one `::`
    /// standing for at least two groups, so at most 6 other groups (4 with an IPv4 address).
    static func isIPv6(_ text: ArraySlice<UInt8>) -> Bool {
        var groups = text
        var groupBudget = 8
        if let lastColon = text.lastIndex(of: UInt8(ascii: ":")),
            text[text.index(after: lastColon)...].contains(UInt8(ascii: "."))
        {
            guard isIPv4(text[text.index(after: lastColon)...]) else { return false }
            groupBudget = 6
            // Keep the colon when it is half of a "::" right before the IPv4 part.
            let before = text[..<lastColon]
            groups = before.last == UInt8(ascii: ":") ? text[...lastColon] : before
        }
        let colon = UInt8(ascii: ":")
        let compressed = findDoubleColon(groups)
        if let compressed {
            let head = groups[..<compressed]
            let tail = groups[(compressed + 2)...]
            if findDoubleColon(tail) != nil { return false }
            guard let headCount = hexGroupCount(head, colon), let tailCount = hexGroupCount(tail, colon) else {
                return false
            }
            return headCount + tailCount <= groupBudget - 2
        }
        guard let count = hexGroupCount(groups, colon) else { return false }
        return count == groupBudget
    }

    /// The number of `IPv6-hex` groups in `text` (colon-separated, 1–4 hex digits each); 0 for
    /// empty text; nil when malformed.
    private static func hexGroupCount(_ text: ArraySlice<UInt8>, _ colon: UInt8) -> Int? {
        if text.isEmpty { return 0 }
        let parts = text.split(separator: colon, omittingEmptySubsequences: false)
        for part in parts {
            guard (1...4).contains(part.count), part.allSatisfy(isHexDigit) else { return nil }
        }
        return parts.count
    }

    private static func findDoubleColon(_ text: ArraySlice<UInt8>) -> Int? {
        var index = text.startIndex
        while index + 1 < text.endIndex {
            if text[index] == UInt8(ascii: ":") && text[index + 1] == UInt8(ascii: ":") { return index }
            index += 1
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
