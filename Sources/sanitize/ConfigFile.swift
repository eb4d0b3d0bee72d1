import SanitizeKit

/// A configuration file named on the command line (a schema, a contract, a policy), opened by
/// the bytes of its name as the shell passed them, as the README promises for every file name.
///
/// The library reads such files from a path `String`; a name that is not valid UTF-8 has no
/// such path (`CommandLine.arguments` repairs it with U+FFFD). Such a file is opened here by
/// its bytes and handed over as `/dev/fd/N` (Linux, Darwin), and a message that names that
/// path names the file instead, as every message shows file names
/// (``RawArguments/displayName(_:)``). A reader that goes by the name's extension sees none
/// there: an OpenAPI document named so is read as YAML, which JSON is a subset of.
enum ConfigFile {
    /// Runs `body` with a path that opens the file named by `argument`.
    /// - Parameters:
    ///   - argument: the option's value, as the parser gave it.
    ///   - what: what the file is, for messages (`schema`, `guard policy`, …).
    ///   - body: reads the file at the path it is given.
    /// - Returns: what `body` returns.
    /// - Throws: ``SanitizeError`` `io` naming the file when it cannot be opened; whatever
    ///   `body` throws, with the file named as the user wrote it.
    static func withPath<T>(_ argument: String, what: String, _ body: (String) throws -> T) throws -> T {
        // A name that is its own UTF-8 (the usual case) goes through untouched.
        guard RawArguments.bytes(of: argument) != Array(argument.utf8) else { return try body(argument) }
        let shown = RawArguments.displayName(argument)
        let descriptor = try RawArguments.openForReading(argument) {
            SanitizeError(.io, "cannot read the \(what): \($0)", at: .init(file: shown))
        }
        defer { SystemCalls.close(descriptor) }
        // A directory opens but cannot be read: say so here, in the words FileBytes uses.
        if SystemCalls.status(of: descriptor)?.kind == .directory {
            throw SanitizeError(.io, "cannot read the \(what): \(SystemCalls.Failure.isADirectory.text)", at: .init(file: shown))
        }
        let path = "/dev/fd/\(descriptor)"
        do {
            return try body(path)
        } catch var error as SanitizeError where error.location?.file == path {
            error.location?.file = shown
            throw error
        }
    }
}
