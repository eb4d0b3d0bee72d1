/// A table-driven quoter: opens with a quote byte, copies bytes, replaces the few that need
/// it with a two-byte escape, refuses NUL, and closes. One pass over bytes, no per-character
/// `String` work; the output is sized for the worst case up front.
struct SQLQuoter: Sendable {
    /// The opening and closing quote.
    let quote: UInt8
    /// For each byte: 0 copy it, 1 refuse it (NUL), otherwise write `\` + `escape[byte]`, or
    /// the byte twice when the escape is the byte itself and `doubles` is set.
    private let action: [UInt8]

    /// `'…'` with `'` doubled: SQLite and PostgreSQL string literals.
    static let doubling = SQLQuoter(quote: 0x27, doubled: [0x27], backslashEscapes: [:])
    /// `"…"` with `"` doubled: SQLite and PostgreSQL identifiers.
    static let doubleQuotedIdentifier = SQLQuoter(quote: 0x22, doubled: [0x22], backslashEscapes: [:])
    /// `` `…` `` with `` ` `` doubled: MySQL identifiers.
    static let backtickIdentifier = SQLQuoter(quote: 0x60, doubled: [0x60], backslashEscapes: [:])
    /// MySQL string literal with backslash escapes, as `mysql_real_escape_string`.
    static let mysqlLiteral = SQLQuoter(
        quote: 0x27, doubled: [],
        backslashEscapes: [0x5C: 0x5C, 0x27: 0x27, 0x22: 0x22, 0x0A: 0x6E, 0x0D: 0x72, 0x1A: 0x5A])

    private init(quote: UInt8, doubled: [UInt8], backslashEscapes: [UInt8: UInt8]) {
        self.quote = quote
        var action = [UInt8](repeating: 0, count: 256)
        action[0] = 1
        for byte in doubled { action[Int(byte)] = 2 }
        for (byte, escape) in backslashEscapes { action[Int(byte)] = escape | 0x80 }
        self.action = action
    }

    /// Appends the quoted form of `bytes` to `output`.
    /// - Throws: ``SanitizeError`` `nul-byte` with the offset of the first NUL.
    func quote(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) throws {
        let quoted = try self.quoted(bytes)
        if output.isEmpty {
            output = quoted
        } else {
            output.append(contentsOf: quoted)
        }
    }

    /// The quoted form of `bytes`; the hot loop writes through raw pointers into an array
    /// sized for the worst case (every byte escaped).
    func quoted(_ bytes: UnsafeRawBufferPointer) throws -> [UInt8] {
        let count = bytes.count
        let quote = self.quote
        var nulAt = -1
        let result = action.withUnsafeBufferPointer { action in
            UTF8Bytes.build(capacity: 2 * count + 2) { out in
                let table = action.baseAddress.unsafelyUnwrapped
                out[0] = quote
                var w = 1
                if let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) {
                    var i = 0
                    while i < count {
                        let byte = base[i]
                        let act = table[Int(byte)]
                        if act == 0 {
                            out[w] = byte
                            w += 1
                        } else if act == 2 {
                            out[w] = byte
                            out[w + 1] = byte
                            w += 2
                        } else if act == 1 {
                            nulAt = i
                            return 0
                        } else {
                            out[w] = 0x5C
                            out[w + 1] = act & 0x7F
                            w += 2
                        }
                        i += 1
                    }
                }
                out[w] = quote
                return w + 1
            }
        }
        if nulAt >= 0 {
            throw SanitizeError(
                .nulByte, "NUL byte at byte \(nulAt) cannot be quoted for SQL",
                at: .init(byteOffset: nulAt))
        }
        return result
    }
}
