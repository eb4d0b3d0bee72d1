/// What each database accepts as a quoted identifier without changing it.
enum SQLIdentifierRules {
    /// PostgreSQL keeps at most NAMEDATALEN − 1 = 63 bytes of an identifier.
    static let postgresMaxBytes = 63
    /// MySQL and MariaDB names are at most 64 characters.
    static let mysqlMaxCharacters = 64

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
            if bytes[bytes.count - 1] == 0x20 {
                throw SanitizeError(
                    .invalidSQLIdentifier, "MySQL names cannot end with a space",
                    at: .init(byteOffset: bytes.count - 1))
            }
        }
    }
}
