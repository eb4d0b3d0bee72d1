/// A `pattern` of the form `^[class]{m,n}$` whose class lists printable ASCII characters and
/// ranges, such as `^[A-Z]{2}$` or `^[A-Za-z0-9 -]{2,10}$`: checked on ASCII text with a
/// bit set and a length, no regular-expression engine.
///
/// A ``ShapeCheck`` uses it only to say "matches" (an ASCII string of allowed characters and
/// allowed length matches the regular expression whatever its engine); anything else sends
/// the record to the general path, which runs the real pattern.
struct ASCIIClassPattern: Sendable, Equatable {
    /// Allowed bytes: bit `b` of `low` for `b < 64`, bit `b - 64` of `high` otherwise.
    private(set) var low: UInt64 = 0
    private(set) var high: UInt64 = 0
    private(set) var minCount = 1
    private(set) var maxCount = 1

    /// Reads `^[class]quantifier$`; `nil` for any other pattern. The quantifier is `{m}`,
    /// `{m,n}`, `{m,}`, `+`, `*` or none.
    init?(_ source: String) {
        let bytes = Array(source.utf8)
        guard bytes.count >= 5, bytes[0] == UInt8(ascii: "^"), bytes[1] == UInt8(ascii: "["), bytes.last == UInt8(ascii: "$"),
            let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 2
        else { return nil }
        let members = Array(bytes[2..<close])
        guard members[0] != UInt8(ascii: "^"),
            members.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "[") })
        else { return nil }
        var index = 0
        while index < members.count {
            let first = members[index]
            if index + 2 < members.count, members[index + 1] == UInt8(ascii: "-") {
                let last = members[index + 2]
                guard first <= last else { return nil }
                for byte in first...last { allow(byte) }
                index += 3
            } else {
                allow(first)
                index += 1
            }
        }
        guard let (minimum, maximum) = Self.quantifier(bytes[(close + 1)..<(bytes.count - 1)]) else { return nil }
        minCount = minimum
        maxCount = maximum
    }

    private mutating func allow(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    private static func quantifier(_ text: ArraySlice<UInt8>) -> (Int, Int)? {
        switch String(decoding: text, as: UTF8.self) {
        case "": return (1, 1)
        case "+": return (1, Int.max)
        case "*": return (0, Int.max)
        case let braces where braces.hasPrefix("{") && braces.hasSuffix("}"):
            let parts = braces.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.count <= 6 }),
                let minimum = Int(parts[0]), parts[0].allSatisfy(\.isNumber)
            else { return nil }
            if parts.count == 1 { return (minimum, minimum) }
            if parts[1].isEmpty { return (minimum, Int.max) }
            guard let maximum = Int(parts[1]), parts[1].allSatisfy(\.isNumber), minimum <= maximum else { return nil }
            return (minimum, maximum)
        default:
            return nil
        }
    }

    /// Whether ASCII `bytes` are all allowed and as many as the quantifier allows.
    @inline(__always)
    func matches(ascii bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= minCount, bytes.count <= maxCount else { return false }
        for byte in bytes {
            let bit = byte < 64 ? low >> UInt64(byte) : byte < 128 ? high >> UInt64(byte & 63) : 0
            if bit & 1 == 0 { return false }
        }
        return true
    }
}
