package import SanitizeKit

/// A run of consecutive input lines that a worker thread can own: copied into a buffer of the
/// batch's own by the reader (``RecordBatchReader``), so that the thread that reads the input
/// also copies it, and what a worker judges and writes is what it found.
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
        /// Consecutive lines from offset `start`, numbered from `firstNumber`, each ending at
        /// the next of ``lineEnds`` from `endsStart` on.
        case lines(firstNumber: Int, count: Int, start: Int, endsStart: Int)
        case oversized(number: Int, byteCount: Int)
    }

    /// The batch's bytes, in a buffer handed back to the pool it came from when the last batch
    /// that holds it is gone (``ByteBufferPool``: the next batch writes into pages that are
    /// already there; a new buffer per batch was a page fault per 4 KiB of input).
    ///
    /// `@unchecked Sendable`: `bytes` is changed only by a batch that holds the only reference
    /// (``RecordBatch/uniqueStorage()`` copies it first otherwise), before the batch is handed on.
    private final class Storage: @unchecked Sendable {
        var bytes: [UInt8]
        let pool: ByteBufferPool?

        init(bytes: [UInt8], pool: ByteBufferPool?) {
            self.bytes = bytes
            self.pool = pool
        }

        deinit { pool?.recycle(bytes) }
    }

    private var storage: Storage
    private var entries: [Entry] = []
    /// The offset of each copied line's `\n`, found in the copy by the thread that copied it
    /// (``appendLines(copying:of:firstNumber:maxRecordBytes:maxLines:)``).
    private var lineEnds: [Int] = []
    /// Whether a copy did not hold the lines its caller counted (``append(lines:count:firstNumber:)``).
    private var broken = false

    /// The number of lines in the batch.
    package private(set) var count = 0
    /// The bytes the batch holds.
    package private(set) var byteCount = 0

    /// Creates an empty batch with room for `capacity` bytes, taken from `pool` when given (and
    /// handed back to it when the batch is gone).
    package init(capacity: Int = 0, buffers pool: ByteBufferPool? = nil) {
        var bytes = pool?.take(capacity: capacity) ?? []
        bytes.reserveCapacity(capacity)
        storage = Storage(bytes: bytes, pool: pool)
    }

    /// The storage, made this batch's alone first if a copy of the batch shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(bytes: storage.bytes, pool: nil) }
        return storage
    }

    /// Appends a copy of a line, and a `\n` after it (a last line may have come without one:
    /// ``forEach(_:bufferEnds:)`` hands on every line with its `\n`).
    package mutating func append(line: UnsafeRawBufferPointer, number: Int) {
        let storage = uniqueStorage()
        let start = storage.bytes.count
        storage.bytes.append(contentsOf: line)
        entries.append(.line(number: number, start: start, end: storage.bytes.count))
        storage.bytes.append(0x0A)
        count += 1
        byteCount = storage.bytes.count
    }

    /// Appends a copy of `lineCount` consecutive lines, each ending in `\n`, found in the copy
    /// (``appendLines(copying:of:firstNumber:maxRecordBytes:maxLines:)``): a copy that does not
    /// hold `lineCount` lines, the last ending where it ends, breaks the batch
    /// (``forEach(_:bufferEnds:)``).
    package mutating func append(lines: UnsafeRawBufferPointer, count lineCount: Int, firstNumber: Int) {
        let taken = appendLines(copying: 0..<lines.count, of: lines, firstNumber: firstNumber, maxRecordBytes: .max, maxLines: lineCount)
        if taken.lines != lineCount || taken.bytes != lines.count { broken = true }
    }

    /// Appends the whole lines at the start of bytes `range` of `source`, at most `maxLines` of
    /// them, as a copy in which they are found: by the thread that copies, the reader's (with
    /// `--jobs 1` on a machine with a core to spare, not the worker's). A line of more than
    /// `maxRecordBytes` is an oversized record (its bytes not handed on). What follows the lines
    /// (a line the range cuts, lines past `maxLines`) is not kept.
    /// - Returns: the bytes of the range those lines took, each with its `\n`, and their number.
    package mutating func appendLines(
        copying range: Range<Int>, of source: UnsafeRawBufferPointer, firstNumber: Int, maxRecordBytes: Int, maxLines: Int
    ) -> (bytes: Int, lines: Int) {
        let storage = uniqueStorage()
        let start = storage.bytes.count
        storage.bytes.append(contentsOf: source[range])
        let end = storage.bytes.count
        var offset = start
        var lines = 0
        // The lines since the last oversized one, handed on from the ends recorded.
        var runStart = start
        var runFirst = 0
        func closeRun() {
            if lines > runFirst {
                entries.append(
                    .lines(firstNumber: firstNumber + runFirst, count: lines - runFirst, start: runStart, endsStart: lineEnds.count - (lines - runFirst)))
            }
        }
        storage.bytes.withUnsafeBytes { copy in
            while lines < maxLines, let length = SystemCalls.firstOffset(of: 0x0A, at: copy.baseAddress! + offset, count: end - offset) {
                if length > maxRecordBytes {
                    closeRun()
                    entries.append(.oversized(number: firstNumber + lines, byteCount: length))
                    runStart = offset + length + 1
                    runFirst = lines + 1
                } else {
                    lineEnds.append(offset + length)
                }
                offset += length + 1
                lines += 1
            }
        }
        closeRun()
        storage.bytes.removeLast(end - offset)
        count += lines
        byteCount = storage.bytes.count
        return (offset - start, lines)
    }

    /// Appends a line that was too long to keep.
    package mutating func appendOversized(number: Int, byteCount: Int) {
        entries.append(.oversized(number: number, byteCount: byteCount))
        count += 1
    }

    /// Calls `body` with each line in order, then `bufferEnds` once, after the last line.
    ///
    /// A line's bytes are followed in the batch's buffer by the line's `\n`, and stay valid
    /// (and as they are) until `bufferEnds` returns: a caller may gather lines that lie one
    /// after another there and write them, each with its `\n`, as one span (``BatchFilter``'s
    /// run of records passed as they came), in that call at the latest.
    ///
    /// The lines were found in the batch's own copy, where nothing else writes: a line judged is
    /// the line written, and no line handed on holds a `\n`. (A mapped file may change while it
    /// is read: the reader copied it and found its lines in the copy, ``RecordBatchReader``.)
    /// - Returns: `false` when a copy did not hold the lines its caller counted
    ///   (``append(lines:count:firstNumber:)``: the lines from there on are not handed on).
    ///   Nothing made from such a batch may be used.
    @discardableResult
    package func forEach(_ body: (Record) -> Void, bufferEnds: () -> Void = {}) -> Bool {
        storage.bytes.withUnsafeBytes { storage in
            // The lines' bytes stay where they are through this closure, `bufferEnds` included.
            defer { bufferEnds() }
            /// The line of the copy from offset `start` to `end`.
            func line(_ number: Int, _ start: Int, _ end: Int) -> Record {
                .line(number: number, UnsafeRawBufferPointer(rebasing: storage[start..<end]))
            }
            for entry in entries {
                switch entry {
                case .line(let number, let start, let end):
                    body(line(number, start, end))
                case .lines(let firstNumber, let lineCount, let start, let endsStart):
                    var offset = start
                    for index in 0..<lineCount {
                        let end = lineEnds[endsStart + index]
                        body(line(firstNumber + index, offset, end))
                        offset = end + 1
                    }
                case .oversized(let number, let byteCount):
                    body(.oversized(number: number, byteCount: byteCount))
                }
            }
        }
        return !broken
    }
}

