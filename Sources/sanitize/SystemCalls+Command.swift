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

    /// Keeps the numbers of standard input, output and error from going to a file the command
    /// opens.
    ///
    /// One of the three closed when the command starts (`sanitize filter … >&-`) is the number
    /// `open` hands out next: `--report FILE` would become standard output, and the records
    /// would be written into the report (with `2>&-`, the `--stats` line). Each closed one is
    /// opened on `/dev/null` the wrong way round (standard input for writing, output and error
    /// for reading), so that using it still fails (`EBADF`) as it did, and no file of ours
    /// takes its number.
    static func reserveStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // `open` returns the lowest free number: this one, the ones below it being open.
            _ = open("/dev/null", (descriptor == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
        }
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
