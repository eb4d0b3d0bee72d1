import SanitizeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library calls that only the `sanitize` command makes: the one file of this target
/// that imports Glibc, Musl or Darwin. Everything else the command needs from the system
/// (files, reads, writes, `exit`) is in SanitizeKit's ``SystemCalls``.
extension SystemCalls {
    /// Makes sure Ctrl-C and `kill` can stop the command.
    ///
    /// A process inherits its parent's signal mask, and a parent that starts us from a worker
    /// thread (Dispatch threads, test runners, some app frameworks) may have `SIGINT` and
    /// `SIGTERM` blocked; we would then never stop. Unblocking them restores the default
    /// action: the process ends at once, without a crash report. Signals the parent chose to
    /// *ignore* (as `nohup` does) stay ignored.
    static func unblockTerminationSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&signals, signal) }
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Whether `descriptor` is a terminal (`isatty`).
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// `argv[1...]`, byte for byte (`CommandLine.arguments` repairs invalid UTF-8).
    static func commandLineBytes() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
        }
    }
}
