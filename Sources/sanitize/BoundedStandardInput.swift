import SanitizeKit

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
            let count: Int
            do throws(SystemCalls.Failure) {
                count = try SystemCalls.readBytes(0, into: &chunk, count: wanted)
            } catch {
                throw SanitizeError(.io, "cannot read standard input: \(error.text)")
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        let truncated = bytes.count > limit
        if truncated { bytes.removeLast(bytes.count - limit) }
        return (bytes, truncated)
    }
}
