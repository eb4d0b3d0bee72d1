/// Parses `WWW-Authenticate` and `Proxy-Authenticate` field values (RFC 9110 §11.2–§11.3,
/// §5.6.1 lists, §5.6.4 quoted strings, §11.2 token68).
///
/// ```
/// challenge   = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
/// auth-param  = token BWS "=" BWS ( token / quoted-string )
/// token68     = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
/// ```
/// Several challenges may share one field and several fields may be given: they form one
/// list. Commas separate both challenges and parameters; an element `token =` is a parameter,
/// any other element starts a new challenge. Empty list elements are skipped (§5.6.1.2), also
/// between a scheme and its first parameter: `Basic , realm="foo"` is one Basic challenge
/// with realm `foo`. A comma straight after the scheme (`Basic, realm="foo"`) ends the
/// challenge, since the grammar wants a space there, so the parameter belongs to none.
///
/// Field values are bytes. A byte above 0x7F inside a quoted string is obs-text
/// (RFC 9110 §5.6.4): ``parse(bytes:)`` reads each such byte as the ISO-8859-1 character of
/// that value (`realm="foo-\xE4"` is `foo-ä`; the UTF-8 bytes of `ä` read as `Ã¤`), the
/// historical charset of field values (RFC 9110 §5.5) and what the greenbytes httpauth cases
/// expect; ``parse(_:)-([String])`` takes text a client has already decoded and keeps its
/// characters.
///
/// Refused, with the byte offset: NUL, CR, LF or other controls (but tab); bytes above 0x7E
/// outside a quoted string; a parameter without a challenge or without a value; a duplicate
/// parameter name in one challenge; an unterminated quoted string; more than
/// ``Limits/maxChallenges`` challenges, ``Limits/maxParameters`` parameters per challenge, or
/// ``Limits/maxFieldBytes`` bytes in all.
public enum AuthChallengeParser {
    /// Bounds on what one parse reads.
    package enum Limits {
        /// The most bytes of all field values together.
        package static let maxFieldBytes = 16384
        /// The most challenges.
        package static let maxChallenges = 16
        /// The most parameters in one challenge.
        package static let maxParameters = 32
    }

    /// Why a field value is not a valid challenge list: a stable code, a sentence, and where.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// A stable identifier (`challenge-syntax`, `challenge-control`, `challenge-duplicate`,
        /// `challenge-limit`, `challenge-empty`).
        package var code: String
        /// What is wrong, for people; never repeats the field's text.
        package var text: String
        /// The byte offset in the joined field values (fields joined with `, `).
        package var offset: Int

