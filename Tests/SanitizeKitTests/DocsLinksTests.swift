import Foundation
import Testing

/// Every relative link of README.md and docs/*.md leads somewhere: the file it names is in the
/// repository, and the heading its `#fragment` names is in that file, so a page moved or a
/// heading renamed cannot leave a reader at a dead end.
@Suite("Docs: every relative link leads to a file and a heading that exist")
struct DocsLinksTests {
    /// A link's target as the Markdown gives it, with where it stands.
    struct Link: CustomStringConvertible {
        var line: Int
        var target: String
        var description: String { "line \(line): (\(target))" }
    }

    /// The `](target)` links of `text` outside code blocks and code spans, web addresses
    /// (`https:`, `mailto:`) left out.
    static func links(in text: String) -> [Link] {
        var links: [Link] = []
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence else { continue }
            for match in withoutCodeSpans(String(line)).matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.output.1)
                if target.firstMatch(of: /^[a-z]+:/) != nil { continue }
                links.append(Link(line: index + 1, target: target))
            }
        }
        return links
    }

    /// `line` with the text between each pair of backticks taken out (the backticks stay).
    static func withoutCodeSpans(_ line: String) -> String {
        var result = ""
        var inSpan = false
        for character in line {
            if character == "`" {
                inSpan.toggle()
                result.append(character)
            } else if !inSpan {
                result.append(character)
            }
        }
        return result
    }

    /// The anchor GitHub gives a heading: lowercased, everything but letters, digits, `_`, `-`
    /// and spaces dropped, spaces made `-`.
    static func anchor(ofHeading heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "_" || character == "-" ? character : nil
            })
    }

    /// The anchors of a Markdown text's headings outside code blocks; a heading whose anchor
    /// came before gets `-1`, `-2`, … after it, as on GitHub.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence, let match = line.firstMatch(of: /^#{1,6}\s+(.*)$/) else { continue }
            let anchor = anchor(ofHeading: String(match.output.1).trimmingCharacters(in: .whitespaces))
            let earlier = seen[anchor, default: 0]
            seen[anchor] = earlier + 1
            anchors.insert(earlier == 0 ? anchor : "\(anchor)-\(earlier)")
        }
        return anchors
    }

    /// What is wrong with each link of `text`, the file at `path` below `root`: a file that is
    /// not there, or a fragment that names no heading of the Markdown file it points into.
    static func brokenLinks(in text: String, at path: String, root: URL) throws -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        return try links(in: text).compactMap { link in
            let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = parts[0].isEmpty ? path : ((folder as NSString).appendingPathComponent(String(parts[0])) as NSString).standardizingPath
            let url = root.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else { return "\(link): no file \(file)" }
            guard parts.count == 2, file.hasSuffix(".md") else { return nil }
            // A fragment alone points into this very text.
            let target = parts[0].isEmpty ? text : try String(contentsOf: url, encoding: .utf8)
            return anchors(in: target).contains(String(parts[1])) ? nil : "\(link): no heading #\(parts[1]) in \(file)"
        }
    }

    @Test("a link's file exists and its fragment names a heading of it", arguments: try DocumentationFiles.paths())
    func linksResolve(path: String) throws {
        let root = TestPaths.repositoryRoot
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let broken = try Self.brokenLinks(in: text, at: path, root: root)
        #expect(broken.isEmpty, "\(path): \(broken.joined(separator: "; "))")
    }

    @Test("the checks find a missing file, a missing heading and a link in code as what they are")
    func checksFindWhatIsBroken() throws {
        let text = """
            # A page
            ## How the figures came to be
            See [that](#how-the-figures-came-to-be), [this](#nowhere), [gone](docs/missing.md),
            [the README](README.md), [a part](docs/filter.md#how-the-figures-came-to-be),
            [a part's nothing](docs/filter.md#no-such-heading), [web](https://example.com/x.md).
            `[in code](docs/missing-too.md)`
            ```
            [in a block](docs/missing-as-well.md)
            ```
            """
        let broken = try Self.brokenLinks(in: text, at: "README.md", root: TestPaths.repositoryRoot)
        #expect(
            broken == [
                "line 3: (#nowhere): no heading #nowhere in README.md",
                "line 3: (docs/missing.md): no file docs/missing.md",
                "line 5: (docs/filter.md#no-such-heading): no heading #no-such-heading in docs/filter.md",
            ])
    }

    @Test("anchors are GitHub's: punctuation dropped, spaces made hyphens, repeats numbered")
    func anchorsAreGitHubs() {
        #expect(Self.anchor(ofHeading: "jsonschema-rs 0.61, and instructions beside times") == "jsonschema-rs-061-and-instructions-beside-times")
        #expect(Self.anchor(ofHeading: "The `sanitize` command") == "the-sanitize-command")
        #expect(Self.anchors(in: "# Notes\n## Notes\n### Notes\n") == ["notes", "notes-1", "notes-2"])
    }
}
