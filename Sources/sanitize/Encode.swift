import ArgumentParser
import SanitizeCommandRuntime
import SanitizeKit

/// `sanitize encode KIND`: quote or percent-encode each line for one context.
struct Encode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode each line for a SQL, shell or URL context.",
        discussion: """
            sql-literal / sql-identifier quote for --dialect (sqlite by default); shell is POSIX \
            single-quote quoting of one argument; the url-* kinds percent-encode UTF-8 with the \
            WHATWG set of that URL part (% is always encoded; url-query also encodes & = + #). \
            url-path-segment refuses . and .. (and the empty value, unless --allow-empty), which \
            no encoding keeps from climbing out of the base path; url-path encodes a relative \
            path segment by segment with the same rule. shell --refuse-options refuses a value \
            that begins with - (the program would read it as an option).
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
        case urlPath = "url-path"
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

    @Flag(help: "For shell: refuse a value that begins with - (it would be read as an option).")
    var refuseOptions = false

    @Flag(help: "For url-path-segment and url-path: accept empty segments.")
    var allowEmpty = false

    @OptionGroup var input: LineInput

    func validate() throws {
        if dialect != nil && kind != .sqlLiteral && kind != .sqlIdentifier {
            throw ValidationError("--dialect applies only to sql-literal and sql-identifier.")
        }
        if refuseOptions && kind != .shell { throw ValidationError("--refuse-options applies only to shell.") }
        if allowEmpty && kind != .urlPathSegment && kind != .urlPath {
            throw ValidationError("--allow-empty applies only to url-path-segment and url-path.")
        }
    }

    func run() throws {
        let encoder = streamEncoder.prepared
        try LineLoop.run(input) { bytes, output in
            TextLine.written {
                try output.append(reservingCapacity: encoder.maxOutputCount(bytes.count)) { out in
                    try encoder.write(bytes, to: out)
                }
            }
        }
    }

    /// The library encoder for `kind` and `dialect`.
    private var streamEncoder: StreamEncoder {
        let dialect = (self.dialect ?? .sqlite).sqlDialect
        switch kind {
        case .sqlLiteral: return .sqlLiteral(dialect)
        case .sqlIdentifier: return .sqlIdentifier(dialect)
        case .shell: return refuseOptions ? .shellRefusingOptions : .shell
        case .urlPathSegment: return .urlPathSegment(allowingEmpty: allowEmpty)
        case .urlPath: return .urlPath(allowingEmpty: allowEmpty)
        default: return .percent(URLEncodingContext(rawValue: kind.rawValue)?.encodeSet ?? .component)
        }
    }
}
