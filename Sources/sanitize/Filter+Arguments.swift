import Foundation

/// Checks on the bytes of `sanitize filter`'s arguments, before the parser's `String`s hide
/// them (an argument that is not UTF-8 reaches the parser with U+FFFD in place of its bad
/// bytes, and `--report-key` would then name another member than the one given).
extension Filter {
    /// The first argument (1-based, after the program name) that is not valid UTF-8.
    static func firstArgumentNotUTF8() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            if String(validating: bytes, as: UTF8.self) == nil { return index }
        }
        return nil
    }
}
