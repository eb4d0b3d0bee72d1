/// Splits a file descriptor's bytes into lines, fast and with bounded memory.
///
/// Reads with `read(2)` into one reused buffer and finds line ends with `memchr` (both through
/// ``SystemCalls``). Only `\n`
/// ends a line; a `\r` before it is kept as part of the line, because the sanitizers treat
/// it as data. A final line without `\n` is still a line. A line longer than `maxLineBytes`
/// is not buffered: it is reported as ``Line/oversized(number:byteCount:)`` and skipped up
/// to its end, so memory stays at about `maxLineBytes` plus the read buffer whatever the
/// input.
package struct LineReader: ~Copyable {
    /// One line of input.
    package enum Line {
        /// A line's bytes, without the `\n`. The buffer is valid only until the next call.
        case bytes(number: Int, UnsafeRawBufferPointer)
        /// A line longer than the limit: its number and full length; its bytes are gone.
        case oversized(number: Int, byteCount: Int)
    }

    private let descriptor: Int32
    private let maxLineBytes: Int
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0  // first byte of the unconsumed region
    private var end = 0  // one past the last valid byte
    private var atEOF = false
    private var lineNumber = 0
    /// A newline at or after `start` that ``canReadWithoutWaiting`` found, or -1, so that
    /// ``next()`` does not search for it again.
    private var knownNewline = -1

    /// Creates a reader over an open descriptor; the caller keeps ownership of it.
    /// - Parameters:
    ///   - descriptor: a readable file descriptor, such as `0` for standard input.
    ///   - maxLineBytes: the longest line kept, in bytes (default 16 MiB).
    ///   - linesBefore: lines already read from the descriptor some other way: the first line
    ///     read here is numbered `linesBefore + 1`.
    package init(descriptor: Int32, maxLineBytes: Int = 16 << 20, linesBefore: Int = 0) {
        self.descriptor = descriptor
        self.maxLineBytes = max(1, maxLineBytes)
        self.lineNumber = linesBefore
        // 256 KiB: a filter batch (256 KiB) fills from one or two reads, not four or more.
        self.buffer = .allocate(byteCount: 1 << 18, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Returns the next line, or `nil` at the end of input.
    /// - Throws: ``SanitizeError`` with code `io` when `read(2)` fails.
    package mutating func next() throws -> Line? {
        if knownNewline >= start {
            let newline = knownNewline
            knownNewline = -1
            defer { start = newline + 1 }
            return line(from: start, to: newline)
        }
        var scanned = 0  // bytes after `start` already known to hold no newline
        while true {
            let searchFrom = start + scanned
            if let offset = SystemCalls.firstOffset(of: 0x0A, at: buffer.baseAddress! + searchFrom, count: end - searchFrom) {
                let newline = searchFrom + offset
                defer { start = newline + 1 }
                return line(from: start, to: newline)
            }
            scanned = end - start
            if atEOF {
                guard start < end else { return nil }
                defer { start = end }
                return line(from: start, to: end)
            }
            if scanned > maxLineBytes {
                return try skipOversizedLine()
            }
            try fill()
        }
    }

    /// Complete lines already in the buffer, taken as one block: from the current position
    /// through the last `\n` among the next `limit` buffered bytes. `nil` when no complete line
    /// is buffered (``next()`` then reads on).
    ///
    /// The block is never longer than `maxLineBytes`, so no line in it is over the limit. It
    /// lets a caller move many short lines at once instead of one call per line.
    /// - Parameter limit: the most bytes wanted.
    /// - Returns: the number of the block's first line, its line count, and its bytes, each
    ///   line ending in `\n`; valid until the next call.
    package mutating func bufferedLines(upTo limit: Int) -> (firstNumber: Int, lineCount: Int, bytes: UnsafeRawBufferPointer)? {
        let available = min(end - start, limit, maxLineBytes)
        guard available > 0 else { return nil }
        var stop = available
        while stop > 0 && buffer[start + stop - 1] != 0x0A { stop -= 1 }
        guard stop > 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[start..<(start + stop)])
        let lines = Self.countNewlines(bytes)
        let firstNumber = lineNumber + 1
        lineNumber += lines
        start += stop
        knownNewline = -1
        return (firstNumber, lines, bytes)
    }

    /// The number of `\n` bytes (by `memchr`, which is vectorized).
    static func countNewlines(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var cursor = 0
        var total = 0
        while let offset = SystemCalls.firstOffset(of: 0x0A, at: base + cursor, count: bytes.count - cursor) {
            total += 1
            cursor += offset + 1
        }
        return total
    }

    /// Whether ``next()`` can return a line without waiting for the input: a whole line is
    /// buffered, the input has ended, or the descriptor has bytes ready now.
    ///
    /// A pipeline uses this to hand on what it has instead of waiting for a slow producer.
    package var canReadWithoutWaiting: Bool {
        mutating get {
            if atEOF || knownNewline >= start { return true }
            if let offset = SystemCalls.firstOffset(of: 0x0A, at: buffer.baseAddress! + start, count: end - start) {
                knownNewline = start + offset
                return true
            }
            return SystemCalls.hasInputReady(descriptor)
        }
    }

    /// The line held in `buffer[from..<to]`, or its length when it is over the limit.
    private mutating func line(from lower: Int, to upper: Int) -> Line {
        lineNumber += 1
        guard upper - lower <= maxLineBytes else {
            return .oversized(number: lineNumber, byteCount: upper - lower)
        }
        return .bytes(number: lineNumber, UnsafeRawBufferPointer(rebasing: buffer[lower..<upper]))
    }

    /// Makes room (compacting or growing the buffer) and reads more bytes.
    private mutating func fill() throws {
        knownNewline = -1
        if start > 0 {
            let pending = end - start
            if pending > 0 {
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: pending)
            }
            start = 0
            end = pending
        }
        if end == buffer.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(
                byteCount: min(buffer.count * 2, maxLineBytes + (1 << 16)), alignment: 16)
            grown.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end)
            buffer.deallocate()
            buffer = grown
        }
        let count = try readSome(into: buffer.baseAddress! + end, capacity: buffer.count - end)
        if count == 0 { atEOF = true } else { end += count }
    }

    /// Discards the rest of a line that is over the limit and reports its length.
    private mutating func skipOversizedLine() throws -> Line {
        var length = end - start
        knownNewline = -1
        start = 0
        end = 0
        lineNumber += 1
        while true {
            let count = try readSome(into: buffer.baseAddress!, capacity: buffer.count)
            if count == 0 {
                atEOF = true
                return .oversized(number: lineNumber, byteCount: length)
            }
            if let newline = SystemCalls.firstOffset(of: 0x0A, at: buffer.baseAddress!, count: count) {
                length += newline
                start = newline + 1
                end = count
                return .oversized(number: lineNumber, byteCount: length)
            }
            length += count
        }
    }

    private func readSome(into pointer: UnsafeMutableRawPointer, capacity: Int) throws -> Int {
        do throws(SystemCalls.Failure) {
            return try SystemCalls.readBytes(descriptor, into: pointer, count: capacity)
        } catch {
            throw SanitizeError(.io, "cannot read input: \(error.text)")
        }
    }
}
