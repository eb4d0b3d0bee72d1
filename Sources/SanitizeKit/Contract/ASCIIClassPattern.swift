/// A `pattern` of the form `^[class]{m,n}$` (or `^\S*$`: one class escape instead of the
/// bracket) whose class lists printable ASCII characters, ranges, escaped punctuation, the
/// control escapes `\t \n \v \f \r` and the class escapes `\d \D \w \W \s \S`, such as
/// `^[A-Z]{2}$`, `^[A-Za-z0-9\-\.]{1,64}$` or FHIR's `^[ \r\n\t\S]+$`: decided on ASCII text
/// with a bit set and a length, no regular-expression engine.
///
/// On an ASCII subject the answer is exact both ways: `^` and `$` (end only, ECMA-262) hold
/// the whole subject, so it matches exactly when it has an allowed number of bytes, each
/// allowed. The class escapes take their ECMA-262 meaning (§22.2.2.9; `\s` is TAB, LF, VT,
/// FF, CR and space among ASCII), which is what the pattern compiles to (`PatternMatcher`).
/// A ``ShapeCheck`` uses it to say "matches"; the evaluator asks it first for ASCII strings
/// and PCRE2 for the rest (``ProgramBuffers/matchPattern(_:_:)``).
struct ASCIIClassPattern: Sendable, Equatable {
    /// The allowed bytes.
    private(set) var allowed = ASCIIByteSet(low: 0, high: 0)
    private(set) var minCount = 1
    private(set) var maxCount = 1

    /// One member of a class: a character, or a set of them (a class escape).
    private enum Member {
        case character(UInt8, escaped: Bool)
        case set(ASCIIByteSet)
    }

    /// Reads `^[class]quantifier$` or `^\Xquantifier$` (X one of `dDwWsS`); `nil` for any other
    /// pattern. The quantifier is `{m}`, `{m,n}`, `{m,}`, `+`, `*` or none.
    init?(_ source: String) {
        let bytes = Array(source.utf8)
        guard bytes.count >= 4, bytes[0] == UInt8(ascii: "^"), bytes.last == UInt8(ascii: "$") else { return nil }
        var members: [Member] = []
        var index = 1
        if bytes[1] == UInt8(ascii: "\\") {
            guard case .set(let set)? = Self.escape(bytes[2]) else { return nil }
            members.append(.set(set))
            index = 3
        } else {
            guard bytes[1] == UInt8(ascii: "["), bytes.count >= 5, bytes[2] != UInt8(ascii: "^"), bytes[2] != UInt8(ascii: "]") else {
                return nil
            }
            index = 2
            while true {
                guard index < bytes.count - 1 else { return nil }
                let byte = bytes[index]
                if byte == UInt8(ascii: "]") { break }
                guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "[") else { return nil }
                if byte == UInt8(ascii: "\\") {
                    guard let member = Self.escape(bytes[index + 1]) else { return nil }
                    members.append(member)
                    index += 2
                } else {
                    members.append(.character(byte, escaped: false))
                    index += 1
                }
            }
            index += 1
        }
        guard let (minimum, maximum) = Self.quantifier(bytes[index..<(bytes.count - 1)]) else { return nil }
        var position = 0
        while position < members.count {
            // A range is a character, an unescaped `-` and a character; a class escape at
            // either end is not read (ECMA-262 refuses it with the `u` flag).
            if position + 2 < members.count, case .character(UInt8(ascii: "-"), escaped: false) = members[position + 1] {
                guard case .character(let first, _) = members[position], case .character(let last, _) = members[position + 2],
                    first <= last
                else { return nil }
                for byte in first...last { allowed.insert(byte) }
                position += 3
                continue
            }
            switch members[position] {
            case .character(let byte, _): allowed.insert(byte)
            case .set(let set): allowed.formUnion(set)
            }
            position += 1
        }
        minCount = minimum
        maxCount = maximum
    }

    /// The member an escape `\X` stands for, or `nil` when it is not one this type reads.
    private static func escape(_ letter: UInt8) -> Member? {
        func set(_ bytes: [UInt8], negated: Bool) -> Member {
            var set = ASCIIByteSet(low: 0, high: 0)
            for byte in bytes { set.insert(byte) }
            return .set(negated ? ASCIIByteSet(low: ~set.low, high: ~set.high) : set)
        }
        let digits = Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
        let word = digits + Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + [UInt8(ascii: "_")]
        // ECMA-262 WhiteSpace and LineTerminator among ASCII: TAB, LF, VT, FF, CR, space.
        let space: [UInt8] = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20]
        switch letter {
        case UInt8(ascii: "d"), UInt8(ascii: "D"): return set(digits, negated: letter == UInt8(ascii: "D"))
        case UInt8(ascii: "w"), UInt8(ascii: "W"): return set(word, negated: letter == UInt8(ascii: "W"))
        case UInt8(ascii: "s"), UInt8(ascii: "S"): return set(space, negated: letter == UInt8(ascii: "S"))
        case UInt8(ascii: "t"): return .character(0x09, escaped: true)
        case UInt8(ascii: "n"): return .character(0x0A, escaped: true)
        case UInt8(ascii: "v"): return .character(0x0B, escaped: true)
        case UInt8(ascii: "f"): return .character(0x0C, escaped: true)
        case UInt8(ascii: "r"): return .character(0x0D, escaped: true)
        default:
            // ECMA-262's SyntaxCharacter, `/` and (in a class) `-`: escaped, they stand for themselves.
            guard Array("^$\\.*+?()[]{}|/-".utf8).contains(letter) else { return nil }
            return .character(letter, escaped: true)
        }
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
        for byte in bytes where !allowed.contains(byte) { return false }
        return true
    }
}
