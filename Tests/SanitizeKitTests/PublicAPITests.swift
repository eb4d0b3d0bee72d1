import Foundation
import Testing

/// `docs/API.md` lists what SanitizeKit promises (issue #18). These tests read the library's
/// sources (found from this file's `#filePath`) and keep the list, the code and the budget in
/// step: the public surface may not grow past 250 declarations, every public declaration must
/// be listed, and every listed symbol must still be public.
@Suite("Public API")
struct PublicAPITests {
    /// The most public declarations SanitizeKit may have, counted as `PublicSurface` counts.
    static let budget = 250

    @Test("SanitizeKit has at most 250 public declarations, counted as docs/API.md says")
    func withinBudget() throws {
        let surface = try PublicSurface.sanitizeKit()
        #expect(surface.publicLineCount <= Self.budget, "\(surface.publicLineCount) public declarations; see docs/API.md")
        // The count is the grep of docs/API.md: it sees more than the declarations themselves.
        #expect(surface.publicLineCount >= surface.declarations.count)
    }

    @Test("every public declaration of SanitizeKit is listed in docs/API.md")
    func everyDeclarationListed() throws {
        let listed = try PublicSurface.listedSymbols()
        let missing = try PublicSurface.sanitizeKit().declarations.filter { !listed.contains($0.symbol) }
        #expect(missing.isEmpty, "not in docs/API.md: \(missing.map { "\($0.symbol) (\($0.place))" })")
    }

    @Test("every symbol docs/API.md lists for SanitizeKit is public")
    func everyListedSymbolPublic() throws {
        let declared = Set(try PublicSurface.sanitizeKit().declarations.map(\.symbol))
        let stale = try PublicSurface.listedSymbols().subtracting(declared)
        #expect(stale.isEmpty, "listed but not public: \(stale.sorted())")
    }

    @Test(
        "the helpers issue #18 names are not public",
        arguments: [
            "Punycode", "UTF8Validation", "IPAddress", "CanonicalHost", "HostMatcher", "LocaleFallback",
            "MessagePlaceholder", "EmailPatternFile", "PCRE2Pattern", "JSONDocument", "JSONKind",
        ])
    func helperNotPublic(name: String) throws {
        let symbols = try PublicSurface.sanitizeKit().declarations.map(\.symbol)
        #expect(!symbols.contains { $0 == name || $0.hasPrefix(name + ".") })
    }

    @Test("RecordFilter has one public process entry point")
    func oneProcess() throws {
        let process = try PublicSurface.sanitizeKit().declarations.filter { $0.symbol.hasPrefix("RecordFilter.process(") }
        #expect(process.map(\.symbol) == ["RecordFilter.process(_:in:)"])
    }

    @Test("the symbol reader names overloads, nesting, extensions and multi-line parameter lists")
    func readerNamesSymbols() {
        let source = """
            public struct Outer: Sendable {
                public struct Inner {
                    public init(a: Int = 64 << 10, _ b: Set<String> = [], c: (Int, Int) -> Bool) {}
                }
                public static func make(
                    from value: Result<Int, any Error>, into output: inout [UInt8]
                ) -> Outer { Outer() }
                @inlinable public var count: Int { 0 }
                public private(set) var name = ""
                var hidden = 0
            }
            extension Outer.Inner {
                public subscript(key: String) -> Int? { nil }
            }
            public import Foundation
            func f() {
                open.depth += 1
            }
            """
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let symbols = PublicSurface.declarations(in: lines, file: "Example.swift").map(\.symbol)
        #expect(
            symbols == [
                "Outer", "Outer.Inner", "Outer.Inner.init(a:_:c:)", "Outer.make(from:into:)", "Outer.count", "Outer.name",
                "Outer.Inner.subscript(key:)",
            ])
        #expect(PublicSurface.publicLineCount(in: lines) == 9)
    }
}

/// The public declarations of a module's sources, read line by line: a declaration is public
/// when its line opens with `public` or `open` after attributes (the grep of docs/API.md).
enum PublicSurface {
    /// One public declaration.
    struct Declaration {
        /// `Type.member(label:label:)`, the form docs/API.md lists.
        var symbol: String
        /// `file:line`.
        var place: String
    }

    /// What was read from a module.
    struct Surface {
        /// Lines the budget's grep counts.
        var publicLineCount: Int
        /// The public declarations (not `public import` lines nor a variable named `open`).
        var declarations: [Declaration]
    }

