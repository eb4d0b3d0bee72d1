import Foundation

/// A ```` ```console ```` block of the docs read as commands and the output each shows.
///
/// The convention (docs/parts.md#examples-in-the-docs): a line that starts with `$ ` is a
/// command (a line ending in `\` continues it on the next line); the lines after it, up to the
/// next command, are what it prints: its standard output, then its standard error. `$ echo $?`
/// shows the previous command's exit status.
struct ConsoleExample {
    /// One command and the output the doc shows for it.
    struct Command {
        var text: String
        var expected: String
    }

    /// Output lines before the first command.
    struct OutputBeforeCommand: Error, CustomStringConvertible {
        var block: String
        var description: String { "\(block): the block's first line is not a `$ ` command" }
    }

    var block: MarkdownBlock
    var commands: [Command]

    init(_ block: MarkdownBlock) throws {
        self.block = block
        var commands: [(text: String, output: [String])] = []
        var continues = false
        for line in block.body {
            if continues {
                commands[commands.count - 1].text += "\n" + line
                continues = line.hasSuffix("\\")
            } else if line.hasPrefix("$ ") {
                commands.append((String(line.dropFirst(2)), []))
                continues = line.hasSuffix("\\")
            } else if commands.isEmpty {
                throw OutputBeforeCommand(block: block.description)
            } else {
                commands[commands.count - 1].output.append(line)
            }
        }
        self.commands = commands.map { Command(text: $0.text, expected: $0.output.map { $0 + "\n" }.joined()) }
    }

    /// Runs the commands in order in one `bash`, in `directory`, with the built `sanitize`
    /// first on `PATH` and standard input empty; returns what each printed (standard output,
    /// then standard error).
    ///
    /// Each command runs with its outputs sent to files, so the two never interleave; the
    /// exit status is restored after, so `$ echo $?` shows it.
    func run(in directory: URL) throws -> [String] {
        let scratch = directory.appendingPathComponent(".example-output")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var script = """
            export PATH=\(Self.quoted(SanitizeProcess.executable.deletingLastPathComponent().path)):"$PATH"
            cd \(Self.quoted(directory.path))
            o=\(Self.quoted(scratch.path))

            """
        for (index, command) in commands.enumerated() {
            script += """
                { \(command.text)
                } >"$o/out" 2>"$o/err" </dev/null; s=$?; cat "$o/out" "$o/err" >"$o/\(index)"; (exit $s)

                """
        }
        _ = try ShellProcess.run(script)
        return try commands.indices.map { index in
            String(decoding: try Data(contentsOf: scratch.appendingPathComponent("\(index)")), as: UTF8.self)
        }
    }

    /// `text` in single quotes for `bash`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// The folder the examples run in, as docs/parts.md#examples-in-the-docs describes it: the
/// repository's `Rules/` and `Examples/`, and the files the examples name by themselves.
enum ExampleFolder {
    /// Files copied to the folder's top level: name there, source below the repository root.
    static let files: [(name: String, source: String)] = [
        ("user.schema.json", "Rules/contracts/user.schema.json"),
        ("users.ndjson", "Examples/users.ndjson"),
        ("photo.jpg", "Tests/SanitizeKitTests/Fixtures/images/baseline.jpg"),
        ("scan.png", "Tests/SanitizeKitTests/Fixtures/images/truecolor.png"),
    ]

    /// Makes a fresh folder; the caller removes it.
    static func make() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("sanitize-docs-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["Rules", "Examples"] {
            try FileManager.default.copyItem(
                at: TestPaths.repositoryRoot.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        for file in files {
            try FileManager.default.copyItem(
                at: TestPaths.repositoryRoot.appendingPathComponent(file.source),
                to: folder.appendingPathComponent(file.name))
        }
        return folder
    }
}