/// Reads a descriptor into ``RecordBatch``es of about `targetBytes` each.
///
/// A regular file of at least ``minimumMappedBytes`` is mapped (``SystemCalls/FileMapping``)
/// from its current offset through its last `\n`; each batch's room is copied out of it at once
/// and its lines found in the copy (the reader's work: with `--jobs 1` on a machine with a core
/// to spare, the reading thread's, not the worker's). What follows (a last line without `\n`,
/// bytes appended since) is read with `read(2)`, as is every other input.
///
/// `@unchecked Sendable`: it is created on one thread and then used by one thread at a time,
/// the one that produces the next item of ``OrderedWorkers`` (under its lock's order).
package final class RecordBatchReader: @unchecked Sendable {
    private var reader: LineReader
    private let descriptor: Int32
    private let maxRecordBytes: Int
    private let targetBytes: Int
    private let maxLines: Int
    /// Where batch buffers come from (and go back to, once their batch is gone), if anywhere.
    private let buffers: ByteBufferPool?
    /// The mapped part of the input while it lasts.
    private var mapped: MappedInput?
    /// Whether the input was mapped (the tests ask).
    package let isMapped: Bool
    /// Whether a read may wait for input to arrive (a pipe, a terminal, a socket: anything but
    /// a regular file). Such an input is read on a thread of its own (``OrderedWorkers``), so
    /// that a batch already done is written while the next one waits for its records.
    package let readsMayWait: Bool

    /// The smallest input worth mapping.
    package static let minimumMappedBytes = 1 << 20
    /// How much of the mapping behind the reader stays resident before its pages are dropped.
    static let residentMappedBytes = 4 << 20

    /// The mapped part of a file and how far the batches have reached.
    private struct MappedInput {
        let mapping: SystemCalls.FileMapping
        /// The mapped bytes through the last `\n`: what the batches cover.
        let count: Int
        var position = 0
        var lineNumber = 0
        var droppedBefore = 0
    }

    /// Creates a batch reader over an open descriptor.
    /// - Parameters:
    ///   - descriptor: the input; the caller keeps ownership.
    ///   - maxRecordBytes: a longer line becomes an oversized record.
    ///   - targetBytes: a batch closes once it holds this many bytes (default 256 KiB).
    ///   - maxLines: a batch closes at this many lines (default 4096).
    ///   - mapping: whether a large regular file may be mapped (tests turn it off to compare).
    ///   - buffers: where the batches' buffers come from and go back to (a new buffer per
    ///     batch when `nil`).
    package init(
        descriptor: Int32, maxRecordBytes: Int, targetBytes: Int = 256 << 10, maxLines: Int = 4096, mapping: Bool = true,
        buffers: ByteBufferPool? = nil
    ) {
        self.buffers = buffers
        reader = LineReader(descriptor: descriptor, maxLineBytes: maxRecordBytes)
        self.descriptor = descriptor
        self.maxRecordBytes = max(1, maxRecordBytes)
        self.targetBytes = targetBytes
        self.maxLines = maxLines
        let status = SystemCalls.status(of: descriptor)
        mapped = mapping ? Self.map(descriptor, status: status) : nil
        isMapped = mapped != nil
        readsMayWait = status?.kind != .regular
    }

    /// Maps a regular file from its offset through its last `\n` and moves the descriptor's
    /// offset past it, where `read(2)` takes over; `nil` when the input is not worth mapping.
    private static func map(_ descriptor: Int32, status: SystemCalls.FileStatus?) -> MappedInput? {
        guard let status, status.kind == .regular,
            let offset = SystemCalls.currentOffset(of: descriptor), status.size - offset >= minimumMappedBytes,
            let whole = SystemCalls.FileMapping.map(descriptor, from: offset, count: status.size - offset)
        else { return nil }
        // Through the last `\n`: a line still being written ends in what `read(2)` finds later.
        let end = endOfLastLine(whole.bytes)
        guard end >= minimumMappedBytes, !whole.shrank, SystemCalls.seek(descriptor, to: offset + end) else {
            _ = SystemCalls.seek(descriptor, to: offset)
            return nil
        }
        return MappedInput(mapping: whole, count: end)
    }

    /// The offset just past the last `\n` of `bytes`, 0 when there is none: `memchr` forward
    /// over windows taken from the end (vectorized, where a byte loop backwards is not: a file
    /// whose last line is gigabytes long is searched at `memchr`'s speed).
    static func endOfLastLine(_ bytes: UnsafeRawBufferPointer) -> Int {
        let window = 64 << 10
        var windowEnd = bytes.count
        while windowEnd > 0 {
            let windowStart = max(0, windowEnd - window)
            var cursor = windowStart
            var last = -1
            while let hit = SystemCalls.firstOffset(of: 0x0A, at: bytes.baseAddress! + cursor, count: windowEnd - cursor) {
                last = cursor + hit
                cursor = last + 1
            }
            if last >= 0 { return last + 1 }
            windowEnd = windowStart
        }
        return 0
    }

    /// Returns the next batch, or `nil` at the end of input.
    ///
    /// A batch closes when it is full, or early when the input has nothing more ready, so a
    /// slow producer's records still go out as they come.
    /// - Throws: ``SanitizeError`` (`io`) when reading fails, or when a mapped file shrank or
    ///   changed in place while it was read.
    package func next() throws -> RecordBatch? {
        if mapped != nil {
            if let batch = try nextMapped() { return batch }
            // The mapped part is done: `read(2)` goes on after it, numbering on.
            reader = LineReader(descriptor: descriptor, maxLineBytes: maxRecordBytes, linesBefore: mapped!.lineNumber)
            mapped = nil
        }
        var batch = RecordBatch(capacity: targetBytes + (64 << 10), buffers: buffers)
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

    /// The next batch of the mapped part, or `nil` when it is done.
    private func nextMapped() throws -> RecordBatch? {
        guard var input = mapped, input.position < input.count else { return nil }
        defer { mapped = input }
        let bytes = input.mapping.bytes
        var batch = RecordBatch(capacity: targetBytes + (64 << 10), buffers: buffers)
        while input.position < input.count && batch.byteCount < targetBytes && batch.count < maxLines {
            // The batch's room copied at once, its lines found in the copy: the mapping is read
            // once, by the copy (a count in the mapping first, then the copy, took a C loop 50 ms
            // over 150 MB against 30). A file changed meanwhile is seen as the copy shows it,
            // whose lines are the ones handed on.
            let windowEnd = min(input.count, input.position + targetBytes - batch.byteCount)
            var taken = batch.appendLines(
                copying: input.position..<windowEnd, of: bytes, firstNumber: input.lineNumber + 1, maxRecordBytes: maxRecordBytes,
                maxLines: maxLines - batch.count)
            if taken.lines == 0 {
                // The window cuts its first line: its end found in the mapping, which ends in
                // `\n` (a line without one, or a copy without it, means the file changed under us).
                guard let length = SystemCalls.firstOffset(of: 0x0A, at: bytes.baseAddress! + input.position, count: input.count - input.position)
                else { throw Self.changedInput }
                if length > maxRecordBytes {
                    batch.appendOversized(number: input.lineNumber + 1, byteCount: length)
                    taken = (length + 1, 1)
                } else {
                    taken = batch.appendLines(
                        copying: input.position..<(input.position + length + 1), of: bytes, firstNumber: input.lineNumber + 1,
                        maxRecordBytes: maxRecordBytes, maxLines: 1)
                    guard taken.lines == 1 else { throw Self.changedInput }
                }
            }
            input.position += taken.bytes
            input.lineNumber += taken.lines
        }
        // After the copies: a file that shrank meanwhile left zeros in them, never handed on.
        if input.mapping.shrank { throw Self.changedInput }
        if input.position - input.droppedBefore >= 2 * Self.residentMappedBytes {
            input.droppedBefore = input.position - Self.residentMappedBytes
            input.mapping.dropPages(before: input.droppedBefore)
        }
        return batch
    }

    /// The error for a mapped input that shrank or changed in place while it was read.
    package static let changedInput = SanitizeError(
        .io, "the input file shrank or changed while it was read (another process wrote to it); the output stops before the records that were lost")
}
