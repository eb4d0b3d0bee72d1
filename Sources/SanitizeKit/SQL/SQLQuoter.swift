/// The quoters of each SQL dialect (see ``ByteQuoter`` for the loop).
enum SQLQuoter {
    /// `'…'` with `'` doubled: SQLite and PostgreSQL string literals.
    static let doubling = ByteQuoter(quote: 0x27, replacements: [0x27: [0x27, 0x27]])
    /// `"…"` with `"` doubled: SQLite and PostgreSQL identifiers.
    static let doubleQuotedIdentifier = ByteQuoter(quote: 0x22, replacements: [0x22: [0x22, 0x22]])
    /// `` `…` `` with `` ` `` doubled: MySQL identifiers.
    static let backtickIdentifier = ByteQuoter(quote: 0x60, replacements: [0x60: [0x60, 0x60]])
    /// MySQL string literal with backslash escapes, as `mysql_real_escape_string`:
    /// `\` `'` `"` LF CR Ctrl-Z become `\\` `\'` `\"` `\n` `\r` `\Z`.
    static let mysqlLiteral = ByteQuoter(
        quote: 0x27,
        replacements: [
            0x5C: [0x5C, 0x5C], 0x27: [0x5C, 0x27], 0x22: [0x5C, 0x22], 0x0A: [0x5C, 0x6E],
            0x0D: [0x5C, 0x72], 0x1A: [0x5C, 0x5A],
        ])

    /// The reason given for a NUL.
    static let nulReason = "cannot be quoted for SQL"
}

extension ByteQuoter {
    /// Appends the quoted form of `bytes` to `output` (SQL wording for a NUL).
    func quote(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) throws {
        try quote(bytes, appendingTo: &output, nulReason: SQLQuoter.nulReason)
    }
}
