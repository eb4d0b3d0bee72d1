import Foundation
import SanitizeKit
import Testing

/// Every naughty string and injection payload, quoted by us for `.mysql`, read back by a real
/// MariaDB server (default `sql_mode`, so backslash escapes on; `SET NAMES utf8mb4`) as
/// `HEX(<literal>)`: equal byte for byte to the input's UTF-8. Identifiers are used as a column
/// alias, `CREATE TABLE t AS SELECT 1 AS <identifier>`, and the column's name is read back from
/// `information_schema.COLUMNS` as hex.
@Suite("MariaDB reads back what SQL quoting wrote", .integration, .corpus(.naughtyStrings))
struct MariaDBRoundTripTests {
    /// Names MySQL and MariaDB would not keep as they are, so the quoter must refuse them (the
    /// rules of `SQLIdentifierRules`, stated again independently): empty, more than 64
    /// characters, outside the BMP, or refused for an edge (``hasBadEdge(_:)``).
    static func mustBeRefused(_ name: String) -> Bool {
        name.isEmpty || name.unicodeScalars.count > 64 || name.unicodeScalars.contains { $0.value > 0xFFFF }
            || hasBadEdge(name)
    }

    /// Starts with a space, C0 control or DEL (dropped from an alias) or ends with a space, TAB,
    /// LF, VT, FF or CR (refused as a column name).
    static func hasBadEdge(_ name: String) -> Bool {
        guard let first = name.utf8.first, let last = name.utf8.last else { return false }
        return (0x01...0x20).contains(first) || first == 0x7F || last == 0x20 || (0x09...0x0D).contains(last)
    }

    /// Refused only for an edge: without ``hasBadEdge(_:)`` the name would be accepted.
    static func refusedOnlyForEdge(_ name: String) -> Bool {
        hasBadEdge(name) && name.unicodeScalars.count <= 64 && !name.unicodeScalars.contains { $0.value > 0xFFFF }
    }

    /// Every ASCII character but NUL, and a few non-ASCII spaces, as the first, a middle and the
    /// last character of a name: the edge rules checked exhaustively for ASCII.
    static let edgeNames: [String] = {
        let characters = (1...0x7F).map { String(UnicodeScalar(UInt8($0))) }
            + ["\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{FEFF}"]
        return characters.flatMap { ["\($0)x", "x\($0)x", "x\($0)"] }
    }()

    /// The statements that use `quoted` as a column alias and print the column's name as
    /// `<index>:<hex>`.
    static func aliasScript(_ quoted: String, index: Int) -> String {
        """
        CREATE TABLE t ENGINE=MEMORY AS SELECT 1 AS \(quoted);
        SELECT CONCAT('\(index):', HEX(COLUMN_NAME)) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = '\(MariaDBServer.database)' AND TABLE_NAME = 't';
        DROP TABLE t;

        """
    }

    @Test("literals and identifiers round-trip through a real server")
    func roundTrip() throws {
        let server = try MariaDBServer()
        defer { server.stop() }
        try checkSession(server)
        try checkLiterals(server)
        try checkIdentifiers(server)
    }

    /// Backslash escapes on (no `NO_BACKSLASH_ESCAPES` in `sql_mode`), utf8mb4 both ways.
    private func checkSession(_ server: MariaDBServer) throws {
        let settings = try server.query(
            "SELECT @@sql_mode, @@character_set_client, @@character_set_connection, @@character_set_results;")
        #expect(settings.status == 0 && settings.stderr.isEmpty, "mariadb failed: \(settings.stderr)")
        let fields = settings.output.trimmingCharacters(in: .newlines)
            .split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 4 && !fields[0].contains("NO_BACKSLASH_ESCAPES"), "\(settings.output)")
        #expect(fields.dropFirst() == ["utf8mb4", "utf8mb4", "utf8mb4"])
    }

    private func checkLiterals(_ server: MariaDBServer) throws {
        let values = TextCorpus.all
        #expect(values.count > 500)
        var script = ""
        for (index, value) in values.enumerated() {
            script += "SELECT CONCAT('\(index):', HEX(\(try SQL.quoteLiteral(value, dialect: .mysql))));\n"
        }
        let run = try server.query(script)
        #expect(run.status == 0 && run.stderr.isEmpty, "mariadb failed: \(run.stderr)")
        let results = indexedLines(run.output)
        #expect(results.count == values.count)
        for (index, value) in values.enumerated() {
            #expect(results[index]?.lowercased() == Array(value.utf8).hex, "value \(index): \(value.debugDescription)")
        }
    }

    private func checkIdentifiers(_ server: MariaDBServer) throws {
        let corpus = TextCorpus.all
        let names = corpus + Self.edgeNames
        var script = ""
        var expected: [Int: String] = [:]
        var refusedFromCorpus = 0
        var refusedForEdge: [Int] = []
        for (index, name) in names.enumerated() {
            guard let quoted = try? SQL.quoteIdentifier(name, dialect: .mysql) else {
                #expect(Self.mustBeRefused(name), "refused but should not be: \(name.debugDescription)")
                if index < corpus.count { refusedFromCorpus += 1 }
                if Self.refusedOnlyForEdge(name) { refusedForEdge.append(index) }
                continue
            }
            #expect(!Self.mustBeRefused(name), "accepted but should be refused: \(name.debugDescription)")
            expected[index] = Array(name.utf8).hex
            script += Self.aliasScript(quoted, index: index)
        }
        // From the corpus: 1 empty, 79 over 64 characters, 22 with a character outside the BMP,
        // 7 with white space or a control character at an edge. Of the edge names: 33 starting
        // with a space, C0 control or DEL, 6 ending with white space.
        #expect(refusedFromCorpus == 109)
        #expect(expected.count == corpus.count - refusedFromCorpus + Self.edgeNames.count - 39)

        let run = try server.query(script)
        #expect(run.status == 0 && run.stderr.isEmpty, "mariadb failed: \(run.stderr)")
        let results = indexedLines(run.output.lowercased())
        #expect(results.count == expected.count)
        for (index, hex) in expected.sorted(by: { $0.key < $1.key }) where results[index] != hex {
            Issue.record("identifier \(index): \(names[index].debugDescription) came back as \(results[index] ?? "nothing")")
        }

        // The other direction: quoted by hand, every name refused only for an edge is indeed
        // changed (leading byte dropped) or refused ("Incorrect column name") by the server, so
        // those rules are no stricter than they must be.
        #expect(refusedForEdge.count == 7 + 39)
        let hand = try server.query(
            refusedForEdge.map { Self.aliasScript("`\(names[$0].replacing("`", with: "``"))`", index: $0) }.joined())
        #expect(hand.stderr.contains("Incorrect column name"))
        let handResults = indexedLines(hand.output.lowercased())
        for index in refusedForEdge {
            #expect(handResults[index] != Array(names[index].utf8).hex, "kept as it is: \(names[index].debugDescription)")
        }
    }
}
