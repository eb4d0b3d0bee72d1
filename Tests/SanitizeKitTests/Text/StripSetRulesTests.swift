import Foundation
import SanitizeKit
import Testing

@Suite("Strip sets as rules")
struct StripSetRulesTests {
    @Test("the compiled-in sets equal Rules/text/strip-sets.json")
    func compiledInMatchesRules() throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("Rules/text/strip-sets.json").path
        let fromFile = try StripSet.namedSets(contentsOfFile: path)
        #expect(fromFile["sql"] == SQL.defaultStripSet)
        #expect(fromFile["shell"] == Shell.defaultStripSet)
        #expect(SQL.defaultStripSet.characters == Set("%'\";\\/\t\r\n".unicodeScalars))
        #expect(SQL.defaultStripSet.sequences == ["--", "/*"])
        #expect(Shell.defaultStripSet.characters == Set("|&;<>()$`\\\"' \t\n\r*?[]#~{}!^".unicodeScalars))
    }

    @Test("a broken or missing file is a configuration error")
    func broken() {
        #expect(throws: SanitizeError.self) { try StripSet.namedSets(fromJSON: Array("{\"sets\": 3}".utf8)) }
        #expect(throws: SanitizeError.self) { try StripSet.namedSets(contentsOfFile: "/nonexistent/strip-sets.json") }
    }
}

/// The compiled-in copy is an internal raw string literal; this test reads it from the source
/// file and compares it with the rules file, byte for byte.
@Suite("Compiled-in strip sets file")
struct CompiledInStripSetsFileTests {
    @Test("DefaultStripSets.swift holds Rules/text/strip-sets.json byte for byte")
    func bytes() throws {
        let root = Fixtures.repositoryRoot
        let rules = try Data(contentsOf: root.appendingPathComponent("Rules/text/strip-sets.json"))
        let source = try String(contentsOf: root.appendingPathComponent("Sources/SanitizeKit/Text/DefaultStripSets.swift"), encoding: .utf8)
        let start = try #require(source.range(of: "#\"\"\"\n"))
        let end = try #require(source.range(of: "\n\"\"\"#"))
        // A multi-line literal drops the newline just before its closing delimiter.
        let embedded = String(source[start.upperBound..<end.lowerBound])
        #expect(Array(embedded.utf8) == Array(rules))
    }
}
