import ArgumentParser
import SanitizeKit
import Synchronization

/// The parts of the CLI contract that every subcommand shares, applied once in `main()`:
///
/// - a usage or configuration error is one line, `sanitize: WHERE: what is wrong [code]`, exit 2;
/// - a closed standard output or standard error ends the command quietly with status 0;
/// - one of the three standard descriptors not open at the start (`>&-`) stays unusable: no
///   file the command opens takes its number, and writing there fails (status 2);
/// - a failed write ends the command at once with one message and status 2;
/// - an argument with invalid UTF-8 or a line feed is a usage error unless the subcommand
///   reads it as bytes (``RawArguments``);
/// - `sanitize help NAME…` names existing subcommands only.
enum CommandLineContract {
    /// Installs the process-wide output rules. Call first, before any thread starts.
    static func start() {
        SystemCalls.reserveStandardDescriptors()
        SystemCalls.unblockTerminationSignals()
        SystemCalls.ignoreBrokenPipeSignal()
        OutputWriter.processBrokenPipe = { SystemCalls.terminate(status: 0) }
        OutputWriter.processWriteFailure = { descriptor, error in
            let stream =
                switch descriptor {
                case 1: "standard output"
                case 2: "standard error"
                default: outputFileNames.withLock { $0[descriptor] } ?? "output file (descriptor \(descriptor))"
                }
            writeLastWords("sanitize: \(stream): \(error.reason) [\(error.code)]\n")
            SystemCalls.terminate(status: 2)
        }
    }

    /// The names of the files a subcommand writes besides standard output and standard error
    /// (`filter --report FILE`), by descriptor, so that a failed write names the file.
    private static let outputFileNames = Mutex<[Int32: String]>([:])

    /// Records that `descriptor` writes the file the user named `file`, for the message of a
    /// failed write.
    /// - Parameters:
    ///   - descriptor: the open descriptor.
    ///   - file: the file's name as messages show it (``RawArguments/displayName(_:)``).
    static func name(descriptor: Int32, as file: String) {
        outputFileNames.withLock { $0[descriptor] = file }
    }

    /// Refuses `sanitize help X` when `X` names no subcommand (ArgumentParser would print the
    /// top-level help and exit 0).
    /// - Throws: ``SanitizeError`` `usage`.
    static func checkHelpTopic(_ arguments: [String], root: any ParsableCommand.Type) throws {
        guard arguments.first == "help" else { return }
        var command = root
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            guard
                let next = command.configuration.subcommands.first(where: {
                    $0._commandName == name || $0.configuration.aliases.contains(name)
                })
            else {
                throw SanitizeError(.usage, "unknown subcommand '\(name)'; see 'sanitize --help'")
            }
            command = next
        }
    }

    /// Reports `error` on standard error in the one message style and returns the exit status.
    static func report(_ error: any Error, root: any ParsableCommand.Type) -> Int32 {
        if let error = error as? SanitizeError {
            reportToStandardError("sanitize: \(error)")
            return 2
        }
        let code = root.exitCode(for: error)
        let message = root.fullMessage(for: error)
        if code == .success {  // --help, --version
            if !message.isEmpty {
                var output = OutputWriter(descriptor: 1)
                try? output.write(message + "\n")
                try? output.flush()
            }
            return 0
        }
        if error is ExitCode {  // a subcommand that already reported and chose its status
            return code.rawValue == 1 ? 1 : 2
        }
        reportToStandardError("sanitize: \(usageLine(message)) [\(SanitizeError.Code.usage)]")
        return 2
    }

    /// Runs `body`, which reads and compiles the configuration file `file`, and makes sure a
    /// ``SanitizeError`` it throws names that file (a pattern that does not compile, say).
    static func naming<T>(file: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as SanitizeError where error.location?.file == nil {
            var location = error.location ?? .init()
            location.file = file
            error.location = location
            throw error
        }
    }

    /// The first line of ArgumentParser's message, without its `Error: ` label (the usage
    /// block that follows is what `sanitize help` is for).
    static func usageLine(_ message: String) -> String {
        let first = message.split(separator: "\n").first.map(String.init) ?? "usage error"
        let text = first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
        return text.isEmpty ? "usage error; see 'sanitize --help'" : text
    }

    /// Writes a message straight to standard error, ignoring any failure: used when output has
    /// already failed and nothing else can be done.
    private static func writeLastWords(_ text: String) {
        SystemCalls.writeOnce(2, Array(text.utf8))
    }
}
