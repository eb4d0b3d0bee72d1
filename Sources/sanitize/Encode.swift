import ArgumentParser
import SanitizeKit

/// `sanitize encode KIND`: quote or percent-encode each line for one context.
struct Encode: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Encode each line for a SQL, shell or URL context.",
        discussion: """
            sql-literal / sql-identifier quote for --dialect (sqlite by default); shell is POSIX \
            single-quote quoting of one argument; the url-* kinds percent-encode UTF-8 with the \
            WHATWG set of that URL part (% is always encoded; url-query also encodes & = + #).
            A line with invalid UTF-8, or a NUL for SQL and shell, is rejected: an empty output \
            line, the reason with its byte offset on standard error, exit status 1.
            """)

    /// What to encode for.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case sqlLiteral = "sql-literal"
        case sqlIdentifier = "sql-identifier"
        case shell
        case urlComponent = "url-component"
        case urlPathSegment = "url-path-segment"
        case urlQuery = "url-query"
        case urlForm = "url-form"
        case urlUserinfo = "url-userinfo"
        case urlFragment = "url-fragment"
        case urlRFC3986 = "url-rfc3986"
    }

    /// The SQL dialect option.
    enum Dialect: String, ExpressibleByArgument, CaseIterable {
        case sqlite, postgres, mysql

        var sqlDialect: SQLDialect {
            switch self {
            case .sqlite: return .sqlite
            case .postgres: return .postgres
            case .mysql: return .mysql
            }
        }
    }

    @Argument(help: ArgumentHelp("The context to encode for.", valueName: "kind"))
    var kind: Kind

    @Option(help: "The SQL dialect, for sql-literal and sql-identifier (mysql also means MariaDB).")
    var dialect: Dialect?

    @OptionGroup var input: LineInput

    func validate() throws {
        if dialect != nil && kind != .sqlLiteral && kind != .sqlIdentifier {
            throw ValidationError("--dialect applies only to sql-literal and sql-identifier.")
        }
    }

    func run() throws {
        let dialect = (self.dialect ?? .sqlite).sqlDialect
        let kind = self.kind
        let urlSet = URLEncodingContext(rawValue: kind.rawValue)?.encodeSet
        // One output array for all lines: each line's encoding is written into it, so no
        // line allocates (the loop consumes the array before the next line clears it).
        var output: [UInt8] = []
        try LineLoop.run(input) { bytes in
            output.removeAll(keepingCapacity: true)
            return TextLine.outcome {
                switch kind {
                case .sqlLiteral:
                    try SQL.quoteLiteral(utf8: bytes, dialect: dialect, into: &output)
                case .sqlIdentifier:
                    try SQL.quoteIdentifier(utf8: bytes, dialect: dialect, into: &output)
                case .shell:
                    try Shell.quote(utf8: bytes, into: &output)
                default:
                    try UTF8Validation.validate(bytes)
                    PercentEncoding.encode(utf8: bytes, using: urlSet ?? .component, into: &output)
                }
                return output
            }
        }
    }
}
