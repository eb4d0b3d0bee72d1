#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which sanitizer, if any, this test process runs under. `swift test --sanitize=…` builds the
/// `sanitize` binary that the tests launch with the same sanitizer, so this also says how that
/// binary's memory figures are inflated.
enum SanitizerRuntime {
    /// ThreadSanitizer's runtime is linked in (it defines `__tsan_init`).
    static let thread = hasSymbol("__tsan_init")

    /// The factor a peak-RSS bound is scaled by in this build: ×2 under ThreadSanitizer, whose
    /// shadow memory grows with every byte the program touches. A filter that buffered its
    /// input (50 MB, or a 1 GiB record) would still go past the doubled bound.
    static let memoryFactor = thread ? 2 : 1

    /// `bytes` scaled by ``memoryFactor``.
    static func memoryBound(_ bytes: Int) -> Int { bytes * memoryFactor }

    /// A `/bin/sh -c` script that runs its arguments (`"$0" "$@"`) in a forked child and exits
    /// with its status. The filter's `--stats` peak comes from `getrusage`, and on Linux a
    /// process started by `posix_spawn` (which `Process` uses) inherits its parent's peak
    /// through `execve`: launched directly, the filter would report the test process's own
    /// peak (hundreds of MB in a sanitizer build). A forked shell child starts afresh.
    static let forkedLaunch = #""$0" "$@"; exit $?"#

    private static func hasSymbol(_ name: String) -> Bool {
        #if canImport(Darwin)
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), name) != nil  // RTLD_DEFAULT
        #else
            dlsym(nil, name) != nil  // RTLD_DEFAULT
        #endif
    }
}
