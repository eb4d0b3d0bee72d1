/// A forward-only cursor over the bytes of one input, held in memory or read from a file in
/// bounded chunks, that never reads past a caller-set bound.
///
/// The walkers are written once against this cursor. In memory the window is the whole
/// input; from a file descriptor the window is one reused buffer (256 KiB) refilled with
/// `read(2)`, so memory stays constant however large the file. Skipping a segment of a
/// regular file seeks instead of reading. Every read checks the bound and the real end of
/// input and throws ``WalkStop/endOfInput(offset:)`` instead of trapping, so no byte string
/// can make it crash.
///
/// Invariant: `windowStart <= position <= windowStart + windowCount`, and for a file the
/// next byte `read(2)` returns is the one at `windowStart + windowCount`.
struct ByteReader: ~Copyable {
    /// The most bytes a caller may ask ``require(_:)`` for at once.
    static let maxRequire = 64
    /// Bytes kept before `position` when the window moves, for ``bytesBefore(_:)``.
    static let lookBehind = 64
    /// The default window size for file input.
    static let defaultBufferSize = 256 << 10
    /// The smallest window size accepted.
    static let minimumBufferSize = maxRequire + lookBehind

    private var window: UnsafeRawPointer?
    private var windowStart = 0
    private var windowCount = 0
    /// The absolute offset of the next byte.
    private(set) var position = 0
    /// No byte at or past this offset is ever read (except a one-byte probe of a pipe, see
    /// ``continuesPastLimit()``).
    let limit: Int
    /// What the walk is reading, for the message when input ends.
    var context: StaticString = "the signature"

    private let descriptor: Int32
    private let buffer: UnsafeMutableRawPointer?
    private let bufferSize: Int
    private var exhausted: Bool
    /// The size of a regular file from the starting offset, from `fstat`; `nil` for pipes and memory.
    private let fileSize: Int?
    /// The descriptor's offset when the reader started (positions count from it).
    private let startOffset: Int
    /// Whether the input holds bytes past `limit`, when already known.
    private var beyondLimit: Bool?

    /// A reader over bytes in memory; they must stay valid while the reader is used.
    /// - Parameters:
    ///   - bytes: the whole input.
    ///   - limit: the bound in bytes.
    init(bytes: UnsafeRawBufferPointer, limit: Int) {
        self.limit = max(0, limit)
        window = bytes.baseAddress
        windowCount = min(bytes.count, self.limit)
        descriptor = -1
        buffer = nil
        bufferSize = 0
        exhausted = true
        fileSize = nil
        startOffset = 0
        beyondLimit = bytes.count > self.limit
    }

