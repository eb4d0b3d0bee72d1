import Foundation
import SanitizeKit
import Testing

/// Every naughty string and injection payload, quoted by us, read back by a real PostgreSQL
/// server (standard_conforming_strings on, the default) as
/// `encode(convert_to(<literal>, 'UTF8'), 'hex')`: equal byte for byte. Identifiers are read
/// back from the catalog as the column name of a view.
@Suite("PostgreSQL reads back what SQL quoting wrote", .integration, .corpus(.naughtyStrings))
struct PostgresRoundTripTests {
    @Test("literals and identifiers round-trip through a real server")
    func roundTrip() throws {
        let server = try PostgresServer()
        defer { server.stop() }

        let settings = try server.psql("SHOW standard_conforming_strings;")
        #expect(settings.output.trimmingCharacters(in: .whitespacesAndNewlines) == "on")

        let values = TextCorpus.all
        var script = ""
        for (index, value) in values.enumerated() {
            let literal = try SQL.quoteLiteral(value, dialect: .postgres)
            script += "SELECT '\(index):' || encode(convert_to(\(literal), 'UTF8'), 'hex');\n"
        }
        let literals = try server.psql(script)
        #expect(literals.status == 0, "psql failed: \(literals.stderr)")
        let literalResults = indexedLines(literals.output)
        #expect(literalResults.count == values.count)
        for (index, value) in values.enumerated() {
            #expect(literalResults[index] == Array(value.utf8).hex, "value \(index): \(value.debugDescription)")
        }

        // Identifiers: PostgreSQL would truncate names over 63 bytes, so those are refused.
        var identifierScript = ""
        var expected: [Int: String] = [:]
        for (index, value) in values.enumerated() {
            if value.isEmpty || value.utf8.count > 63 {
                #expect(throws: SanitizeError.self) { try SQL.quoteIdentifier(value, dialect: .postgres) }
                continue
            }
            let name = try SQL.quoteIdentifier(value, dialect: .postgres)
            expected[index] = Array(value.utf8).hex
            identifierScript += """
                CREATE TEMP VIEW v AS SELECT 1 AS \(name);
                SELECT '\(index):' || encode(convert_to(attname::text, 'UTF8'), 'hex') FROM pg_attribute
                  WHERE attrelid = 'v'::regclass AND attnum > 0;
                DROP VIEW v;

                """
        }
        #expect(expected.count > 400)
        let identifiers = try server.psql(identifierScript)
        #expect(identifiers.status == 0, "psql failed: \(identifiers.stderr)")
        let identifierResults = indexedLines(identifiers.output)
        #expect(identifierResults == expected)
    }
}
