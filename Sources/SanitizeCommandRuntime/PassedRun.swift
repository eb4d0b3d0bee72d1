/// Records written as they came (passed, or kept by `--on-invalid keep`) that lie one after
/// another in a batch's buffer, each followed there by its `\n`
/// (``RecordBatch/forEach(_:bufferEnds:)``): written to the output as one span when something
/// else is to be written, or when the buffer ends.
///
/// (An append per record and one for its `\n` cost a valid record about 120 instructions.)
struct PassedRun {
    /// The run's bytes, each record's `\n` included; empty when there is none.
    private var span = UnsafeRawBufferPointer(start: nil, count: 0)

    /// Adds a record written as it came; a record that does not follow the run's last one in the
    /// buffer first writes the run to `output`.
    /// - Parameter record: the record's bytes, followed in their buffer by its `\n`.
    @inline(__always)
    mutating func add(_ record: UnsafeRawBufferPointer, writingTo output: inout [UInt8]) {
        guard let start = record.baseAddress else {
            // No bytes: nothing to gather (a blank line never gets here; written all the same).
            write(to: &output)
            output.append(0x0A)
            return
        }
        if let runStart = span.baseAddress, start == runStart + span.count {
            span = .init(start: runStart, count: span.count + record.count + 1)
            return
        }
        write(to: &output)
        span = .init(start: start, count: record.count + 1)
    }

    /// Writes the run to `output`, which it leaves empty.
    mutating func write(to output: inout [UInt8]) {
        guard !span.isEmpty else { return }
        output.append(contentsOf: span)
        span = .init(start: nil, count: 0)
    }
}