    /// A reader over an open descriptor, from its current offset; the caller keeps ownership.
    /// - Parameters:
    ///   - descriptor: a readable descriptor (a regular file, a pipe, standard input).
    ///   - limit: the bound in bytes.
    ///   - bufferSize: the window size (tests use tiny ones to cross window edges everywhere).
    init(descriptor: Int32, limit: Int, bufferSize: Int = defaultBufferSize) {
        self.limit = max(0, limit)
        self.descriptor = descriptor
        exhausted = false
        let start = SystemCalls.currentOffset(of: descriptor)
        var windowSize = max(bufferSize, Self.minimumBufferSize)
        // A regular file's size is trusted, except 0: /proc and /sys files report 0 and still hold bytes.
        if let status = SystemCalls.status(of: descriptor), status.kind == .regular, let start, status.size > 0 {
            let size = max(0, status.size - start)
            fileSize = size
            startOffset = start
            beyondLimit = size > self.limit
            // A small file needs no more than its own size: one read, and no large allocation.
            windowSize = min(windowSize, min(size, self.limit) + Self.minimumBufferSize)
        } else {
            fileSize = nil
            startOffset = 0
            beyondLimit = nil
        }
        self.bufferSize = windowSize
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: windowSize, alignment: 16)
        self.buffer = buffer
        window = UnsafeRawPointer(buffer)
    }

    deinit { buffer?.deallocate() }

    private var windowEnd: Int { windowStart + windowCount }

    /// Makes the `count` bytes at `position` readable (`count` ≤ ``maxRequire``).
    /// - Throws: ``WalkStop/endOfInput(offset:)`` when the input or the bound ends first.
    @inline(__always)
    mutating func require(_ count: Int) throws(WalkStop) {
        if count > windowEnd - position { try fill(atLeast: count) }
    }

    /// The byte `delta` bytes after `position`; only after ``require(_:)`` covered it.
    @inline(__always)
    func peek(_ delta: Int) -> UInt8 {
        window.unsafelyUnwrapped.load(fromByteOffset: position - windowStart + delta, as: UInt8.self)
    }

    /// Reads one byte.
    @inline(__always)
    mutating func readByte() throws(WalkStop) -> UInt8 {
        try require(1)
        let byte = peek(0)
        position += 1
        return byte
    }

    /// Reads a big-endian 16-bit integer.
    @inline(__always)
    mutating func readBE16() throws(WalkStop) -> Int {
        try require(2)
        let value = Int(peek(0)) << 8 | Int(peek(1))
        position += 2
        return value
    }

    /// Reads a big-endian 32-bit integer.
    @inline(__always)
    mutating func readBE32() throws(WalkStop) -> Int {
        try require(4)
        let value = Int(peek(0)) << 24 | Int(peek(1)) << 16 | Int(peek(2)) << 8 | Int(peek(3))
        position += 4
        return value
    }

    /// Reads a little-endian 16-bit integer.
    @inline(__always)
    mutating func readLE16() throws(WalkStop) -> Int {
        try require(2)
        let value = Int(peek(0)) | Int(peek(1)) << 8
        position += 2
        return value
    }

    /// Reads a little-endian 32-bit integer.
    @inline(__always)
    mutating func readLE32() throws(WalkStop) -> Int {
        try require(4)
        let value = Int(peek(0)) | Int(peek(1)) << 8 | Int(peek(2)) << 16 | Int(peek(3)) << 24
        position += 4
        return value
    }

    /// Whether the next bytes equal `expected` (at most ``maxRequire``); consumes them when they do.
    mutating func consume(_ expected: [UInt8]) throws(WalkStop) -> Bool {
        try require(expected.count)
        for (index, byte) in expected.enumerated() where peek(index) != byte { return false }
        position += expected.count
        return true
    }

    /// Moves `count` bytes forward without looking at them; seeks in a regular file.
    /// - Throws: ``WalkStop/endOfInput(offset:)`` when fewer bytes remain (position is then
    ///   at the end of the input or at the bound).
    mutating func skip(_ count: Int) throws(WalkStop) {
        if count <= windowEnd - position {
            position += max(0, count)
            return
        }
        guard count <= limit - position else {
            try skipToEnd()
            throw .endOfInput(offset: position)
        }
        let target = position + count
        if let fileSize, descriptor >= 0, !exhausted {
            guard target <= fileSize else {
                try skipToEnd()
                throw .endOfInput(offset: position)
            }
            if SystemCalls.seek(descriptor, to: startOffset + target) {
                windowStart = target
                windowCount = 0
                position = target
                return
            }
        }
        while position < target {
            try require(1)
            position += min(windowEnd - position, target - position)
        }
    }

    /// Moves to the end of the input or the bound, whichever comes first.
    private mutating func skipToEnd() throws(WalkStop) {
        while true {
            position = windowEnd
            do { try fill(atLeast: 1) } catch .endOfInput { return }
        }
    }

    /// Hands the next `count` bytes to `body` in window-sized pieces (for checksums).
    /// - Throws: ``WalkStop/endOfInput(offset:)`` when fewer bytes remain.
    mutating func forEachSpan(
        count: Int, _ body: (UnsafeRawBufferPointer) -> Void
    ) throws(WalkStop) {
        var remaining = count
        while remaining > 0 {
            if position == windowEnd { try fill(atLeast: 1) }
            let take = min(remaining, windowEnd - position)
            body(windowBytes(from: position, count: take))
            position += take
            remaining -= take
        }
    }

    /// Moves `position` to the next occurrence of `byte` (found with `memchr`, through ``SystemCalls``).
    /// - Returns: `true` when found (position is at it); `false` at the end of input or the
    ///   bound (position is there).
    mutating func advance(toNext byte: UInt8) throws(WalkStop) -> Bool {
        while true {
            let available = windowEnd - position
            if let offset = SystemCalls.firstOffset(
                of: byte, at: window.unsafelyUnwrapped + (position - windowStart), count: available)
            {
                position += offset
                return true
            }
            position = windowEnd
            do { try fill(atLeast: 1) } catch .endOfInput { return false }
        }
    }

    /// Up to `count` bytes just before `position` that are still in the window (at least
    /// ``lookBehind`` of them, when the input has that many).
    func bytesBefore(_ count: Int) -> UnsafeRawBufferPointer {
        let start = max(windowStart, position - count)
        return windowBytes(from: start, count: position - start)
    }

    /// Up to `count` (≤ ``maxRequire``) bytes from `position`, fewer when the input is shorter.
    mutating func prefix(_ count: Int) throws(WalkStop) -> UnsafeRawBufferPointer {
        do { try require(count) } catch .endOfInput {}
        let available = min(count, windowEnd - position)
        return windowBytes(from: position, count: available)
    }

    /// The `count` bytes of the window from the absolute offset `offset` (all inside the
    /// window); empty, with no address, when `count` is 0.
    private func windowBytes(from offset: Int, count: Int) -> UnsafeRawBufferPointer {
        guard count > 0, let window else { return .init(start: nil, count: 0) }
        return .init(start: window + (offset - windowStart), count: count)
    }

    /// Whether no byte is left at `position` before the input's end or the bound.
    mutating func isAtEnd() throws(WalkStop) -> Bool {
        if position < windowEnd { return false }
        do { try fill(atLeast: 1) } catch .endOfInput { return true }
        return false
    }

    /// Whether the input holds bytes past the bound. For a pipe this reads one byte past it.
    mutating func continuesPastLimit() throws(WalkStop) -> Bool {
        if let beyondLimit { return beyondLimit }
        guard descriptor >= 0, windowEnd >= limit else { return false }
        do throws(SystemCalls.Failure) {
            let more = try SystemCalls.readByte(descriptor) != nil
            beyondLimit = more
            return more
        } catch {
            throw .io(Self.readError(error))
        }
    }

    /// Compacts the window and reads until `count` bytes are available at `position`.
    private mutating func fill(atLeast count: Int) throws(WalkStop) {
        guard let buffer, !exhausted else { throw .endOfInput(offset: windowEnd) }
        let keepFrom = max(windowStart, position - Self.lookBehind)
        let keep = windowEnd - keepFrom
        if keepFrom > windowStart {
            buffer.copyMemory(from: buffer + (keepFrom - windowStart), byteCount: keep)  // memmove: may overlap
            windowStart = keepFrom
        }
        windowCount = keep
        while windowEnd - position < count {
            let room = min(bufferSize - windowCount, limit - windowEnd)
            if let fileSize, windowEnd >= fileSize {  // a regular file's end: no read(2) needed
                exhausted = true
                throw .endOfInput(offset: windowEnd)
            }
            if room <= 0 {
                exhausted = true
                throw .endOfInput(offset: windowEnd)
            }
            let got: Int
            do throws(SystemCalls.Failure) {
                got = try SystemCalls.readBytes(descriptor, into: buffer + windowCount, count: room)
            } catch {
                exhausted = true
                throw .io(Self.readError(error))
            }
            if got == 0 {
                exhausted = true
                beyondLimit = false
                throw .endOfInput(offset: windowEnd)
            }
            windowCount += got
        }
    }

    private static func readError(_ failure: SystemCalls.Failure) -> SanitizeError {
        SanitizeError(.io, "read failed: \(failure.text)")
    }
}
