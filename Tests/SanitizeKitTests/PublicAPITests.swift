import Foundation
import Testing

@testable import SanitizeKit

/// `docs/API.md` lists what every library product promises (issues #18 and #31). These tests
/// read each product's sources (found from this file's `#filePath`) and keep the list, the code
/// and the budget in step: a product's public surface may not grow past its budget, every
/// public declaration must be listed under its product, and every listed symbol must still be
/// public. The codes (`SanitizeError.Code`, `Violation.Code`, `GuardDenial.Code`) are public
/// constants, one file per code type, listed in full and not counted in the budget.
@Suite("Public API")
struct PublicAPITests {
    /// The most public declarations each library product may have, counted as `PublicSurface`
    /// counts (code files aside); docs/API.md states the same numbers.
    static let budgets: [(product: String, budget: Int)] = [
        ("SanitizeKit", 270), ("SanitizeYAML", 22), ("SanitizeTOML", 8), ("SanitizePinning", 21),
        ("SanitizeURLSession", 48), ("SanitizeAsyncHTTPClient", 48), ("SanitizeOpenAPI", 38),
        ("SanitizeHummingbird", 10), ("SanitizeVapor", 10),
    ]
    /// The product names, for `arguments:`.
    static let products = budgets.map(\.product)
    /// The files that hold SanitizeKit's codes: one per code type.
    static let codeFiles = [
        "SanitizeError+Codes.swift": "SanitizeError.Code", "Contract/Violation+Codes.swift": "Violation.Code",
        "Guard/GuardDenial+Codes.swift": "GuardDenial.Code",
    ]

    @Test("every library product is within its budget, and docs/API.md states that budget", arguments: products)
    func withinBudget(product: String) throws {
        let budget = try #require(Self.budgets.first { $0.product == product }).budget
        let surface = try PublicSurface.read(target: product)
        #expect(surface.publicLineCount <= budget, "\(product): \(surface.publicLineCount) public declarations; see docs/API.md")
        // The count is the grep of docs/API.md: it sees more than the declarations themselves.
        #expect(surface.publicLineCount >= surface.countedDeclarations)
        #expect(try PublicSurface.statedBudget(of: product) == budget, "docs/API.md states another budget for \(product)")
    }

    @Test("every public declaration of a product is listed in docs/API.md under it", arguments: products)
    func everyDeclarationListed(product: String) throws {
        let listed = try PublicSurface.listedSymbols(of: product)
        let missing = try PublicSurface.read(target: product).declarations.filter { !listed.contains($0.symbol) }
        #expect(missing.isEmpty, "not in docs/API.md under \(product): \(missing.map { "\($0.symbol) (\($0.place))" })")
    }

    @Test("every symbol docs/API.md lists for a product is public in it", arguments: products)
    func everyListedSymbolPublic(product: String) throws {
        let declared = Set(try PublicSurface.read(target: product).declarations.map(\.symbol))
        let stale = try PublicSurface.listedSymbols(of: product).subtracting(declared)
        #expect(stale.isEmpty, "listed under \(product) but not public: \(stale.sorted())")
    }

    @Test("no public signature of any product holds a raw pointer")
    func noPointerInPublicSignatures() throws {
        for product in Self.products {
            let surface = try PublicSurface.read(target: product)
            let pointers = surface.signatures.filter { $0.text.contains("Unsafe") || $0.text.contains("OpaquePointer") }
            #expect(pointers.isEmpty, "\(product): \(pointers.map(\.place))")
        }
    }

