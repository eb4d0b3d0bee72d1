#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which sanitizer, if any, this test process runs under, and how to measure the filter's peak
/// memory honestly in such a build. `swift test --sanitize=…` builds the `sanitize` binary that
/// the tests launch with the same sanitizer, so what holds here holds for that binary.
enum SanitizerRuntime {
    /// ThreadSanitizer's runtime is linked in (it defines `__tsan_init`).
    static let thread = hasSymbol("__tsan_init")
    /// AddressSanitizer's runtime is linked in (it defines `__asan_init`).
    static let address = hasSymbol("__asan_init")

    /// The factor a peak-RSS bound is scaled by in this build: ×2 under ThreadSanitizer or
    /// AddressSanitizer, for their shadow memory (and ASan's redzones), which grow with every
    /// byte the program touches. Measured on the 50 MB input with `--jobs 2`: 31 MB in a debug
    /// build, 78 MB under ASan without quarantine. A filter that buffered its input (50 MB, or a
    /// 1 GiB record, plus their shadow) would still go past the doubled bound.
    static let memoryFactor = thread || address ? 2 : 1

    /// `bytes` scaled by ``memoryFactor``.
    static func memoryBound(_ bytes: Int) -> Int { bytes * memoryFactor }

    /// A shell assignment that turns off AddressSanitizer's quarantine for the command it
    /// prefixes (other builds ignore it). ASan holds freed memory back, up to 256 MiB by
    /// default, to catch use after free: the filter's peak on the 50 MB input is 345 MB with it,
    /// 78 MB without.
    static let noQuarantine = #"ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0""#

    /// A `/bin/sh -c` script that runs its arguments (`"$0" "$@"`) in a forked child, without
    /// ASan quarantine, and exits with its status. The filter's `--stats` peak comes from
    /// `getrusage`, and on Linux a process started by `posix_spawn` (which `Process` uses)
    /// inherits its parent's peak through `execve`: launched directly, the filter would report
    /// the test process's own peak (hundreds of MB in a sanitizer build). A forked child of the
    /// shell starts afresh.
    static let forkedLaunch = noQuarantine + #" "$0" "$@"; exit $?"#

    private static func hasSymbol(_ name: String) -> Bool {
        #if canImport(Darwin)
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), name) != nil  // RTLD_DEFAULT
        #else
            dlsym(nil, name) != nil  // RTLD_DEFAULT
        #endif
    }
}
