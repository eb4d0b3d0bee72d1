/// What each database accepts as a quoted identifier without changing it.
enum SQLIdentifierRules {
    /// PostgreSQL keeps at most NAMEDATALEN − 1 = 63 bytes of an identifier.
    static let postgresMaxBytes = 63
    /// MySQL and MariaDB names are at most 64 characters.
    static let mysqlMaxCharacters = 64

    /// A first byte MySQL and MariaDB drop from an alias (`SELECT 1 AS`, and so from the column
    /// `CREATE TABLE … AS SELECT` makes): space, the C0 controls and DEL, every byte that is not
    /// `my_isgraph` (`Name_string::copy` in MySQL, `Item::set_name` in MariaDB). NUL is left to
    /// the quoter, which refuses it as `nul-byte`.
    static func isMySQLStrippedLeadingByte(_ byte: UInt8) -> Bool {
        (0x01...0x20).contains(byte) || byte == 0x7F
    }

    /// A last byte that makes MySQL and MariaDB refuse a table or column name: space, TAB, LF,
    /// VT, FF, CR (`my_isspace` in `check_column_name`, "Incorrect column name").
    static func isMySQLRefusedTrailingByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Throws when `bytes` (well-formed UTF-8) would not survive as an identifier of `dialect`.
    static func check(_ bytes: UnsafeRawBufferPointer, dialect: SQLDialect) throws {
        guard !bytes.isEmpty else {
            throw SanitizeError(.invalidSQLIdentifier, "an identifier cannot be empty")
        }
        switch dialect {
        case .sqlite:
            return
        case .postgres:
            if bytes.count > postgresMaxBytes {
                throw SanitizeError(
                    .invalidSQLIdentifier,
                    "identifier is \(bytes.count) bytes; PostgreSQL keeps only \(postgresMaxBytes)",
                    at: .init(byteOffset: postgresMaxBytes))
            }
        case .mysql:
            guard let base = bytes.baseAddress else { return }
            var i = 0
            var characters = 0
            while i < bytes.count {
                let (value, length) = UTF8Bytes.scalar(base, at: i)
                if value > 0xFFFF {
                    throw SanitizeError(
                        .invalidSQLIdentifier,
                        "MySQL identifiers allow only Basic Multilingual Plane characters (byte \(i))",
                        at: .init(byteOffset: i))
                }
                characters += 1
                i += length
            }
            if characters > mysqlMaxCharacters {
                throw SanitizeError(
                    .invalidSQLIdentifier,
                    "identifier is \(characters) characters; MySQL allows \(mysqlMaxCharacters)")
            }
            if isMySQLStrippedLeadingByte(bytes[0]) {
                throw SanitizeError(
                    .invalidSQLIdentifier, "MySQL removes a leading space or control character from aliases",
                    at: .init(byteOffset: 0))
            }
            if isMySQLRefusedTrailingByte(bytes[bytes.count - 1]) {
                throw SanitizeError(
                    .invalidSQLIdentifier, "MySQL names cannot end with a space, TAB, LF, VT, FF or CR",
                    at: .init(byteOffset: bytes.count - 1))
            }
        }
    }
}
