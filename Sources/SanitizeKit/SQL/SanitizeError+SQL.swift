extension SanitizeError.Code {
    /// A value cannot be quoted as a SQL identifier for the chosen dialect (empty, too long,
    /// or holding a character the database does not allow in identifiers).
    package static let invalidSQLIdentifier = Self(rawValue: "invalid-sql-identifier")
}
