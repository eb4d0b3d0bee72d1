/// Small helpers for working on the UTF-8 bytes of text in hot paths.
enum UTF8Bytes {
    /// Runs `body` over the contiguous UTF-8 bytes of `text`.
    @inline(__always)
    static func with<R>(_ text: String, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var text = text
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    /// Decodes the scalar at `i` of well-formed UTF-8: its value and its length in bytes.
    @inline(__always)
    static func scalar(_ base: UnsafeRawPointer, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(base.load(fromByteOffset: i, as: UInt8.self))
        if b0 < 0x80 { return (b0, 1) }
        let b1 = UInt32(base.load(fromByteOffset: i + 1, as: UInt8.self)) & 0x3F
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | b1, 2) }
        let b2 = UInt32(base.load(fromByteOffset: i + 2, as: UInt8.self)) & 0x3F
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | b1 << 6 | b2, 3) }
        let b3 = UInt32(base.load(fromByteOffset: i + 3, as: UInt8.self)) & 0x3F
        return ((b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | b3, 4)
    }

    /// Makes a `String` from bytes that are known to be well-formed UTF-8.
    @inline(__always)
    static func string(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Fills a new byte array of at most `capacity` bytes; `body` returns how many it wrote.
    @inline(__always)
    static func build(
        capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) throws -> Int
    ) rethrows -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: max(capacity, 1)) { buffer, initialized in
            initialized = 0
            guard let out = buffer.baseAddress else { return }
            initialized = try body(out)
        }
    }

    /// Appends at most `capacity` bytes to `output`, written by `body` through a raw pointer;
    /// `body` returns how many it wrote. Reusing one `output` array across calls (after
    /// `removeAll(keepingCapacity: true)`) makes this allocation-free.
    @inline(__always)
    static func append(
        to output: inout [UInt8], capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) throws -> Int
    ) rethrows {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: capacity))
        var written = 0
        do {
            try output.withUnsafeMutableBufferPointer { buffer in
                written = try body(buffer.baseAddress.unsafelyUnwrapped + start)
            }
        } catch {
            output.removeSubrange(start...)
            throw error
        }
        if written < capacity { output.removeLast(capacity - written) }
    }
}