    /// The repository root: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Where the match of `^\s*(@[A-Za-z]+ +)*(public|open)\b` (the grep of docs/API.md) ends in
    /// `line`, or `nil`: written out by hand, as grep reads it (`\b` between a word character and
    /// any other, so `open.depth` matches), and fast (a `Regex` took minutes over the sources).
    static func publicPrefix(of line: String) -> String.Index? {
        let isLetter = { (c: Character) in c.isASCII && c.isLetter }
        let isWord = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "_") }
        var at = line.firstIndex { !$0.isWhitespace } ?? line.endIndex
        while at < line.endIndex, line[at] == "@" {
            let name = line[line.index(after: at)...].prefix(while: isLetter)
            let blanks = line[name.endIndex...].prefix { $0 == " " }
            guard !name.isEmpty, !blanks.isEmpty else { return nil }
            at = blanks.endIndex
        }
        for keyword in ["public", "open"] where line[at...].hasPrefix(keyword) {
            let end = line.index(at, offsetBy: keyword.count)
            if end == line.endIndex || !isWord(line[end]) { return end }
        }
        return nil
    }

    /// Reads `Sources/SanitizeKit`.
    static func sanitizeKit() throws -> Surface {
        let directory = root.appendingPathComponent("Sources/SanitizeKit")
        let files = (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 50, "the sources were not found at \(directory.path)")
        var surface = Surface(publicLineCount: 0, declarations: [])
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            surface.publicLineCount += publicLineCount(in: lines)
            surface.declarations += declarations(in: lines, file: file)
        }
        return surface
    }

    /// The symbols docs/API.md lists for SanitizeKit: the first backticked name of each list
    /// item between `## SanitizeKit` and `## Adapter products`.
    static func listedSymbols() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("docs/API.md"), encoding: .utf8)
        let start = try #require(text.range(of: "\n## SanitizeKit\n"))
        let end = try #require(text.range(of: "\n## Adapter products\n", range: start.upperBound..<text.endIndex))
        var symbols: Set<String> = []
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("- `") {
            let name = line.dropFirst(3).prefix { $0 != "`" }
            symbols.insert(String(name))
        }
        #expect(symbols.count > 100, "docs/API.md lists too few symbols to be read right")
        return symbols
    }

    /// The number of lines the budget's grep counts.
    static func publicLineCount(in lines: [String]) -> Int {
        lines.filter { publicPrefix(of: $0) != nil }.count
    }

    /// The public declarations of one file's lines.
    static func declarations(in lines: [String], file: String) -> [Declaration] {
        var found: [Declaration] = []
        for (index, line) in lines.enumerated() {
            guard let prefixEnd = publicPrefix(of: line) else { continue }
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("open") && !trimmed.hasPrefix("open ") { continue }  // a variable named `open`
            var body = String(line[prefixEnd...]).drop { $0 == " " }
            let modifiers = [
                "static ", "final ", "indirect ", "mutating ", "nonmutating ", "private(set) ", "override ", "convenience ",
                "required ",
            ]
            while let modifier = modifiers.first(where: { body.hasPrefix($0) }) { body = body.dropFirst(modifier.count) }
            if body.hasPrefix("import ") { continue }
            let owner = owners(of: index, in: lines).joined(separator: ".")
            let qualified = { (name: String) in owner.isEmpty ? name : owner + "." + name }
            let words = body.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "?") })
            guard let keyword = words.first.map(String.init) else { continue }
            let symbol: String
            switch keyword {
            case "struct", "enum", "class", "actor", "protocol":
                symbol = qualified(String(words[1]))
            case "var", "let", "case":
                symbol = qualified(String(words[1]))
            case "func":
                let rest = lines[index..<min(lines.count, index + 12)].joined(separator: "\n")
                let name = String(words[1])
                symbol = qualified(name) + "(" + labels(afterName: name, in: rest) + ")"
            case "init", "init?", "subscript":
                let rest = lines[index..<min(lines.count, index + 12)].joined(separator: "\n")
                let name = keyword == "subscript" ? "subscript" : "init"
                symbol = qualified(name) + "(" + labels(afterName: name, in: rest) + ")"
            default:
                continue
            }
            found.append(Declaration(symbol: symbol, place: "\(file):\(index + 1)"))
        }
        return found
    }

    /// The names of the types and extensions enclosing line `index`, outermost first: each
    /// is the nearest line above with less indentation that declares one.
    static func owners(of index: Int, in lines: [String]) -> [String] {
        let kinds = ["struct", "enum", "class", "extension", "actor", "protocol"]
        let modifiers = ["public", "package", "internal", "fileprivate", "private", "final", "indirect", "usableFromInline"]
        var names: [String] = []
        var indent = lines[index].prefix { $0 == " " }.count
        var row = index
        while row > 0 && indent > 0 {
            row -= 1
            let line = lines[row]
            let lineIndent = line.prefix { $0 == " " }.count
            guard lineIndent < indent, !line.dropFirst(lineIndent).hasPrefix("//") else { continue }
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") })
            guard let at = words.firstIndex(where: { kinds.contains(String($0)) }), at + 1 < words.count,
                words[..<at].allSatisfy({ modifiers.contains(String($0)) })
            else { continue }
            names.insert(String(words[at + 1]), at: 0)
            indent = lineIndent
        }
        return names
    }

    /// The argument labels of the parameter list that follows `name` in `text`, each with its
    /// colon (`from:into:`, `_:`): parentheses, brackets and generic arguments nest; `<<` does not.
    static func labels(afterName name: String, in text: String) -> String {
        guard let nameRange = text.range(of: name), let open = text[nameRange.upperBound...].firstIndex(of: "(") else {
            return ""
        }
        let list = text[open...].replacingOccurrences(of: "->", with: "  ")
        var depth = 0
        var angle = 0
        var previous: Character = " "
        var parameters: [String] = []
        var current = ""
        for character in list {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "<" where previous.isLetter || previous.isNumber || previous == "_": angle += 1
            case ">" where angle > 0: angle -= 1
            default: break
            }
            previous = character
            if depth == 0 { break }
            if depth == 1 && angle == 0 && character == "," {
                parameters.append(current)
                current = ""
            } else if !(depth == 1 && character == "(") {
                current.append(character)
            }
        }
        parameters.append(current)
        return parameters.compactMap { parameter -> String? in
            let head = parameter.split(separator: ":", maxSplits: 1).first ?? ""
            return head.split(whereSeparator: \.isWhitespace).first.map { $0 + ":" }
        }.joined()
    }
}
