import Foundation
import Testing

/// Every command example of README.md and docs/*.md is run with the built `sanitize`, and what
/// it prints is compared with what the doc shows (issue #30, point 8). The convention is in
/// docs/parts.md#examples-in-the-docs: ```` ```console ```` blocks, `$ ` command lines,
/// standard output then standard error, `<!-- not-run: REASON -->` above a block that cannot
/// reproduce.
@Suite("Docs: every command example prints what the doc shows")
struct DocsExamplesTests {
    /// Every console block of the docs.
    static func consoleBlocks() throws -> [MarkdownBlock] {
        try DocumentationFiles.blocks().filter { $0.language == "console" }
    }

    /// The console blocks that are run: all but those marked not-run.
    static func runnableBlocks() throws -> [MarkdownBlock] {
        try consoleBlocks().filter { $0.notRunReason == nil }
    }

    /// The examples that are not run, each by its file and first command, with the reason the
    /// doc gives. A new one must be added here, so none is skipped without being seen.
    static let notRun: [String: String] = [
        "README.md: sanitize filter --contract Rules/contracts/user.schema.json --report report.ndjson --stats Examples/users.ndjson >/dev/null":
            "seconds, rates and peak memory differ from run to run"
    ]

    @Test("the example prints, command by command, what the doc shows", arguments: try runnableBlocks())
    func exampleReproduces(block: MarkdownBlock) throws {
        let example = try ConsoleExample(block)
        #expect(!example.commands.isEmpty, "\(block): a console block with no `$ ` command")
        let folder = try ExampleFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = try example.run(in: folder)
        for (command, output) in zip(example.commands, outputs) {
            #expect(output == command.expected, "\(block): $ \(command.text)")
        }
    }

    @Test("the examples marked not-run are exactly the listed ones, each with its reason")
    func notRunExamplesAreListed() throws {
        var found: [String: String] = [:]
        for block in try Self.consoleBlocks() {
            guard let reason = block.notRunReason else { continue }
            let first = try #require(try ConsoleExample(block).commands.first, "\(block): no command")
            found["\(block.file): \(first.text)"] = reason
            print("not run: \(block): $ \(first.text) (\(reason))")
        }
        #expect(found == Self.notRun)
        #expect(try Self.runnableBlocks().count >= 10, "the docs' runnable examples went missing")
    }

    @Test("a block with `$ ` command lines is a console block, so it is run")
    func commandLinesOnlyInConsoleBlocks() throws {
        for block in try DocumentationFiles.blocks() where block.language != "console" {
            #expect(!block.body.contains { $0.hasPrefix("$ ") }, "\(block): `$ ` lines in a ```\(block.language) block")
        }
    }

    @Test("scripts/run runs the filter command the README shows, with --stats and the report file")
    func scriptsRunMatchesReadme() throws {
        let script = try String(
            contentsOf: TestPaths.repositoryRoot.appendingPathComponent("scripts/run"), encoding: .utf8)
        #expect(
            script.contains(
                #""$bin" filter --contract Rules/contracts/user.schema.json --report "$report" --stats \"# + "\n"
                    + "  Examples/users.ndjson"))
        let readme = try Self.consoleBlocks().filter { $0.file == "README.md" }
        #expect(
            readme.contains {
                $0.body.first
                    == "$ sanitize filter --contract Rules/contracts/user.schema.json --report report.ndjson Examples/users.ndjson"
            })
    }

    @Test("the runner finds a wrong output, keeps standard error after standard output, and shows $?")
    func runnerDetectsMismatch() throws {
        let block = MarkdownBlock(
            file: "self-test", line: 1, language: "console",
            body: [
                "$ printf 'a\\n' >&2; printf 'b\\n'; false", "b", "a", "$ echo $?", "1",
                "$ sanitize encode url-query 'a b'", "a%20c",
            ],
            lineAbove: "")
        let example = try ConsoleExample(block)
        let folder = try ExampleFolder.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = try example.run(in: folder)
        #expect(outputs == ["b\na\n", "1\n", "a%20b\n"])
        #expect(outputs[0] == example.commands[0].expected)
        #expect(outputs[1] == example.commands[1].expected)
        #expect(outputs[2] != example.commands[2].expected)
    }
}
