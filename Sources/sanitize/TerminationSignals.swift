#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes sure Ctrl-C and `kill` can stop the command.
///
/// A process inherits its parent's signal mask, and a parent that starts us from a worker
/// thread (Dispatch threads, test runners, some app frameworks) may have `SIGINT` and
/// `SIGTERM` blocked; we would then never stop. Unblocking them restores the default
/// action: the process ends at once, without a crash report. Signals the parent chose to
/// *ignore* (as `nohup` does) stay ignored.
enum TerminationSignals {
    static func unblock() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&signals, signal) }
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }
}
