#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ends the process with `status`, under a name that `ParsableCommand.exit` does not shadow.
func terminateProcess(_ status: Int32) -> Never {
    exit(status)
}
