/// The one bridge from the public byte parameters (`some Collection<UInt8>`) to the raw
/// buffers the hot paths read: contiguous storage (`[UInt8]`, `Data`, `String.UTF8View`, a
/// buffer pointer) is lent without a copy; anything else is copied into an array once.
@usableFromInline
package enum ContiguousInput {
    /// Runs `body` over the bytes of `bytes` as one raw buffer.
    /// - Parameters:
    ///   - bytes: any collection of bytes.
    ///   - body: reads the buffer; it must not keep it.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    @inlinable
    package static func with<R, E: Error>(
        _ bytes: some Collection<UInt8>, _ body: (UnsafeRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        let lent: Result<R, E>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(E) -> R in try body(UnsafeRawBufferPointer(buffer)) }
        }
        if let lent { return try lent.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBytes { buffer in Result { () throws(E) -> R in try body(buffer) } }.get()
    }
}
