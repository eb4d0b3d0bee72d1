import ArgumentParser
import Foundation
import SanitizeCommandRuntime
import SanitizeKit

/// `sanitize filter`: NDJSON in, sanitized and validated NDJSON out.
struct Filter: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter",
        abstract: "Sanitize and validate NDJSON records: one JSON record per line in, clean records out.",
        discussion: """
            Each record's x-sanitize steps run first (trim, nfc, strip-controls, truncate, …), \
            then the record is validated against the contract and written as minimal JSON. \
            Without --contract, the default policy applies its steps to every string value and \
            checks no schema. Violations go to --report (or standard error) as NDJSON. Output \
            order equals input order. Exit status: 0 all records valid, 1 some record invalid, \
            2 usage or configuration error.
            """)

    @Option(
        help:
            "The contract: a JSON Schema file in 2020-12, 2019-09, draft-07, draft-06 or draft-04, chosen by its $schema (2020-12 without one).")
    var contract: String?

    @OptionGroup var references: ReferenceOptions

    @Flag(inversion: .prefixedNo, help: "Check `format` keywords as assertions (the filter's default) or as annotations.")
    var assertFormats = true

    @Option(help: "A filter policy file, used without --contract (default: the built-in Rules/policy/filter-default.json).")
    var policy: String?

    @Option(help: "What to do with an invalid record: not write it, write it unchanged, write it with _violations, or stop.")
    var onInvalid: InvalidRecordArgument = .drop

    @Option(help: "Write violations here as NDJSON instead of to standard error.")
    var report: String?

    @Option(
        help: ArgumentHelp(
            "Put each record's value at this JSON Pointer (e.g. /id) in its report lines as \"key\" (null when missing).",
            valueName: "POINTER"))
    var reportKey: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Add N to every line number in the report (a shard that starts after line N of the whole input).",
            valueName: "N"))
    var lineOffset: Int = 0

    @Option(parsing: .unconditional, help: "Worker threads, 1 to 256; the default is this machine's core count (at most 256).")
    var jobs: Int = min(ProcessInfo.processInfo.activeProcessorCount, Self.maxJobs)

    @Option(help: "The longest record accepted, in bytes; a longer line is an invalid record.")
    var maxRecordBytes: Int = 16 << 20

    @Flag(help: "Print a summary on standard error at the end (one JSON line).")
    var stats = false

    @Flag(help: "Never print the progress line, even on a terminal.")
    var quiet = false

    @Argument(help: "NDJSON files to read, in order (default: standard input; '-' is standard input).")
    var files: [String] = []

    func validate() throws {
        guard (1...Self.maxJobs).contains(jobs) else { throw ValidationError("--jobs must be from 1 to \(Self.maxJobs); got \(jobs).") }
        guard maxRecordBytes >= 1 else { throw ValidationError("--max-record-bytes must be at least 1.") }
        guard (0...Self.maxLineOffset).contains(lineOffset) else {
            throw ValidationError("--line-offset must be between 0 and 2^53 (\(Self.maxLineOffset)); got \(lineOffset).")
        }
        if contract != nil && policy != nil {
            throw ValidationError("--policy applies only without --contract; give one or the other.")
        }
    }

    /// The most `--jobs`: each is a thread with an 8 MiB stack and room for two more batches in
    /// flight (``OrderedWorkers/maxInFlight(jobs:)``), so a count far past any machine's cores
    /// would only take memory (`--jobs 100000000` took 24 GB before the kernel killed it, and
    /// `Int.max` overflowed the batch count).
    static let maxJobs = 256

    /// The largest `--line-offset`: 2^53, past which JSON numbers lose integers (RFC 8259 §6).
    static let maxLineOffset = 1 << 53

    func run() throws {
        let filter = try makeFilter()
        let key = try reportKey.map { pointer throws(SanitizeError) in try ReportKey(pointer: pointer, filter: filter) }
        let inputs = files.isEmpty ? ["-"] : files
        let run = try FilterRun(
            progress: ProgressLine.isWanted(quiet: quiet) ? ProgressLine() : nil,
            report: FilterDestinations.check(inputs: inputs, report: report), countsNullKeys: key != nil)
        let buffers = ByteBufferPool()
        for path in inputs where !run.stopped {
            let descriptor = try openInput(path)
            defer { if descriptor != 0 { SystemCalls.close(descriptor) } }
            let batches = BatchFilter(
                filter: filter, policy: onInvalid.policy, maxRecordBytes: maxRecordBytes,
                fileName: inputs.count > 1 ? (path == "-" ? "<stdin>" : path) : nil, reportKey: key, lineOffset: lineOffset)
            let reader = RecordBatchReader(descriptor: descriptor, maxRecordBytes: maxRecordBytes, buffers: buffers)
            // A read that fails (a directory, an I/O error) names the file it was reading.
            let shown: String? = path == "-" ? nil : RawArguments.displayName(path)
            try OrderedWorkers.run(
                jobs: jobs,
                produce: { try shown.map { try CommandLineContract.naming(file: $0) { try reader.next() } } ?? reader.next() },
                process: { batches.process($0, buffers: buffers) },
                consume: { result in
                    // Written: the buffers go back for later batches (no fresh pages per batch).
                    defer {
                        buffers.recycle(result.output)
                        buffers.recycle(result.report)
                    }
                    return try shown.map { try CommandLineContract.naming(file: $0) { try run.consume(result) } } ?? run.consume(result)
                },
                // A pipe's next batch may wait for its records: read ahead, so that the main thread,
                // which writes, never waits in a read while a batch is done.
                producingAhead: reader.readsMayWait ? true : nil)
        }
        try run.finish()
        if stats { reportToStandardError(run.summary()) }
        if run.statistics.invalid > 0 { throw ExitCode(1) }
    }

    private func makeFilter() throws -> RecordFilter {
        if let contract {
            let resources = try references.resources()
            return try ConfigFile.withPath(contract, what: "contract") { path in
                try RecordFilter(
                    contractAt: URL(fileURLWithPath: path), resources: resources,
                    options: Contract.Options(assertFormats: assertFormats))
            }
        }
        if let policy {
            let shown = RawArguments.displayName(policy)
            let bytes = try ConfigFile.withPath(policy, what: "filter policy") { path in
                try FileBytes.read(path: path, what: "filter policy")
            }
            return try RecordFilter.policy(fromJSON: bytes, file: shown)
        }
        return RecordFilter.defaultPolicy()
    }

    private func openInput(_ path: String) throws -> Int32 {
        if path == "-" { return 0 }
        return try RawArguments.openForReading(path) {
            SanitizeError(.io, "cannot read the input: \($0)", at: .init(file: RawArguments.displayName(path)))
        }
    }
}

/// The `--on-invalid` values, as the command line spells them.
enum InvalidRecordArgument: String, ExpressibleByArgument, CaseIterable {
    case drop, keep, annotate, fail

    var policy: InvalidRecordPolicy {
        switch self {
        case .drop: .drop
        case .keep: .keep
        case .annotate: .annotate
        case .fail: .fail
        }
    }
}
