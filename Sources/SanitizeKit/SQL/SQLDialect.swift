/// The SQL database whose quoting rules apply.
public enum SQLDialect: String, Sendable, Hashable, CaseIterable {
    /// SQLite: `'…'` with `''` for a quote; identifiers in `"…"` with `""`.
    case sqlite
    /// PostgreSQL with `standard_conforming_strings = on` (the default since 9.1): `'…'` with
    /// `''`, backslash is an ordinary character; identifiers in `"…"` with `""`, at most 63 bytes.
    case postgres
    /// MySQL and MariaDB with backslash escapes on (the default `sql_mode`, without
    /// `NO_BACKSLASH_ESCAPES`): `'…'` with `\\`, `\'`, `\"`, `\n`, `\r`, `\Z`; identifiers in
    /// backticks with doubled backticks.
    case mysql

    /// Reads a dialect name: `sqlite`, `postgres` (or `postgresql`), `mysql` (or `mariadb`).
    /// - Parameter name: the name, in any case.
    package init?(name: String) {
        switch name.lowercased() {
        case "sqlite", "sqlite3": self = .sqlite
        case "postgres", "postgresql", "pg": self = .postgres
        case "mysql", "mariadb": self = .mysql
        default: return nil
        }
    }
}
