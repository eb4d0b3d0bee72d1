import Foundation
import SanitizeKit
import Testing

/// Every naughty string and injection payload, quoted by us and read back by the real
/// `sqlite3`, comes back byte for byte.
///
/// The SQL goes to `sqlite3` as command-line arguments, which it hands to `sqlite3_exec`
/// unchanged (its line reader for standard input would drop a CR before LF). Literals are
/// compared as `hex(...)`, so newlines and odd bytes compare exactly; identifiers are read
/// back as result column names in `-json` mode.
@Suite("SQLite reads back what SQL quoting wrote", .integration, .corpus(.naughtyStrings))
struct SQLiteRoundTripTests {
    /// Runs statements through one sqlite3 process, a few dozen per argument.
    static func sqlite(_ statements: [String], mode: [String] = []) throws -> ToolRun {
        var arguments = mode + [":memory:"]
        for start in stride(from: 0, to: statements.count, by: 40) {
            arguments.append(statements[start..<min(start + 40, statements.count)].joined(separator: "\n"))
        }
        return try ExternalTool.run("sqlite3", arguments)
    }

    @Test("literals: SELECT hex(<literal>) equals the input's UTF-8")
    func literals() throws {
        let values = TextCorpus.all
        #expect(values.count > 500)
        let statements = try values.enumerated().map { index, value in
            "SELECT '\(index):' || hex(\(try SQL.quoteLiteral(value, dialect: .sqlite)));"
        }
        let run = try Self.sqlite(statements)
        #expect(run.status == 0, "sqlite3 failed: \(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let results = indexedLines(run.output)
        #expect(results.count == values.count)
        for (index, value) in values.enumerated() {
            #expect(results[index]?.lowercased() == Array(value.utf8).hex, "value \(index): \(value.debugDescription)")
        }
    }

    @Test("identifiers: SELECT <index> AS <identifier> names the column exactly")
    func identifiers() throws {
        let values = TextCorpus.all.filter { !$0.isEmpty }
        let statements = try values.enumerated().map { index, value in
            "SELECT \(index) AS \(try SQL.quoteIdentifier(value, dialect: .sqlite));"
        }
        let run = try Self.sqlite(statements, mode: ["-json"])
        #expect(run.status == 0, "sqlite3 failed: \(run.stderr)")
        var names: [Int: String] = [:]
        for line in run.stdout.split(separator: 0x0A) {
            // JSONDecoder, not JSONSerialization: the latter drops U+FEFF inside strings.
            let rows = try JSONDecoder().decode([[String: Int]].self, from: Data(line))
            for (name, index) in rows.first ?? [:] { names[index] = name }
        }
        #expect(names.count == values.count)
        for (index, value) in values.enumerated() {
            #expect(names[index].map { Array($0.utf8) } == Array(value.utf8), "identifier \(index): \(value.debugDescription)")
        }
    }
}
