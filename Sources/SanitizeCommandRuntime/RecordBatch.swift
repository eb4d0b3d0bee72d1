import SanitizeKit

/// A run of consecutive input lines, copied out of the reader's buffer so that a worker
/// thread can own them.
package struct RecordBatch: Sendable {
    /// One line of the batch.
    package enum Record {
        /// The line's bytes, without the `\n`.
        case line(number: Int, UnsafeRawBufferPointer)
        /// A line over the size limit: only its length is known.
        case oversized(number: Int, byteCount: Int)
    }

    private enum Entry {
        case line(number: Int, start: Int, end: Int)
        /// Consecutive lines, each ending in `\n`, numbered from `firstNumber`.
        case lines(firstNumber: Int, count: Int, start: Int, end: Int)
        case oversized(number: Int, byteCount: Int)
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []

    /// The number of lines in the batch.
    package private(set) var count = 0
    /// The bytes the batch holds.
    package var byteCount: Int { bytes.count }

    /// Creates an empty batch with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends a copy of a line.
    package mutating func append(line: UnsafeRawBufferPointer, number: Int) {
        let start = bytes.count
        bytes.append(contentsOf: line)
        entries.append(.line(number: number, start: start, end: bytes.count))
        count += 1
    }

    /// Appends a copy of consecutive lines, each ending in `\n`.
    package mutating func append(lines: UnsafeRawBufferPointer, count lineCount: Int, firstNumber: Int) {
        let start = bytes.count
        bytes.append(contentsOf: lines)
        entries.append(.lines(firstNumber: firstNumber, count: lineCount, start: start, end: bytes.count))
        count += lineCount
    }

    /// Appends a line that was too long to keep.
    package mutating func appendOversized(number: Int, byteCount: Int) {
        entries.append(.oversized(number: number, byteCount: byteCount))
        count += 1
    }

    /// Calls `body` with each line in order; the buffers are valid only during the call.
    package func forEach(_ body: (Record) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { storage in
            for entry in entries {
                switch entry {
                case .line(let number, let start, let end):
                    try body(.line(number: number, UnsafeRawBufferPointer(rebasing: storage[start..<end])))
                case .lines(let firstNumber, let lineCount, var start, let end):
                    for number in firstNumber..<firstNumber + lineCount {
                        let stop = start + SystemCalls.firstOffset(of: 0x0A, at: storage.baseAddress! + start, count: end - start)!
                        try body(.line(number: number, UnsafeRawBufferPointer(rebasing: storage[start..<stop])))
                        start = stop + 1
                    }
                case .oversized(let number, let byteCount):
                    try body(.oversized(number: number, byteCount: byteCount))
                }
            }
        }
    }
}

/// Reads a descriptor into ``RecordBatch``es of about `targetBytes` each.
///
/// `@unchecked Sendable`: it is created on one thread and then used only by the single
/// producer thread of ``OrderedWorkers``; nothing else touches the reader.
package final class RecordBatchReader: @unchecked Sendable {
    private var reader: LineReader
    private let targetBytes: Int
    private let maxLines: Int

    /// Creates a batch reader over an open descriptor.
    /// - Parameters:
    ///   - descriptor: the input; the caller keeps ownership.
    ///   - maxRecordBytes: a longer line becomes an oversized record.
    ///   - targetBytes: a batch closes once it holds this many bytes (default 256 KiB).
    ///   - maxLines: a batch closes at this many lines (default 4096).
    package init(descriptor: Int32, maxRecordBytes: Int, targetBytes: Int = 256 << 10, maxLines: Int = 4096) {
        reader = LineReader(descriptor: descriptor, maxLineBytes: maxRecordBytes)
        self.targetBytes = targetBytes
        self.maxLines = maxLines
    }

    /// Returns the next batch, or `nil` at the end of input.
    ///
    /// A batch closes when it is full, or early when the input has nothing more ready, so a
    /// slow producer's records still go out as they come.
    /// - Throws: ``SanitizeError`` (`io`) when reading fails.
    package func next() throws -> RecordBatch? {
        var batch = RecordBatch(capacity: targetBytes + (64 << 10))
        while batch.byteCount < targetBytes && batch.count < maxLines {
            // Whole buffered lines move as one block; one line at a time only around reads.
            if let block = reader.bufferedLines(upTo: targetBytes - batch.byteCount) {
                batch.append(lines: block.bytes, count: block.lineCount, firstNumber: block.firstNumber)
                continue
            }
            guard batch.count == 0 || reader.canReadWithoutWaiting, let line = try reader.next() else { break }
            switch line {
            case .bytes(let number, let bytes): batch.append(line: bytes, number: number)
            case .oversized(let number, let byteCount): batch.appendOversized(number: number, byteCount: byteCount)
            }
        }
        return batch.count == 0 ? nil : batch
    }
}
