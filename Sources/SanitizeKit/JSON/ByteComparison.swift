/// Whether `count` bytes at `a` and at `b` are equal: the one byte comparison of the package.
///
/// Neither pointer is evaluated when `count` is 0, so either may be built from the `nil` base
/// address of an empty buffer (`buffer.baseAddress!`), as callers do.
@usableFromInline @inline(__always)
func bytesEqual(_ a: @autoclosure () -> UnsafeRawPointer, _ b: @autoclosure () -> UnsafeRawPointer, count: Int) -> Bool {
    count == 0 || memcmpEqual(a(), b(), count)
}

/// Whether two buffers hold the same bytes (``bytesEqual(_:_:count:)`` on their contents).
@usableFromInline @inline(__always)
func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    a.count == b.count && bytesEqual(a.baseAddress!, b.baseAddress!, count: a.count)
}

/// Whether `count` bytes at `a` and `b` are equal: words at a time, and the last (partial) word
/// as an overlapping load that ends at the end, so short keys take one or two compares and no
/// byte loop.
@usableFromInline
func memcmpEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    if count >= 8 {
        var index = 0
        while index + 8 <= count {
            if a.loadUnaligned(fromByteOffset: index, as: UInt64.self) != b.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                return false
            }
            index += 8
        }
        return index == count
            || a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
            && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    var index = 0
    while index < count {
        if a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) { return false }
        index += 1
    }
    return true
}
