import SanitizeKit

/// Where `sanitize filter` writes, checked against what it reads before anything is opened.
///
/// A name is compared by the file it reaches (device and inode), not by its spelling:
/// `--report /dev/stdout`, `--report out.ndjson > out.ndjson` and `2>&1` name one file twice.
/// Opened twice, it would have two offsets, and the report and the records would overwrite
/// each other; it is written through one writer instead. A regular file that is also an input
/// is refused: writing it would empty or grow the records being read.
enum FilterDestinations {
    /// Where the report lines go.
    enum Report: Equatable {
        /// Standard error (no `--report`, or a name for the file standard error writes to).
        case standardError
        /// After each batch's records, through standard output's writer (a name for the file
        /// standard output writes to).
        case standardOutput
        /// A file of its own, created or emptied.
        case file(String)
    }

    /// Checks the inputs against the outputs and finds where the report goes.
    /// - Parameters:
    ///   - inputs: the input paths, `-` for standard input.
    ///   - report: the `--report` path, if any.
    /// - Returns: the report's destination.
    /// - Throws: ``SanitizeError`` `configuration` when standard output or the report is a
    ///   regular file that is also an input with records left to read.
    static func check(inputs: [String], report: String?) throws(SanitizeError) -> Report {
        let standardOutput = SystemCalls.status(of: 1)
        let reportTarget = report.flatMap { SystemCalls.status(ofPath: RawArguments.bytes(of: $0)) }
        for input in inputs {
            guard let source = status(ofInput: input), source.kind == .regular, hasUnreadBytes(input, source) else {
                continue
            }
            let which = input == "-" ? "the file on standard input" : "an input file"
            if let report, let reportTarget, reportTarget.identity == source.identity {
                throw SanitizeError(
                    .configuration, "--report is \(which): writing the report would empty it before it is read",
                    at: .init(file: RawArguments.displayName(report)))
            }
            if let standardOutput, standardOutput.kind == .regular, standardOutput.identity == source.identity {
                throw SanitizeError(
                    .configuration, "standard output is \(which): the records written would be read again",
                    at: .init(file: input == "-" ? nil : RawArguments.displayName(input)))
            }
        }
        guard let report else { return .standardError }
        if let reportTarget {
            if reportTarget.identity == standardOutput?.identity { return .standardOutput }
            if reportTarget.identity == SystemCalls.status(of: 2)?.identity { return .standardError }
        }
        return .file(report)
    }

    /// What an input names, or `nil` when it cannot be looked at (opening it says why).
    private static func status(ofInput input: String) -> SystemCalls.FileStatus? {
        input == "-" ? SystemCalls.status(of: 0) : SystemCalls.status(ofPath: RawArguments.bytes(of: input))
    }

    /// Whether reading the input would still find bytes: standard input may already be at
    /// its end (`sanitize filter < out.ndjson > out.ndjson`, where the shell emptied it first).
    private static func hasUnreadBytes(_ input: String, _ source: SystemCalls.FileStatus) -> Bool {
        guard input == "-" else { return source.size > 0 }
        return (SystemCalls.currentOffset(of: 0) ?? 0) < source.size
    }
}
