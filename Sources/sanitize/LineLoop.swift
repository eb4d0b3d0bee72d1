import ArgumentParser
import SanitizeKit

/// What a line-oriented subcommand made of one input line.
enum LineOutcome {
    /// The line was fine: write these bytes as its output line.
    case accepted([UInt8])
    /// The line was fine and its output is already written (see
    /// ``LineLoop/run(_:writing:)``).
    case written
    /// The line was rejected: write `output` as its output line (often empty, or `invalid`)
    /// and, when `reason` is given, report `line N: reason` on standard error.
    case rejected(output: [UInt8], reason: String?)
}

/// Drives a line-oriented subcommand per the shared CLI contract.
///
/// Each input line (an argument, or a line of standard input) yields exactly one output line,
/// in order. An over-long line is rejected without being read into memory. When any line was
/// rejected, the run ends with exit status 1.
enum LineLoop {
    /// Processes every line of `input` with `transform`.
    /// - Throws: `ExitCode(1)` after the last line when any line was rejected;
    ///   ``SanitizeError`` when input or output fails.
    static func run(
        _ input: LineInput,
        oversized: [UInt8] = [],
        _ transform: (UnsafeRawBufferPointer) throws -> LineOutcome
    ) throws {
        try run(input, oversized: oversized, writing: { bytes, _ in try transform(bytes) })
    }

    /// Processes every line of `input` with `transform`, which may write a line's output
    /// straight to standard output's buffer and return ``LineOutcome/written``. A transform
    /// that rejects a line must not have written any of it.
    /// - Parameters:
    ///   - input: the arguments or standard input, and the line limit.
    ///   - oversized: the output line of a line over `--max-line-bytes`, which is rejected
    ///     unread: the subcommand's own rejection line (`invalid` for a checker, a JSON error
    ///     line for `challenge`), empty for a transformer.
    ///   - transform: makes one line's outcome.
    /// - Throws: `ExitCode(1)` after the last line when any line was rejected;
    ///   ``SanitizeError`` when input or output fails.
    static func run(
        _ input: LineInput,
        oversized: [UInt8] = [],
        writing transform: (UnsafeRawBufferPointer, inout OutputWriter) throws -> LineOutcome
    ) throws {
        // One struct, not local variables captured by nested functions: captured variables
        // are boxed and every access pays a dynamic exclusivity check, on every line.
        var sink = LineSink()

        if input.values.isEmpty {
            try SameFileCheck.checkStandardOutput(against: ["-"])
            var reader = LineReader(descriptor: 0, maxLineBytes: input.maxLineBytes)
            while let line = try reader.next() {
                switch line {
                case .bytes(let number, let bytes):
                    try sink.emit(try transform(bytes, &sink.output), line: number, endsInCR: bytes.last == 0x0D)
                case .oversized(let number, let byteCount):
                    try sink.emit(
                        .rejected(
                            output: oversized,
                            reason: "line is \(byteCount) bytes, over the limit of \(input.maxLineBytes) [limit-exceeded]"),
                        line: number)
                }
                if !reader.canReadWithoutWaiting { try sink.flushBoth() }
            }
        } else {
            // Arguments obey the rules of lines: their bytes as the shell passed them (invalid
            // UTF-8 is the transform's to reject, never repaired), and one argument is one line.
            for (index, value) in input.values.enumerated() {
                let bytes = RawArguments.bytes(of: value)
                if let newline = bytes.firstIndex(of: 0x0A) {
                    try sink.emit(
                        .rejected(
                            output: [],
                            reason: "the argument holds a line feed at byte \(newline); one value is one line [line-feed]"),
                        line: index + 1)
                    continue
                }
                try bytes.withUnsafeBytes { raw throws in
                    try sink.emit(try transform(raw, &sink.output), line: index + 1, endsInCR: raw.last == 0x0D)
                }
            }
        }
        try sink.flushBoth()
        if sink.rejected > 0 { throw ExitCode(1) }
    }
}

/// Where a line loop's results go: standard output, the reasons on standard error, the count
/// of rejected lines.
private struct LineSink: ~Copyable {
    var output = OutputWriter(descriptor: 1)
    var errors = OutputWriter(descriptor: 2)
    var rejected = 0

    /// Writes one line's output line, and its reason when it was rejected.
    mutating func emit(_ outcome: LineOutcome, line number: Int, endsInCR: Bool = false) throws {
        switch outcome {
        case .accepted(let bytes):
            try output.write(bytes)
        case .written:
            break
        case .rejected(let bytes, let reason):
            rejected += 1
            try output.write(bytes)
            if let reason {
                // Written piece by piece: an input with many rejected lines builds no String per line.
                try errors.write("sanitize: line ")
                try errors.write(decimal: number)
                try errors.write(": ")
                try errors.write(reason)
                if endsInCR {
                    try errors.write(" (the line ends with a carriage return: CRLF line ends? remove the CRs first)")
                }
                try errors.write(byte: 0x0A)
            }
        }
        try output.write(byte: 0x0A)
    }

    /// Both outputs go out whenever the input has nothing more ready (someone typing, a slow
    /// producer), so answers never wait for a full buffer, and stdout before stderr, so a
    /// terminal shows them in step.
    mutating func flushBoth() throws {
        try output.flush()
        try errors.flush()
    }
}
