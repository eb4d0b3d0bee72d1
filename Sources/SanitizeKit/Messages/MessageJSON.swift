/// A small, strict JSON reader (RFC 8259) for message catalogs and server error bodies.
///
/// It builds a small tree, keeps the members of an object in order, and — unlike
/// `JSONSerialization`, which silently keeps one of two equal keys — reports a duplicate key
/// with its JSON Pointer. It accepts nothing that RFC 8259 rejects (no trailing comma, no
/// comment, no lone surrogate, no raw control character in a string) except one leading
/// UTF-8 byte order mark, and it stops at a nesting depth limit so no input can exhaust the stack.
struct MessageJSON {
    /// A parsed JSON value.
    indirect enum Value {
        case object([Member])
        case array([Value])
        case string(String)
        /// A number, as its source text (already checked against the RFC 8259 grammar).
        case number(String)
        case bool(Bool)
        case null

        /// The value of the first member named `key`, if this is an object.
        subscript(key: String) -> Value? {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
    }

    /// One member of an object, with the byte offset of its key for error messages.
    struct Member {
        var key: String
        var value: Value
        var keyOffset: Int
    }

    /// Why the bytes are not acceptable JSON, and where.
    struct Failure: Error {
        var reason: String
        var byteOffset: Int
        /// The JSON Pointer of the offending member, for a duplicate key.
        var pointer: String?
        var isDuplicateKey = false
    }

    private let bytes: [UInt8]
    private var index = 0
    private let maxDepth: Int
    /// The members and indices leading to the value being read, for a duplicate key's pointer.
    private var path: [PathStep] = []

    private enum PathStep {
        case key(String)
        case index(Int)

        var text: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    /// Objects with fewer members than this are checked for duplicates by a scan, not a set.
    private static let duplicateScanLimit = 16

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses one JSON text that fills `bytes` entirely.
    /// - Parameters:
    ///   - bytes: the UTF-8 text.
    ///   - maxDepth: the deepest nesting of arrays and objects accepted.
    /// - Returns: the value.
    /// - Throws: ``Failure`` for anything that is not one strict JSON text.
    static func parse(_ bytes: [UInt8], maxDepth: Int) throws(Failure) -> Value {
        var reader = MessageJSON(bytes: bytes, maxDepth: maxDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        let value = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.failure("unexpected bytes after the JSON value")
        }
        return value
    }

    /// The 1-based line and column (in bytes) of `offset` in `bytes`.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for position in 0..<min(offset, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// `segments` as a JSON Pointer (RFC 6901 §3: `~` as `~0`, `/` as `~1`).
    static func pointer(_ segments: [String]) -> String {
        JSONPointer(tokens: segments).description
    }

    private func failure(_ reason: String, at offset: Int? = nil) -> Failure {
        Failure(reason: reason, byteOffset: offset ?? index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> Value {
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of input") }
        let matches = literal.withUTF8Buffer { expected in
            expected.indices.allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw failure("unexpected character") }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> Value {
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
        index += 1
        var members: [Member] = []
        var seen: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a member name in double quotes")
            }
            let keyOffset = index
            let key = try parseString()
            let isDuplicate: Bool
            if members.count < Self.duplicateScanLimit {
                isDuplicate = members.contains { $0.key == key }
            } else {
                if seen.isEmpty { seen = Set(members.map(\.key)) }
                isDuplicate = !seen.insert(key).inserted
            }
            guard !isDuplicate else {
                var failure = failure("duplicate key \"\(key)\"", at: keyOffset)
                failure.pointer = MessageJSON.pointer(path.map(\.text) + [key])
                failure.isDuplicateKey = true
                throw failure
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':' after a member name")
            }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            let value = try parseValue(depth: depth)
            path.removeLast()
            members.append(Member(key: key, value: value, keyOffset: keyOffset))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> Value {
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
        index += 1
        var elements: [Value] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            path.append(.index(elements.count))
            elements.append(try parseValue(depth: depth))
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw failure("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseNumber() throws(Failure) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("malformed number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("malformed number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("malformed number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Reads a string token starting at its opening quote; checks UTF-8 and escapes.
    private mutating func parseString() throws(Failure) -> String {
        let start = index
        index += 1
        // Fast path: no escape before the closing quote, so the bytes are the text.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let contentStart = index
            let decoded = bytes.withUnsafeBufferPointer {
                String(validating: UnsafeBufferPointer(rebasing: $0[contentStart..<end]), as: UTF8.self)
            }
            guard let string = decoded else {
                throw failure("string is not valid UTF-8", at: start)
            }
            index = end + 1
            return string
        }
        var text = Array(bytes[index..<end])
        index = end
        while true {
            guard index < bytes.count else { throw failure("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw failure("string is not valid UTF-8", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                try parseEscape(into: &text)
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into text: inout [UInt8]) throws(Failure) {
        index += 1
        guard index < bytes.count else { throw failure("unterminated escape") }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("lone surrogate in \\u escape") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("lone surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure("lone surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
            text.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