        /// `code at byte N: text`.
        public var description: String { "\(code) at byte \(offset): \(text)" }
    }

    /// Parses one or more field values into challenges, in order.
    ///
    /// The values are text a client has already decoded: a character above U+007E inside a
    /// quoted string is kept as it is. For the field's bytes as received, use ``parse(bytes:)``.
    /// - Parameter fields: the values of every `WWW-Authenticate` (or `Proxy-Authenticate`) field.
    /// - Returns: at least one challenge, or the first reason the list is not valid.
    public static func parse(_ fields: [String]) -> Result<[AuthChallenge], Failure> {
        parse(joined: Array(fields.joined(separator: ", ").utf8), obsTextAsLatin1: false)
    }

    /// Parses field values given as the bytes received: inside a quoted string each byte above
    /// 0x7F (obs-text, RFC 9110 §5.6.4) is the ISO-8859-1 character of that value, so any byte
    /// sequence reads the same way whether or not it happens to be UTF-8.
    /// - Parameter fields: the bytes of every `WWW-Authenticate` (or `Proxy-Authenticate`) field.
    /// - Returns: at least one challenge, or the first reason the list is not valid; offsets
    ///   count bytes of the fields joined with `, `.
    package static func parse(bytes fields: [[UInt8]]) -> Result<[AuthChallenge], Failure> {
        var joined: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { joined += [0x2C, 0x20] }
            joined += field
            // Stop copying early: the limit below refuses the whole list anyway.
            if joined.count > Limits.maxFieldBytes { break }
        }
        return parse(joined: joined, obsTextAsLatin1: true)
    }

    /// The shared parse of the joined field bytes.
    private static func parse(joined: [UInt8], obsTextAsLatin1: Bool) -> Result<[AuthChallenge], Failure> {
        guard joined.count <= Limits.maxFieldBytes else {
            return .failure(
                Failure(code: "challenge-limit", text: "fields longer than \(Limits.maxFieldBytes) bytes", offset: 0))
        }
        var reader = Reader(bytes: joined, obsTextAsLatin1: obsTextAsLatin1)
        do {
            let challenges = try reader.challenges()
            guard !challenges.isEmpty else {
                return .failure(Failure(code: "challenge-empty", text: "no challenge in the field", offset: 0))
            }
            return .success(challenges)
        } catch {
            return .failure(error)
        }
    }

    /// ``parse(_:)`` for one field value.
    /// - Parameter field: the field value.
    /// - Returns: the challenges, or the reason.
    package static func parse(_ field: String) -> Result<[AuthChallenge], Failure> { parse([field]) }

    /// A cursor over the bytes.
    private struct Reader {
        let bytes: [UInt8]
        /// Whether a byte above 0x7F in a quoted string is an ISO-8859-1 character (bytes
        /// received) rather than part of UTF-8 (text already decoded).
        let obsTextAsLatin1: Bool
        var index = 0

        func fail(_ code: String, _ text: String, at offset: Int? = nil) -> Failure {
            Failure(code: code, text: text, offset: offset ?? index)
        }

        var atEnd: Bool { index >= bytes.count }
        var current: UInt8? { atEnd ? nil : bytes[index] }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 { index += 1 }
        }

        /// Skips whitespace and empty list elements; `true` if a comma was crossed.
        mutating func skipSeparators() -> Bool {
            var crossed = false
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x2C {
                if byte == 0x2C { crossed = true }
                index += 1
            }
            return crossed
        }

        mutating func token() -> String? {
            let start = index
            while let byte = current, Self.isTokenByte(byte) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        mutating func challenges() throws(Failure) -> [AuthChallenge] {
            try checkBytes()
            var result: [AuthChallenge] = []
            _ = skipSeparators()
            while !atEnd {
                let start = index
                guard let scheme = token() else { throw fail("challenge-syntax", "expected an auth-scheme token") }
                if current == 0x3D || peekAfterWhitespace() == 0x3D {
                    throw fail(
                        "challenge-syntax",
                        result.isEmpty
                            ? "a parameter before any auth-scheme"
                            : "a parameter after a challenge that ended at a comma (a scheme and its parameters are separated by a space)",
                        at: start)
                }
                guard result.count < Limits.maxChallenges else {
                    throw fail("challenge-limit", "more than \(Limits.maxChallenges) challenges", at: start)
                }
                var challenge = AuthChallenge(scheme: scheme)
                try body(of: &challenge)
                result.append(challenge)
                _ = skipSeparators()
            }
            return result
        }

        /// The byte after any whitespace, without moving.
        func peekAfterWhitespace() -> UInt8? {
            var probe = index
            while probe < bytes.count, bytes[probe] == 0x20 || bytes[probe] == 0x09 { probe += 1 }
            return probe < bytes.count ? bytes[probe] : nil
        }

        /// Reads what follows a scheme: nothing, a token68, or parameters up to the next
        /// element that is not `name =`.
        mutating func body(of challenge: inout AuthChallenge) throws(Failure) {
            guard current == 0x20 else {
                guard atEnd || current == 0x2C else {
                    throw fail("challenge-syntax", "expected a space or a comma after the auth-scheme")
                }
                return
            }
            skipWhitespace()
            if atEnd { return }
            if current == 0x2C {
                // Empty list elements before the first parameter (`Basic , realm="x"`,
                // RFC 9110 §5.6.1.2): the parameters follow if the next element is `name =`;
                // any other element is the next challenge.
                let beforeSeparators = index
                _ = skipSeparators()
                let probe = index
                guard !atEnd, token() != nil, peekAfterWhitespace() == 0x3D else {
                    index = beforeSeparators
                    return
                }
                index = probe
            } else if let token68 = token68() {
                challenge.token68 = token68
                return
            }
            while true {
                let mark = index
                guard let name = token() else { throw fail("challenge-syntax", "expected a parameter name") }
                skipWhitespace()
                guard current == 0x3D else {
                    // Not `name =`: this element is the next challenge.
                    index = mark
                    return
                }
                index += 1
                skipWhitespace()
                let value: String
                if current == 0x22 {
                    value = try quotedString()
                } else if let plain = token() {
                    value = plain
                } else {
                    throw fail("challenge-syntax", "parameter \"\(name.lowercased())\" has no value")
                }
                let key = name.lowercased()
                if challenge.parameters.contains(where: { $0.name == key }) {
                    throw fail("challenge-duplicate", "parameter \"\(key)\" appears twice in one challenge", at: mark)
                }
                guard challenge.parameters.count < Limits.maxParameters else {
                    throw fail("challenge-limit", "more than \(Limits.maxParameters) parameters", at: mark)
                }
                challenge.parameters.append(AuthChallenge.Parameter(name: key, value: value))
                skipWhitespace()
                if atEnd { return }
                guard current == 0x2C else { throw fail("challenge-syntax", "expected a comma after a parameter") }
                let beforeSeparators = index
                _ = skipSeparators()
                if atEnd { return }
                // The next element belongs here only if it is `name =`.
                let probe = index
                if token() != nil, peekAfterWhitespace() == 0x3D {
                    index = probe
                    continue
                }
                index = beforeSeparators
                return
            }
        }

        /// A token68 when the rest of this element is exactly one (so `name=value` is not one).
        mutating func token68() -> String? {
            let start = index
            while let byte = current, AuthChallengeParser.isToken68Byte(byte) { index += 1 }
            guard index > start else { return nil }
            while current == 0x3D { index += 1 }
            var end = index
            skipWhitespace()
            if atEnd || current == 0x2C {
                while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            index = start
            return nil
        }

        /// A quoted-string (RFC 9110 §5.6.4); the cursor is on the opening quote.
        mutating func quotedString() throws(Failure) -> String {
            let open = index
            index += 1
            var value: [UInt8] = []
            while let byte = current {
                index += 1
                switch byte {
                case 0x22:
                    return String(decoding: value, as: UTF8.self)
                case 0x5C:
                    guard let escaped = current else { break }
                    append(escaped, to: &value)
                    index += 1
                default:
                    append(byte, to: &value)
                }
            }
            throw fail("challenge-syntax", "unterminated quoted string", at: open)
        }

        /// Appends one byte of a quoted string's value: as it is, or an obs-text byte as the
        /// UTF-8 of its ISO-8859-1 character (U+0080 to U+00FF) when reading received bytes.
        func append(_ byte: UInt8, to value: inout [UInt8]) {
            if obsTextAsLatin1 && byte > 0x7F {
                value.append(0xC0 | byte >> 6)
                value.append(0x80 | byte & 0x3F)
            } else {
                value.append(byte)
            }
        }

        /// Controls are refused everywhere; bytes above 0x7E only inside quoted strings.
        func checkBytes() throws(Failure) {
            var inQuotes = false
            var escaped = false
            for (offset, byte) in bytes.enumerated() {
                if byte < 0x20 && byte != 0x09 || byte == 0x7F {
                    throw fail("challenge-control", "control byte 0x\(String(byte, radix: 16)) in the field", at: offset)
                }
                if escaped {
                    escaped = false
                } else if inQuotes && byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inQuotes.toggle()
                } else if byte > 0x7E && !inQuotes {
                    throw fail("challenge-syntax", "a byte above 0x7E outside a quoted string", at: offset)
                }
            }
        }

        /// tchar (RFC 9110 §5.6.2).
        static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
            case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
                UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                true
            default: false
            }
        }

    }

    /// token68 characters before the `=` padding (RFC 9110 §11.2); RFC 6750's `b64token` is
    /// the same set.
    static func isToken68Byte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
            true
        default: false
        }
    }
}
