import Foundation

/// One fenced code block of a Markdown file (a line of three backticks and an optional
/// language, the body, a line of three backticks).
package struct MarkdownBlock: Sendable, CustomStringConvertible {
    /// The file's path below the repository root (`README.md`, `docs/text.md`).
    package var file: String
    /// The 1-based line number of the opening fence.
    package var line: Int
    /// The language after the opening fence (`console`, `swift`, `sh`; empty when none).
    package var language: String
    /// The lines between the fences.
    package var body: [String]
    /// The line just above the opening fence (empty at the top of the file).
    package var lineAbove: String

    /// A block, as ``MarkdownBlocks/parse(_:file:)`` finds it or as a test builds one.
    package init(file: String, line: Int, language: String, body: [String], lineAbove: String) {
        self.file = file
        self.line = line
        self.language = language
        self.body = body
        self.lineAbove = lineAbove
    }

    /// The body as a file holds it: every line ended by a line feed.
    package var text: String { body.map { $0 + "\n" }.joined() }

    /// The reason of a `<!-- not-run: REASON -->` comment on the line above the fence, if any.
    package var notRunReason: String? {
        let prefix = "<!-- not-run:"
        let suffix = "-->"
        guard lineAbove.hasPrefix(prefix), lineAbove.hasSuffix(suffix) else { return nil }
        return String(lineAbove.dropFirst(prefix.count).dropLast(suffix.count))
            .trimmingCharacters(in: .whitespaces)
    }

    /// `FILE:LINE`, where the block opens.
    package var description: String { "\(file):\(line)" }
}

/// The documentation whose examples the tests hold to what they show: `README.md` and every
/// `docs/*.md`.
package enum DocumentationFiles {
    /// The files' paths below the repository root, README first, then `docs/` in name order.
    package static func paths() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.repositoryRoot.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// Every fenced block of every file of ``paths()``, in file order.
    package static func blocks() throws -> [MarkdownBlock] {
        try paths().flatMap { path in
            let text = try String(
                contentsOf: TestPaths.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            return try MarkdownBlocks.parse(text, file: path)
        }
    }
}

/// Splits Markdown text into its fenced code blocks.
package enum MarkdownBlocks {
    /// A fence that opens a block and never closes.
    package struct UnclosedFence: Error, CustomStringConvertible {
        package var file: String
        package var line: Int
        package var description: String { "\(file):\(line): a code block opens here and never closes" }
    }

    /// The fenced blocks of `text`; a fence is a line that starts with three backticks.
    package static func parse(_ text: String, file: String) throws -> [MarkdownBlock] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [MarkdownBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else {
                index += 1
                continue
            }
            let opening = index
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            guard index < lines.count else { throw UnclosedFence(file: file, line: opening + 1) }
            blocks.append(
                MarkdownBlock(
                    file: file, line: opening + 1, language: String(line.dropFirst(3)), body: body,
                    lineAbove: opening > 0 ? lines[opening - 1] : ""))
            index += 1
        }
        return blocks
    }
}
