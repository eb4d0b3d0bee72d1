import ArgumentParser
import SanitizeKit

/// `sanitize check image`: the real format of each file and whether it is whole.
///
/// Prints `FILE<TAB>FORMAT<TAB>VERDICT` per file, in argument order. A file that is not
/// valid also gets `sanitize: FILE: why [VERDICT]` on standard error. A file that cannot be opened or
/// read gets `FILE<TAB>unknown<TAB>unreadable` and the reason on standard error; the other
/// files are still checked, and the exit status is 1.
struct CheckImage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Detect each file's real format (JPEG, PNG, GIF, WebP, PDF) and check its structure.",
        discussion: """
            Prints FILE<TAB>FORMAT<TAB>VERDICT for each file. FORMAT is jpeg, png, gif, webp, \
            pdf or unknown; VERDICT is valid, truncated, trailing-data, corrupt, mismatch (the \
            --type declaration disagrees with the bytes) or too-large (the file goes past \
            --max-bytes before its end) or unreadable (the file could not be opened or read; \
            FORMAT is unknown). A tab, newline or backslash in FILE is printed as \\t, \\n or \\\\, \
            a byte that is not UTF-8 as \\xFF.
            Exit status: 0 every file valid, 1 some file not valid or unreadable, 2 usage error \
            (an unknown --type is one).
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
        if let declaredType, FileFormat(declaredType: declaredType) == nil {
            throw ValidationError(
                "Unknown --type '\(declaredType)'; use a media type or extension of jpeg, png, gif, webp or pdf.")
        }
    }

    func run() throws {
        let inspector = FileInspector(maxBytes: maxBytes)
        var output = OutputWriter(descriptor: 1)
        var invalid = false
        for file in files {
            let shown = RawArguments.displayName(file)
            let verdict: FileVerdict
            do {
                verdict = try inspect(file, with: inspector)
            } catch {
                try output.write("\(shown)\tunknown\tunreadable\n")
                try output.flush()
                reportToStandardError("sanitize: \(shown): \(error.reason) [\(error.code)]")
                invalid = true
                continue
            }
            try output.write("\(shown)\t\(verdict.format)\t\(verdict.kind)\n")
            if !verdict.isValid {
                invalid = true
                try output.flush()  // keep stdout and stderr in step for people watching
                reportToStandardError("sanitize: \(shown): \(verdict) [\(verdict.kind)]")
            }
        }
        try output.flush()
        if invalid { throw ExitCode(1) }
    }

    /// Opens `file` by the bytes of its argument (`-` is standard input) and inspects it.
    private func inspect(_ file: String, with inspector: FileInspector) throws(SanitizeError) -> FileVerdict {
        if file == "-" { return try inspector.inspect(descriptor: 0, declaredType: declaredType) }
        let descriptor = try RawArguments.openForReading(file) { SanitizeError(.io, "cannot read the file: \($0)") }
        defer { SystemCalls.close(descriptor) }
        return try inspector.inspect(descriptor: descriptor, declaredType: declaredType)
    }
}
