import SanitizeKit

/// Where `sanitize filter` writes, checked against what it reads before anything is opened.
///
/// A name is compared by the file it reaches (device and inode), not by its spelling:
/// `--report /dev/stdout`, `--report out.ndjson > out.ndjson` and `2>&1` name one file twice.
/// Opened twice, it would have two offsets, and the report and the records would overwrite
/// each other; it is written through one writer instead. A regular file that is also an input
/// is refused (``SameFileCheck``): writing it would empty or grow the records being read.
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
    ///   regular file that is also an input with records left to read (``SameFileCheck``).
    static func check(inputs: [String], report: String?) throws(SanitizeError) -> Report {
        let reportTarget = report.flatMap { SystemCalls.status(ofPath: RawArguments.bytes(of: $0)) }
        if let report, let reportTarget, let input = SameFileCheck.input(overwrittenBy: reportTarget, among: inputs) {
            throw SanitizeError(
                .configuration, "--report is \(SameFileCheck.describe(input)): writing the report would empty it before it is read",
                at: .init(file: RawArguments.displayName(report)))
        }
        try SameFileCheck.checkStandardOutput(against: inputs)
        guard let report else { return .standardError }
        if let reportTarget {
            if reportTarget.identity == SystemCalls.status(of: 1)?.identity { return .standardOutput }
            if reportTarget.identity == SystemCalls.status(of: 2)?.identity { return .standardError }
        }
        return .file(report)
    }
}
