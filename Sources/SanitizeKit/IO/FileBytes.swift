/// Reads a whole configuration file (a schema, a policy, a rule file) with one wording for
/// every failure: `PATH: cannot read the WHAT: <the system's reason> [io]`.
///
/// Foundation's readers report a directory as "NSCocoaErrorDomain error 256" and a missing
/// file in three different sentences; `open(2)` and `read(2)` say "No such file or directory",
/// "Is a directory", "Permission denied".
package enum FileBytes {
    /// The most bytes read from one configuration file (256 MiB): a larger one is refused
    /// rather than read into memory.
    package static let maxBytes = 256 << 20

    /// Reads the file at `path`.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - what: what the file is, for the message (`schema`, `guard policy`, …).
    /// - Returns: its bytes.
    /// - Throws: ``SanitizeError`` `io` naming the file and the system's reason, or
    ///   `limit-exceeded` for a file over ``maxBytes``.
    package static func read(path: String, what: String) throws(SanitizeError) -> [UInt8] {
        let descriptor: Int32
        do throws(SystemCalls.Failure) {
            descriptor = try SystemCalls.openForReading(path)
        } catch {
            throw failure(error, path: path, what: what)
        }
        defer { SystemCalls.close(descriptor) }
        return try read(descriptor: descriptor, path: path, what: what)
    }

    /// Reads an open descriptor to its end (the caller keeps ownership of it).
    /// - Parameters:
    ///   - descriptor: a readable descriptor.
    ///   - path: the file's name, for messages.
    ///   - what: what the file is, for messages.
    /// - Returns: its bytes.
    /// - Throws: ``SanitizeError`` `io` or `limit-exceeded`, as ``read(path:what:)``.
    package static func read(descriptor: Int32, path: String, what: String) throws(SanitizeError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count: Int
            do throws(SystemCalls.Failure) {
                count = try SystemCalls.readBytes(descriptor, into: &chunk)
            } catch {
                throw failure(error, path: path, what: what)
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > maxBytes {
                throw SanitizeError(
                    .limitExceeded, "the \(what) is larger than \(maxBytes) bytes", at: .init(file: path))
            }
        }
    }

    /// The error for a failed system call.
    private static func failure(_ failure: SystemCalls.Failure, path: String, what: String) -> SanitizeError {
        SanitizeError(.io, "cannot read the \(what): \(failure.text)", at: .init(file: path))
    }
}
