/// Removes scalars from well-formed UTF-8 text, working on bytes.
enum ScalarFilter {
    /// Returns `text` without the scalars for which `shouldRemove` is true; a ZWJ (U+200D)
    /// that `shouldRemove` selects is kept when `keepZWJ(previous, next)` says so.
    static func remove(
        from text: String,
        where shouldRemove: (UInt32) -> Bool,
        keepZWJ: ((UInt32?, UInt32?) -> Bool)? = nil
    ) -> String {
        let result: [UInt8]? = UTF8Bytes.with(text) { bytes in
            guard let base = bytes.baseAddress else { return nil }
            let count = bytes.count
            // First pass: find the first scalar to remove; most text has none.
            var i = 0
            var first = -1
            while i < count {
                let (value, length) = UTF8Bytes.scalar(base, at: i)
                if shouldRemove(value) && !keep(base, count, at: i, value, length, keepZWJ) {
                    first = i
                    break
                }
                i += length
            }
            if first < 0 { return nil }
            return UTF8Bytes.build(capacity: count) { out in
                var written = first
                out.update(from: base.assumingMemoryBound(to: UInt8.self), count: first)
                var i = first
                while i < count {
                    let (value, length) = UTF8Bytes.scalar(base, at: i)
                    if !shouldRemove(value) || keep(base, count, at: i, value, length, keepZWJ) {
                        (out + written).update(
                            from: (base + i).assumingMemoryBound(to: UInt8.self), count: length)
                        written += length
                    }
                    i += length
                }
                return written
            }
        }
        guard let result else { return text }
        return UTF8Bytes.string(result)
    }

    /// Whether a selected scalar is a ZWJ that `keepZWJ` wants kept.
    @inline(__always)
    private static func keep(
        _ base: UnsafeRawPointer, _ count: Int, at i: Int, _ value: UInt32, _ length: Int,
        _ keepZWJ: ((UInt32?, UInt32?) -> Bool)?
    ) -> Bool {
        guard value == 0x200D, let keepZWJ else { return false }
        let next = i + length < count ? UTF8Bytes.scalar(base, at: i + length).value : nil
        var previous: UInt32?
        if i > 0 {
            var start = i - 1
            while start > 0 && base.load(fromByteOffset: start, as: UInt8.self) & 0xC0 == 0x80 {
                start -= 1
            }
            previous = UTF8Bytes.scalar(base, at: start).value
        }
        return keepZWJ(previous, next)
    }
}
