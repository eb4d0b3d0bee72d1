import ArgumentParser
import SanitizeKit

/// `sanitize check image`: the real format of each file and whether it is whole.
///
/// Prints `FILE<TAB>FORMAT<TAB>VERDICT` per file, in argument order. A file that is not
/// valid also gets `sanitize: FILE: why` on standard error. A file that cannot be opened or
/// read is a configuration error: it gets only the error message, the other files are still
/// checked, and the exit status is 2.
struct CheckImage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Detect each file's real format (JPEG, PNG, GIF, WebP, PDF) and check its structure.",
        discussion: """
            Prints FILE<TAB>FORMAT<TAB>VERDICT for each file. FORMAT is jpeg, png, gif, webp, \
            pdf or unknown; VERDICT is valid, truncated, trailing-data, corrupt, mismatch (the \
            --type declaration disagrees with the bytes) or too-large (the file goes past \
            --max-bytes before its end). A tab, newline or backslash in FILE is printed as \\t, \
            \\n or \\\\.
            Exit status: 0 every file valid, 1 some file not valid, 2 usage error or a file \
            that could not be read.
            """
    )

    @Option(
        name: .customLong("type"),
        help: ArgumentHelp(
            "The type the files claim: a media type (image/png) or an extension (png, .jpg).",
            valueName: "MIME"))
    var declaredType: String?

    @Option(help: ArgumentHelp("Never read past this many bytes of a file (64 MiB by default).", valueName: "N"))
    var maxBytes: Int = FileInspector.defaultMaxBytes

    @Argument(help: ArgumentHelp("Files to check; - reads standard input.", valueName: "file"))
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one file.") }
        guard maxBytes > 0 else { throw ValidationError("--max-bytes must be a positive number of bytes.") }
    }

    func run() throws {
        let inspector = FileInspector(maxBytes: maxBytes)
        var output = OutputWriter(descriptor: 1)
        var invalid = false
        var unreadable = false
        for file in files {
            let shown = Self.escaped(file)
            let verdict: FileVerdict
            do {
                verdict =
                    file == "-"
                    ? try inspector.inspect(descriptor: 0, declaredType: declaredType)
                    : try inspector.inspectFile(atPath: file, declaredType: declaredType)
            } catch {
                try output.flush()
                reportToStandardError("sanitize: \(shown): \(error.reason) [\(error.code)]")
                unreadable = true
                continue
            }
            try output.write("\(shown)\t\(verdict.format)\t\(verdict.kind)\n")
            if !verdict.isValid {
                invalid = true
                try output.flush()  // keep stdout and stderr in step for people watching
                reportToStandardError("sanitize: \(shown): \(verdict)")
            }
        }
        try output.flush()
        if unreadable { throw ExitCode(2) }
        if invalid { throw ExitCode(1) }
    }

    /// `name` with tab, newline, carriage return and backslash escaped, so one file is one line.
    static func escaped(_ name: String) -> String {
        guard name.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\\" }) else { return name }
        var result = ""
        for character in name {
            switch character {
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\\": result += "\\\\"
            default: result.append(character)
            }
        }
        return result
    }
}
