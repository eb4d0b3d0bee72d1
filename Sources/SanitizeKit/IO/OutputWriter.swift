/// A buffered writer over a file descriptor that never crashes on a closed pipe.
///
/// Bytes collect in one 64 KiB buffer and go out with `write(2)`, retried on `EINTR` and on
/// short writes. When the reader has gone away (`EPIPE`, as in `sanitize … | head -1`),
/// the writer calls `onBrokenPipe`, which by default ends the process quietly with status 0.
/// Call ``SystemCalls/ignoreBrokenPipeSignal()`` once at start-up so that a closed pipe shows up as
/// `EPIPE` rather than killing the process.
package struct OutputWriter: ~Copyable {
    private let descriptor: Int32
    private var buffer: UnsafeMutableRawBufferPointer
    private var count = 0
    private let onBrokenPipe: () -> Never

    /// Creates a writer; the caller keeps ownership of the descriptor.
    /// - Parameters:
    ///   - descriptor: a writable descriptor, such as `1` for standard output.
    ///   - capacity: the buffer size in bytes (default 64 KiB).
    ///   - onBrokenPipe: what to do when the reader has closed the pipe.
    package init(
        descriptor: Int32, capacity: Int = 1 << 16,
        onBrokenPipe: @escaping () -> Never = { SystemCalls.terminate(status: 0) }
    ) {
        self.descriptor = descriptor
        self.buffer = .allocate(byteCount: max(capacity, 64), alignment: 16)
        self.onBrokenPipe = onBrokenPipe
    }

    deinit {
        try? writeAll(pending)
        buffer.deallocate()
    }

    /// What every writer of the process does when its reader has gone away, instead of its own
    /// `onBrokenPipe`; `nil` (the default) leaves each writer's own. A command-line tool sets
    /// it once at start-up, before any thread starts (so reading it unsynchronized is safe).
    nonisolated(unsafe) package static var processBrokenPipe: (() -> Never)?

    /// What every writer of the process does when a write fails for another reason (a full
    /// disk, `/dev/full`, an I/O error): called with the descriptor and the error instead of
    /// throwing, so the failure ends the command at once wherever it happens, even inside code
    /// that would otherwise take the thrown error for a problem of one input line. `nil` (the
    /// default): the write throws. Set once at start-up, as ``processBrokenPipe``.
    nonisolated(unsafe) package static var processWriteFailure: ((Int32, SanitizeError) -> Never)?

    /// Appends raw bytes.
    /// - Throws: ``SanitizeError`` with code `io` when the descriptor cannot be written.
    package mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        if count + bytes.count > buffer.count {
            try flush()
            if bytes.count >= buffer.count {
                try writeAll(bytes)
                return
            }
        }
        (buffer.baseAddress! + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends the bytes of an array. (The generic overload below, called from another module,
    /// reaches an array's storage through its witness table: about 150 instructions a call.)
    package mutating func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Appends the bytes of a contiguous collection (another is copied into an array first).
    package mutating func write(_ bytes: some Collection<UInt8>) throws {
        let written: Void? = try bytes.withContiguousStorageIfAvailable { storage throws in
            try write(UnsafeRawBufferPointer(storage))
        }
        if written == nil { try write(Array(bytes)) }  // an array is contiguous: one copy
    }

    /// Lets `body` write at most `capacity` bytes straight into the buffer, with no copy in
    /// between; `body` returns how many it wrote. When `body` throws, nothing is written.
    ///
    /// The buffer is flushed first when the bytes might not fit, and grows when `capacity` is
    /// larger than it (it keeps that size, so a run of long lines allocates once).
    /// - Throws: what `body` throws; ``SanitizeError`` `io` when a flush fails.
    package mutating func append(
        reservingCapacity capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) throws -> Int
    ) throws {
        if count + capacity > buffer.count {
            try flush()
            if capacity > buffer.count {
                buffer.deallocate()
                buffer = .allocate(byteCount: capacity, alignment: 16)
            }
        }
        let start = (buffer.baseAddress! + count).assumingMemoryBound(to: UInt8.self)
        let written = try body(start)
        precondition(written >= 0 && written <= capacity, "wrote past the reserved capacity")
        count += written
    }

    /// Appends the UTF-8 bytes of a string.
    package mutating func write(_ text: String) throws {
        try write(text.utf8)  // a native string's UTF-8 is contiguous; a bridged one is copied once
    }

    /// Appends an integer in decimal, without building a `String`.
    package mutating func write(decimal value: Int) throws {
        var magnitude = value.magnitude
        var count = value < 0 ? 1 : 0
        var probe = magnitude
        repeat {
            count += 1
            probe /= 10
        } while probe > 0
        try append(reservingCapacity: count) { out in
            var index = count
            repeat {
                index -= 1
                out[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { out[0] = UInt8(ascii: "-") }
            return count
        }
    }

    /// Appends one byte.
    package mutating func write(byte: UInt8) throws {
        if count == buffer.count { try flush() }
        buffer[count] = byte
        count += 1
    }

    /// Sends everything buffered so far.
    package mutating func flush() throws {
        guard count > 0 else { return }
        let bytes = pending
        count = 0
        try writeAll(bytes)
    }

    /// The bytes buffered and not yet sent.
    private var pending: UnsafeRawBufferPointer { .init(rebasing: buffer[0..<count]) }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            do throws(SystemCalls.Failure) {
                offset += try SystemCalls.writeBytes(descriptor, from: bytes.baseAddress! + offset, count: bytes.count - offset)
            } catch {
                if error.isBrokenPipe { (Self.processBrokenPipe ?? onBrokenPipe)() }
                let ioError = SanitizeError(.io, "cannot write output: \(error.text)")
                if let failure = Self.processWriteFailure { failure(descriptor, ioError) }
                throw ioError
            }
        }
    }
}
