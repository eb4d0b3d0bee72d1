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

    /// The factor a peak-RSS bound is scaled by in this build.
    ///
    /// ThreadSanitizer keeps shadow memory for every byte the program touches: the filter's
    /// peaks measured under it were 70 MB for the 50 MB input (bound 64 MiB) and 270 MB for the
    /// 1 GiB record (bound 256 MiB), so ×2 holds them with room while a filter that buffered its
    /// input (50 MB, or 1 GiB, plus its shadow) would still go past the scaled bound.
    static let memoryFactor = thread ? 2 : 1

    /// `bytes` scaled by ``memoryFactor``.
    static func memoryBound(_ bytes: Int) -> Int { bytes * memoryFactor }

    private static func hasSymbol(_ name: String) -> Bool {
        #if canImport(Darwin)
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), name) != nil  // RTLD_DEFAULT
        #else
            dlsym(nil, name) != nil  // RTLD_DEFAULT
        #endif
    }
}
