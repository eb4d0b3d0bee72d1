import SanitizeKit
import Testing

@Suite("SQL quoting rules")
struct SQLQuotingTests {
    @Test(
        "literals",
        arguments: [
            ("O'Reilly", SQLDialect.sqlite, "'O''Reilly'"),
            ("O'Reilly", .postgres, "'O''Reilly'"),
            ("a\\b", .postgres, "'a\\b'"),
            ("", .sqlite, "''"),
            ("O'Reilly", .mysql, "'O\\'Reilly'"),
            ("a\\b\"c\nd\re\u{1A}", .mysql, "'a\\\\b\\\"c\\nd\\re\\Z'"),
            ("café 🇪🇸", .mysql, "'café 🇪🇸'"),
        ])
    func literal(input: String, dialect: SQLDialect, expected: String) throws {
        #expect(try SQL.quoteLiteral(input, dialect: dialect) == expected)
    }

    @Test(
        "identifiers",
        arguments: [
            ("order", SQLDialect.sqlite, "\"order\""),
            ("a\"b", .postgres, "\"a\"\"b\""),
            ("a`b", .mysql, "`a``b`"),
            ("naïve", .mysql, "`naïve`"),
            (" a\t", .postgres, "\" a\t\""),
        ])
    func identifier(input: String, dialect: SQLDialect, expected: String) throws {
        #expect(try SQL.quoteIdentifier(input, dialect: dialect) == expected)
    }