    @Test("SanitizeKit's codes are public constants, one file per code type, each documented, each text once")
    func codesInOneFilePerType() throws {
        let directory = PublicSurface.root.appendingPathComponent("Sources/SanitizeKit")
        var texts: [String: Set<String>] = [:]
        for (file, type) in Self.codeFiles {
            let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.contains("extension \(type) {"), "\(file)")
            for (index, line) in lines.enumerated() where line.contains("static let") {
                let constant = line.trimmingCharacters(in: .whitespaces)
                #expect(constant.hasPrefix("public static let "), "\(file):\(index + 1) is not public")
                #expect(lines[index - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///"), "\(file):\(index + 1) has no ///")
                let text = try #require(constant.split(separator: "\"").dropFirst().first.map(String.init), "\(file):\(index + 1)")
                let isNew = texts[type, default: []].insert(text).inserted
                #expect(isNew, "\(type) \(text) twice")
                #expect(text.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(text) is not kebab case")
            }
        }
        // A few codes that scripts and the part pages name, by their text.
        #expect(texts["SanitizeError.Code"]?.isSuperset(of: ["invalid-utf8", "nul-byte", "contract-invalid", "json-syntax"]) == true)
        #expect(texts["Violation.Code"]?.isSuperset(of: ["type", "required", "max-length", "one-of", "depth-limit"]) == true)
        #expect(texts["GuardDenial.Code"]?.isSuperset(of: ["credentials-not-allowed", "insecure-transport", "pin-mismatch"]) == true)
        // No code of these types is declared outside its file (the record filter's two aside).
        let elsewhere = try PublicSurface.files(of: "SanitizeKit").filter { Self.codeFiles[$0.name] == nil }.flatMap { file in
            file.lines.enumerated().filter { _, line in
                line.contains("static let") && line.contains("= Self(rawValue: \"")
                    && !(file.name == "Pipeline/RecordFilter.swift" && (line.contains("sanitizeStepFailed") || line.contains("recordTooLarge")))
            }.map { "\(file.name):\($0.offset + 1)" }
        }
        #expect(elsewhere.isEmpty, "codes outside their code file: \(elsewhere)")
    }

    @Test(
        "a location reads as the command prints it, the root pointer spelled \"\" (RFC 6901)",
        arguments: [
            (SanitizeError.Location(file: "s.json", pointer: "", byteOffset: 0), #"s.json byte 0 at """#),
            (SanitizeError.Location(file: "s.json", pointer: "/"), "s.json at /"),
            (SanitizeError.Location(file: "a.ndjson", line: 3, column: 7, byteOffset: 40), "a.ndjson:3:7 byte 40"),
            (SanitizeError.Location(pointer: "/a~1b", line: 2), "line 2 at /a~1b"),
            (SanitizeError.Location(), ""),
        ])
    func locationDescription(location: SanitizeError.Location, expected: String) {
        #expect(location.description == expected)
        let error = SanitizeError(.contractInvalid, "minimum must be a number", at: location)
        #expect(error.description == (expected.isEmpty ? "" : expected + ": ") + "minimum must be a number [contract-invalid]")
    }

    @Test(
        "a schema error is located by its pointer; at the root, the empty pointer",
        arguments: [("1", ""), (#"{"properties": {"a": 1}}"#, "/properties/a"), (#"{"minimum": "x"}"#, "/minimum")])
    func schemaErrorPointer(schema: String, pointer: String) {
        let error = #expect(throws: SanitizeError.self) { try Contract(schema: schema) }
        #expect(error?.code == .contractInvalid)
        #expect(error?.location?.pointer == pointer, "\(String(describing: error))")
        #expect(error.map { "\($0)" }?.contains(pointer.isEmpty ? #"at "":"# : "at \(pointer):") == true, "\(String(describing: error))")
    }

    @Test("the public byte entry points take any collection of bytes and agree with the String ones")
    func collectionEntryPoints() throws {
        let text = "a b&c=d/é"
        let bytes = Array(text.utf8)
        #expect(PercentEncoding.encode(utf8: bytes, using: .component) == Array(PercentEncoding.encode(text, using: .component).utf8))
        #expect(PercentEncoding.encode(utf8: text.utf8.lazy.map { $0 }, using: .component) == PercentEncoding.encode(utf8: bytes, using: .component))
        #expect(try PercentDecoding.decode(utf8: Data("a%20b+c".utf8), plusAsSpace: true) == Array("a b c".utf8))
        #expect(throws: SanitizeError.self) { try PercentDecoding.decode(utf8: "a%2".utf8) }
        #expect(try Shell.quote(utf8: bytes) == Array(try Shell.quote(text).utf8))
        #expect(try SQL.strip(utf8: "50%; drop".utf8) == Array("50 drop".utf8))
        var literal: [UInt8] = []
        try SQL.quoteLiteral(utf8: Data("O'Hara".utf8), dialect: .postgres, into: &literal)
        #expect(literal == Array("'O''Hara'".utf8))
        #expect(FileInspector.isClassicJPEG([0xFF, 0xD8] + [UInt8](repeating: 0, count: 8) + [0xFF, 0xD9]))
        #expect(!FileInspector.isClassicJPEG(Data([0xFF, 0xD8, 0xFF, 0xD9])))
        let email = EmailValidator(mode: .html5)
        #expect(email.validate("joe@example.com".utf8) == email.validate("joe@example.com"))
        #expect(!email.validate([0xFF, 0x40, 0x61]).isValid)
        let contract = try Contract(schema: #"{"type": "object", "required": ["id"]}"#)
        var validator = contract.makeValidator()
        let fromView = validator.isValid(#"{"id": 1}"#.utf8)
        let fromData = validator.isValid(Data("{}".utf8))
        let codes = validator.validate(Array("{}".utf8)).violations.map(\.code)
        #expect(fromView && !fromData)
        #expect(codes == [.required])
        let filter = try RecordFilter(schema: .object([.init("type", .string("object"))]))
        var workspace = RecordFilter.Workspace()
        let object = filter.process(#"{"a":1}"#.utf8, in: &workspace)
        let array = filter.process(Data("[]".utf8), in: &workspace)
        let cut = filter.process("{\"a\":1}".utf8.dropLast(), in: &workspace)
        #expect(object.isValid && object.sanitizedText == #"{"a":1}"#)
        #expect(!array.isValid && !cut.isValid)
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
        /// How many of `declarations` the budget counts (those outside the code files).
        var countedDeclarations = 0
        /// Each public declaration's text up to its body.
        var signatures: [(text: String, place: String)] = []
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

    /// One source file: its path below the target's folder and its lines.
    struct File {
        var name: String
        var lines: [String]
    }

    /// The Swift files of `Sources/<target>`, sorted by path.
    static func files(of target: String) throws -> [File] {
        let directory = root.appendingPathComponent("Sources/\(target)")
        let names = (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!names.isEmpty, "the sources were not found at \(directory.path)")
        return try names.map { name in
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            return File(name: name, lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// Reads `Sources/<target>`: the budget's count leaves out the code files
    /// (`*+Codes.swift`), whose declarations are still read and must still be listed.
    static func read(target: String) throws -> Surface {
        var surface = Surface(publicLineCount: 0, declarations: [])
        for file in try files(of: target) {
            let declared = declarations(in: file.lines, file: file.name)
            if !file.name.hasSuffix("+Codes.swift") {
                surface.publicLineCount += publicLineCount(in: file.lines)
                surface.countedDeclarations += declared.count
            }
            surface.declarations += declared
            surface.signatures += signatures(in: file.lines, file: file.name)
        }
        return surface
    }

    /// Reads `Sources/SanitizeKit`.
    static func sanitizeKit() throws -> Surface {
        let surface = try read(target: "SanitizeKit")
        #expect(surface.declarations.count > 50, "the sources of SanitizeKit were not read")
        return surface
    }

    /// The section of docs/API.md for a product: `## SanitizeKit` up to `## Adapter products`,
    /// or an adapter's `### Name` up to the next heading.
    static func section(of product: String) throws -> Substring {
        let text = try String(contentsOf: root.appendingPathComponent("docs/API.md"), encoding: .utf8)
        let heading = product == "SanitizeKit" ? "\n## SanitizeKit\n" : "\n### \(product)\n"
        let start = try #require(text.range(of: heading), "docs/API.md has no section \(heading)")
        let next = [text.range(of: "\n## ", range: start.upperBound..<text.endIndex)]
            + (product == "SanitizeKit" ? [] : [text.range(of: "\n### ", range: start.upperBound..<text.endIndex)])
        let end = next.compactMap { $0?.lowerBound }.min() ?? text.endIndex
        return text[start.upperBound..<end]
    }

    /// The budget a product's section states: its line `Budget: at most N public declarations`.
    static func statedBudget(of product: String) throws -> Int? {
        let section = try section(of: product)
        guard let line = section.split(separator: "\n").first(where: { $0.contains("Budget: at most ") }),
            let range = line.range(of: "Budget: at most ")
        else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// The symbols docs/API.md lists for a product: the first backticked name of each list
    /// item of its section.
    static func listedSymbols(of product: String) throws -> Set<String> {
        var symbols: Set<String> = []
        for line in try section(of: product).split(separator: "\n") where line.hasPrefix("- `") {
            let name = line.dropFirst(3).prefix { $0 != "`" }
            symbols.insert(String(name))
        }
        #expect(!symbols.isEmpty, "docs/API.md lists nothing for \(product)")
        return symbols
    }

    /// The text of each public declaration up to its body (`{`) or its end, for checks on
    /// the types it names.
    static func signatures(in lines: [String], file: String) -> [(text: String, place: String)] {
        lines.indices.compactMap { index in
            guard publicPrefix(of: lines[index]) != nil else { return nil }
            var text = ""
            var depth = 0
            for line in lines[index..<min(lines.count, index + 12)] {
                let head = line.prefix { $0 != "{" }
                text += head + "\n"
                depth += head.filter { $0 == "(" }.count - head.filter { $0 == ")" }.count
                if head.count < line.count || depth <= 0 { break }
            }
            return (text, "\(file):\(index + 1)")
        }
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
                "static ", "final ", "indirect ", "mutating ", "nonmutating ", "private(set) ", "package(set) ", "internal(set) ", "override ",
                "convenience ",
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
