import Foundation
import Testing

/// The parts of `Sources/SanitizeKit` (its folders) use only parts on a lower layer
/// (docs/parts.md). This reads the sources: which part declares each top-level type, and which
/// types each file names outside comments and string literals (names inside string
/// interpolations are not seen).
@Suite("Parts and their dependencies")
struct PartDependencyTests {
    /// The layer of each part, as docs/parts.md lists them.
    static let layers: [String: Int] = [
        "JSON": 0, "IO": 0, "Regex": 0, "Files": 0,
        "Text": 1,
        "SQL": 2, "Shell": 2, "URL": 2, "IDNA": 2,
        "Email": 3, "Steps": 3,
        "Contract": 4, "Guard": 4,
        "Messages": 5, "Challenge": 5,
        "Pipeline": 6,
    ]

    /// Upward edges known and waiting for their fix (file, type named): listed by name so
    /// that no other one can slip in beside them.
    static let pending: Set<String> = []

    static let sourceRoot = Fixtures.repositoryRoot.appendingPathComponent("Sources/SanitizeKit")

    /// Every Swift file under `Sources/SanitizeKit`, by part (`""` for the root files).
    static func sources() throws -> [(part: String, path: String, text: String)] {
        let root = sourceRoot.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var result: [(String, String, String)] = []
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            let components = relative.split(separator: "/")
            let part = components.count > 1 ? String(components[0]) : ""
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            result.append((part, relative, text))
        }
        return result.sorted { $0.1 < $1.1 }
    }

    /// The source without comments and string literals (plain, raw and multi-line).
    static func code(_ source: String) -> String {
        let s = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func at(_ offset: Int, _ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            guard offset + wanted.count <= s.count else { return false }
            return Array(s[offset..<offset + wanted.count]) == wanted
        }
        while i < s.count {
            if at(i, "//") {
                while i < s.count && s[i] != "\n" { i += 1 }
            } else if at(i, "/*") {
                var depth = 0
                repeat {
                    if at(i, "/*") { depth += 1; i += 2 } else if at(i, "*/") { depth -= 1; i += 2 } else { i += 1 }
                } while depth > 0 && i < s.count
            } else if s[i] == "#" || s[i] == "\"" {
                var hashes = 0
                while i + hashes < s.count && s[i + hashes] == "#" { hashes += 1 }
                guard i + hashes < s.count, s[i + hashes] == "\"" else {
                    out.append(s[i])
                    i += 1
                    continue
                }
                let delimiter = at(i + hashes, "\"\"\"") ? "\"\"\"" : "\""
                let closing = delimiter + String(repeating: "#", count: hashes)
                i += hashes + delimiter.unicodeScalars.count
                while i < s.count && !at(i, closing) {
                    i += (hashes == 0 && s[i] == "\\") ? 2 : 1
                }
                i += closing.unicodeScalars.count
                out.append("\"")
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(out)
    }

    /// The names of the types a file declares at top level.
    static func declaredTypes(_ code: String) -> [String] {
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        let modifiers: Set<Substring> = [
            "public", "package", "internal", "private", "fileprivate", "final", "indirect", "nonisolated",
            "nonisolated(unsafe)",
        ]
        var names: [String] = []
        for line in code.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
            var words = line.split(separator: " ")[...]
            while let word = words.first, word.hasPrefix("@") || modifiers.contains(word) { words = words.dropFirst() }
            guard let keyword = words.first, keywords.contains(keyword), words.count > 1 else { continue }
            let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.append(String(name)) }
        }
        return names
    }

    /// The capitalized identifiers a file's code names.
    static func namedTypes(_ code: String) -> Set<String> {
        var names: Set<String> = []
        var current = ""
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if let first = current.first, first.isUppercase { names.insert(current) }
                current = ""
            }
        }
        return names
    }

    /// Each `(file, type)` where a part names a type declared by another part: `A/file -> Type`
    /// with the declaring part.
    static func edges() throws -> [(from: String, file: String, type: String, to: String)] {
        let files = try sources()
        var owner: [String: String] = [:]
        var codes: [String: String] = [:]
        for file in files {
            let code = code(file.text)
            codes[file.path] = code
            for name in declaredTypes(code) where owner[name] == nil { owner[name] = file.part }
        }
        var result: [(String, String, String, String)] = []
        for file in files where !file.part.isEmpty {
            for name in namedTypes(codes[file.path] ?? "").sorted() {
                guard let to = owner[name], !to.isEmpty, to != file.part else { continue }
                result.append((file.part, file.path, name, to))
            }
        }
        return result
    }

    @Test("the reader sees the edges that exist (so an empty list of violations means something)")
    func theReaderSeesKnownEdges() throws {
        let edges = try Self.edges()
        #expect(edges.contains { $0.file == "Pipeline/RecordFilter.swift" && $0.type == "Contract" && $0.to == "Contract" })
        #expect(edges.contains { $0.file == "SQL/SQLStripping.swift" && $0.type == "StripSet" && $0.to == "Text" })
        #expect(Self.declaredTypes(Self.code("/// struct Hidden\nlet s = \"enum Quoted\"\npublic struct Shown {}")) == ["Shown"])
        #expect(Self.namedTypes(Self.code(##"x = "SQL" + #"Shell"# // URL"##)).isEmpty)
    }

    @Test("every part has a layer in docs/parts.md")
    func everyPartHasALayer() throws {
        let parts = Set(try Self.sources().map(\.part)).subtracting([""])
        #expect(parts == Set(Self.layers.keys))
        let page = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/parts.md"), encoding: .utf8)
        for (part, layer) in Self.layers {
            let row = page.split(separator: "\n").first { $0.hasPrefix("| \(layer) |") }
            #expect(row?.contains("`\(part)`") == true, "docs/parts.md: \(part) is not on layer \(layer)")
        }
    }

    @Test("a part names only types of parts on a lower layer")
    func noPartReachesUp() throws {
        var upward: [String] = []
        for edge in try Self.edges() {
            guard let from = Self.layers[edge.from], let to = Self.layers[edge.to] else { continue }
            let description = "\(edge.file) -> \(edge.type)"
            if to >= from && !Self.pending.contains(description) {
                upward.append("\(description) (\(edge.from), layer \(from), names \(edge.to), layer \(to))")
            }
        }
        #expect(upward == [])
    }
}