    @Test("NUL is refused with its offset", arguments: SQLDialect.allCases)
    func nul(dialect: SQLDialect) {
        #expect(throws: SanitizeError(.nulByte, "NUL byte at byte 2 cannot be quoted for SQL", at: .init(byteOffset: 2))) {
            try SQL.quoteLiteral("ab\u{0}c", dialect: dialect)
        }
        #expect(throws: SanitizeError.self) { try SQL.quoteIdentifier("\u{0}", dialect: dialect) }
    }

    @Test("invalid UTF-8 bytes are refused with their offset")
    func invalidUTF8() {
        let bytes: [UInt8] = [0x61, 0x27, 0xC3, 0x28]
        do {
            var output: [UInt8] = []
            try bytes.withUnsafeBytes { try SQL.quoteLiteral(utf8: $0, dialect: .sqlite, into: &output) }
            Issue.record("no error")
        } catch let error as SanitizeError {
            #expect(error.code == .invalidUTF8)
            #expect(error.location?.byteOffset == 2)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("identifiers the database would change are refused")
    func refusedIdentifiers() throws {
        #expect(throws: SanitizeError.self) { try SQL.quoteIdentifier("", dialect: .sqlite) }
        #expect(throws: SanitizeError.self) { try SQL.quoteIdentifier(String(repeating: "a", count: 64), dialect: .postgres) }
        #expect(try SQL.quoteIdentifier(String(repeating: "a", count: 63), dialect: .postgres).count == 65)
        #expect(throws: SanitizeError.self) { try SQL.quoteIdentifier("😀", dialect: .mysql) }
        #expect(throws: SanitizeError.self) { try SQL.quoteIdentifier("a ", dialect: .mysql) }
        #expect(throws: SanitizeError.self) { try SQL.quoteIdentifier(String(repeating: "é", count: 65), dialect: .mysql) }
        #expect(try SQL.quoteIdentifier(String(repeating: "é", count: 64), dialect: .mysql).unicodeScalars.count == 66)
    }

    /// Found against a real MariaDB (MariaDBRoundTripTests): the server drops a leading space or
    /// ASCII control character from an alias and refuses a name ending in any ASCII white space.
    @Test(
        "MySQL identifiers with white space or a control character at an edge are refused",
        arguments: [
            (" a", 0), ("\ta", 0), ("\u{1A}'", 0), ("\u{7F}a", 0), ("\u{1}", 0), ("\t'\t", 0),
            ("a ", 1), ("a\t", 1), ("a\n", 1), ("a\u{0B}", 1), ("a\u{0C}", 1), ("a\r", 1),
        ])
    func mysqlEdges(name: String, offset: Int) {
        do {
            _ = try SQL.quoteIdentifier(name, dialect: .mysql)
            Issue.record("\(name.debugDescription) was accepted")
        } catch let error as SanitizeError {
            #expect(error.code == .invalidSQLIdentifier)
            #expect(error.location?.byteOffset == offset)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(
        "MySQL identifiers keep inner white space, other trailing controls and non-ASCII spaces",
        arguments: ["a b", "a\u{1A}", "a\u{7F}", "a\u{1}", "\u{A0}a\u{A0}", "\u{3000}a", "a\u{85}", "\u{FEFF}a"])
    func mysqlKeptEdges(name: String) throws {
        #expect(try SQL.quoteIdentifier(name, dialect: .mysql) == "`\(name)`")
    }

    @Test("dialect names", arguments: [("sqlite", SQLDialect.sqlite), ("PostgreSQL", .postgres), ("mariadb", .mysql)])
    func dialectNames(name: String, dialect: SQLDialect) {
        #expect(SQLDialect(name: name) == dialect)
    }

    @Test("every MySQL literal of the corpus escapes each special byte", .corpus(.naughtyStrings))
    func mysqlLiteralShape() throws {
        // Without a server (MariaDBRoundTripTests has one): check the mysql_real_escape_string
        // rules structurally by undoing them and comparing with the input.
        for value in TextCorpus.all {
            let quoted = Array(try SQL.quoteLiteral(value, dialect: .mysql).utf8)
            #expect(quoted.first == 0x27 && quoted.last == 0x27)
            var decoded: [UInt8] = []
            var i = 1
            let unescape: [UInt8: UInt8] = [0x5C: 0x5C, 0x27: 0x27, 0x22: 0x22, 0x6E: 0x0A, 0x72: 0x0D, 0x5A: 0x1A]
            while i < quoted.count - 1 {
                if quoted[i] == 0x5C, let original = unescape[quoted[i + 1]] {
                    decoded.append(original)
                    i += 2
                } else {
                    #expect(![0x5C, 0x27, 0x22, 0x0A, 0x0D, 0x1A].contains(quoted[i]), "raw special byte in \(value.debugDescription)")
                    decoded.append(quoted[i])
                    i += 1
                }
            }
            #expect(decoded == Array(value.utf8))
        }
    }
}

/// The word-at-a-time fast path against a byte-by-byte reference, with special bytes at every
/// position of strings around the 8-byte word size.
@Suite("Quoting fast path")
struct QuotingFastPathTests {
    static func reference(_ value: String, quote: Character, replacements: [Character: String]) -> String {
        // Per scalar: "\r\n" is one Character but two bytes to escape.
        String(quote) + value.unicodeScalars.map { replacements[Character($0)] ?? String($0) }.joined() + String(quote)
    }

    @Test("agrees with a naive quoter on 20 000 random strings")
    func randomStrings() throws {
        var generator = SeededGenerator(seed: 99)
        let alphabet: [Character] = ["a", "b", "'", "\"", "`", "\\", "\n", "\r", "\u{1A}", "é", "😀", " "]
        let mysql: [Character: String] = ["\\": "\\\\", "'": "\\'", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\u{1A}": "\\Z"]
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 40)
            let value = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            #expect(try SQL.quoteLiteral(value, dialect: .sqlite) == Self.reference(value, quote: "'", replacements: ["'": "''"]))
            #expect(try SQL.quoteLiteral(value, dialect: .mysql) == Self.reference(value, quote: "'", replacements: mysql))
            #expect(try Shell.quote(value) == Self.reference(value, quote: "'", replacements: ["'": "'\\''"]))
            if !value.isEmpty {
                #expect(try SQL.quoteIdentifier(value, dialect: .sqlite) == Self.reference(value, quote: "\"", replacements: ["\"": "\"\""]))
            }
        }
    }

    @Test("NUL is found at every position", arguments: 0..<20)
    func nulPositions(position: Int) {
        let value = String(repeating: "a", count: position) + "\u{0}" + String(repeating: "b", count: 19 - position)
        #expect(throws: SanitizeError(.nulByte, "NUL byte at byte \(position) cannot be quoted for SQL", at: .init(byteOffset: position))) {
            try SQL.quoteLiteral(value, dialect: .postgres)
        }
    }
}
