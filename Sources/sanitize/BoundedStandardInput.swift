import SanitizeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads standard input whole, up to a bound, for subcommands that take one document.
enum BoundedStandardInput {
    /// Reads at most `limit` bytes of standard input and stops there, leaving the rest unread.
    /// - Parameter limit: the most bytes read.
    /// - Returns: the bytes read, and whether input went on past `limit`.
    /// - Throws: ``SanitizeError`` with code `io` when standard input cannot be read.
    static func read(limit: Int) throws -> (bytes: [UInt8], truncated: Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress, wanted) }
            if count > 0 {
                bytes += chunk[0..<count]
            } else if count == 0 {
                break
            } else if errno != EINTR && errno != EAGAIN {
                throw SanitizeError(.io, "cannot read standard input: \(String(cString: strerror(errno)))")
            }
        }
        let truncated = bytes.count > limit
        if truncated { bytes.removeLast(bytes.count - limit) }
        return (bytes, truncated)
    }
}

/// `read(2)`, under a name that the enum's own `read` does not shadow.
private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, pointer, count)
}
