/// SQL quoting and stripping.
///
/// Quoting makes a value safe to splice into SQL text: the database reads back exactly the
/// value, byte for byte (proved in the tests against real SQLite, PostgreSQL and MariaDB).
/// Prefer bound parameters when the driver has them; quoting is for the places that cannot bind
/// (generated scripts, identifiers, `COPY` commands, logs meant to be replayed).
///
/// A NUL byte cannot be stored in a SQL text value by PostgreSQL and truncates C strings in
/// many drivers, and invalid UTF-8 is read differently by each database: both are thrown as
/// ``SanitizeError`` (`nul-byte`, `invalid-utf8`), never passed on.
///
/// ```swift
/// try SQL.quoteLiteral("O'Reilly", dialect: .postgres)    // 'O''Reilly'
/// try SQL.quoteIdentifier("order", dialect: .mysql)       // `order`
/// try SQL.strip("1'; DROP TABLE t; --")                   // 1 DROP TABLE t
/// ```
public enum SQL {
    /// Quotes `value` as a string literal of `dialect`.
    ///
    /// - SQLite and PostgreSQL (`standard_conforming_strings = on`): `'` is doubled and
    ///   nothing else changes (PostgreSQL docs §4.1.2.1, SQLite "SQL As Understood By SQLite",
    ///   literal values).
    /// - MySQL/MariaDB with backslash escapes on: `\` `'` `"` LF CR and Ctrl-Z become
    ///   `\\` `\'` `\"` `\n` `\r` `\Z`, as `mysql_real_escape_string` does (MySQL reference
    ///   manual, "String Literals"). This literal is wrong under `NO_BACKSLASH_ESCAPES`: use
    ///   the SQLite rules there.
    /// - Parameters:
    ///   - value: the text.
    ///   - dialect: the database.
    /// - Returns: the literal, quotes included.
    /// - Throws: ``SanitizeError`` `nul-byte` when `value` contains U+0000.
    public static func quoteLiteral(_ value: String, dialect: SQLDialect) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            try UTF8Bytes.with(value) { bytes in
                var output: [UInt8] = []
                try quoteLiteral(utf8: bytes, dialect: dialect, validatingUTF8: false, into: &output)
                return UTF8Bytes.string(output)
            }
        }
    }

    /// Quotes UTF-8 bytes as a string literal of `dialect`, appending to `output` (reuse one
    /// array across calls to avoid an allocation per value).
    /// - Parameters:
    ///   - bytes: the value as UTF-8: `[UInt8]`, `Data`, `String.UTF8View`, any collection of bytes.
    ///   - dialect: the database.
    ///   - validatingUTF8: check that `bytes` are well-formed UTF-8 first (default true).
    ///   - output: where the literal is appended.
    /// - Throws: ``SanitizeError`` `invalid-utf8` or `nul-byte`, with the byte offset.
    @inlinable
    public static func quoteLiteral(
        utf8 bytes: some Collection<UInt8>, dialect: SQLDialect, validatingUTF8: Bool = true,
        into output: inout [UInt8]
    ) throws {
        try ContiguousInput.with(bytes) {
            try quoteLiteral(utf8: $0, dialect: dialect, validatingUTF8: validatingUTF8, into: &output)
        }
    }

    /// Quotes UTF-8 bytes as a string literal of `dialect`, appending to `output`.
    /// - Parameters:
    ///   - bytes: the value as UTF-8.
    ///   - dialect: the database.
    ///   - validatingUTF8: check that `bytes` are well-formed UTF-8 first (default true).
    ///   - output: where the literal is appended.
    /// - Throws: ``SanitizeError`` `invalid-utf8` or `nul-byte`, with the byte offset.
    @usableFromInline
    package static func quoteLiteral(
        utf8 bytes: UnsafeRawBufferPointer, dialect: SQLDialect, validatingUTF8: Bool = true,
        into output: inout [UInt8]
    ) throws {
        if validatingUTF8 { try UTF8Validation.validate(bytes) }
        switch dialect {
        case .sqlite, .postgres:
            try SQLQuoter.doubling.quote(bytes, into: &output)
        case .mysql:
            try SQLQuoter.mysqlLiteral.quote(bytes, into: &output)
        }
    }

    /// Quotes `value` as an identifier (a table, column or alias name) of `dialect`.
    ///
    /// - SQLite, PostgreSQL: `"` … `"` with `"` doubled. PostgreSQL silently truncates an
    ///   identifier longer than 63 bytes (NAMEDATALEN − 1), so such a value is refused.
    /// - MySQL/MariaDB: `` ` `` … `` ` `` with `` ` `` doubled. MySQL allows only BMP
    ///   characters, at most 64 of them, no trailing space, TAB, LF, VT, FF or CR in names, and
    ///   drops a leading space or ASCII control character from aliases; other values are refused.
    /// - Parameters:
    ///   - value: the name.
    ///   - dialect: the database.
    /// - Returns: the quoted identifier.
    /// - Throws: ``SanitizeError`` `nul-byte`, or `invalid-sql-identifier` for an empty name
    ///   or one the database would not keep as it is.
    public static func quoteIdentifier(_ value: String, dialect: SQLDialect) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            try UTF8Bytes.with(value) { bytes in
                var output: [UInt8] = []
                try quoteIdentifier(utf8: bytes, dialect: dialect, validatingUTF8: false, into: &output)
                return UTF8Bytes.string(output)
            }
        }
    }

    /// Quotes UTF-8 bytes as an identifier of `dialect`, appending to `output`.
    /// - Parameters:
    ///   - bytes: the name as UTF-8.
    ///   - dialect: the database.
    ///   - validatingUTF8: check that `bytes` are well-formed UTF-8 first (default true).
    ///   - output: where the quoted identifier is appended.
    /// - Throws: ``SanitizeError`` `invalid-utf8`, `nul-byte` or `invalid-sql-identifier`.
    package static func quoteIdentifier(
        utf8 bytes: UnsafeRawBufferPointer, dialect: SQLDialect, validatingUTF8: Bool = true,
        into output: inout [UInt8]
    ) throws {
        if validatingUTF8 { try UTF8Validation.validate(bytes) }
        try SQLIdentifierRules.check(bytes, dialect: dialect)
        switch dialect {
        case .sqlite, .postgres:
            try SQLQuoter.doubleQuotedIdentifier.quote(bytes, into: &output)
        case .mysql:
            try SQLQuoter.backtickIdentifier.quote(bytes, into: &output)
        }
    }
}
