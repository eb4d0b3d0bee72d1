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
        _ transform: (UnsafeRawBufferPointer) throws -> LineOutcome
    ) throws {
        try run(input, writing: { bytes, _ in try transform(bytes) })
    }

    /// Processes every line of `input` with `transform`, which may write a line's output
    /// straight to standard output's buffer and return ``LineOutcome/written``. A transform
    /// that rejects a line must not have written any of it.
    /// - Throws: `ExitCode(1)` after the last line when any line was rejected;
    ///   ``SanitizeError`` when input or output fails.
    static func run(
        _ input: LineInput,
        writing transform: (UnsafeRawBufferPointer, inout OutputWriter) throws -> LineOutcome
    ) throws {
        var output = OutputWriter(descriptor: 1)
        var errors = OutputWriter(descriptor: 2)
        var rejected = 0

        func emit(_ outcome: LineOutcome, line number: Int, endsInCR: Bool = false) throws {
            switch outcome {
            case .accepted(let bytes):
                try output.write(bytes)
            case .written:
                break
            case .rejected(let bytes, let reason):
                rejected += 1
                try output.write(bytes)
                if let reason {
                    let hint = endsInCR ? " (the line ends with a carriage return: CRLF line ends? remove the CRs first)" : ""
                    try errors.write("sanitize: line \(number): \(reason)\(hint)\n")
                }
            }
            try output.write(byte: 0x0A)
        }

        /// Runs `transform` on one line and emits its outcome.
        func process(_ bytes: UnsafeRawBufferPointer, line number: Int) throws {
            let outcome = try transform(bytes, &output)
            try emit(outcome, line: number, endsInCR: bytes.last == 0x0D)
        }

        /// Both outputs go out whenever the input has nothing more ready (someone typing,
        /// a slow producer), so answers never wait for a full buffer, and stdout before
        /// stderr, so a terminal shows them in step.
        func flushBoth() throws {
            try output.flush()
            try errors.flush()
        }

        if input.values.isEmpty {
            var reader = LineReader(descriptor: 0, maxLineBytes: input.maxLineBytes)
            while let line = try reader.next() {
                switch line {
                case .bytes(let number, let bytes):
                    try process(bytes, line: number)
                case .oversized(let number, let byteCount):
                    try emit(
                        .rejected(
                            output: [],
                            reason: "line is \(byteCount) bytes, over the limit of \(input.maxLineBytes) [limit-exceeded]"),
                        line: number)
                }
                if !reader.canReadWithoutWaiting { try flushBoth() }
            }
        } else {
            // Arguments obey the rules of lines: their bytes as the shell passed them (invalid
            // UTF-8 is the transform's to reject, never repaired), and one argument is one line.
            for (index, value) in input.values.enumerated() {
                let bytes = RawArguments.bytes(of: value)
                if let newline = bytes.firstIndex(of: 0x0A) {
                    try emit(
                        .rejected(
                            output: [],
                            reason: "the argument holds a line feed at byte \(newline); one value is one line [line-feed]"),
                        line: index + 1)
                    continue
                }
                try bytes.withUnsafeBytes { raw throws in try process(raw, line: index + 1) }
            }
        }
        try flushBoth()
        if rejected > 0 { throw ExitCode(1) }
    }
}
