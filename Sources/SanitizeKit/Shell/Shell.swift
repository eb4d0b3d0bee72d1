/// Shell quoting and stripping for POSIX `sh` (and bash, dash, zsh in sh mode).
///
/// ```swift
/// try Shell.quote("it's $HOME")      // 'it'\''s $HOME'
/// try Shell.strip("a; rm -rf / &")   // "arm-rf/"
/// ```
public enum Shell {
    /// Quotes `value` as one shell word with POSIX single quotes (POSIX.1-2017, XCU §2.2.2
    /// "Single-Quotes"): the value is wrapped in `'…'` and every `'` becomes `'\''` (close the
    /// quote, an escaped quote, reopen). Inside single quotes no character is special, so the
    /// shell passes exactly `value` as one argument. The empty string becomes `''`. The value
    /// is always quoted, even when it holds no special character, so the output is predictable.
    /// - Parameter value: the argument.
    /// - Returns: the quoted word.
    /// - Throws: ``SanitizeError`` `nul-byte`: a C string (and so an argument) cannot hold NUL.
    public static func quote(_ value: String) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            try UTF8Bytes.with(value) { bytes in
                UTF8Bytes.string(try ShellQuoter.quoted(bytes))
            }
        }
    }

    /// Quotes `value` as one shell word, as ``quote(_:)`` does, and refuses a value that the
    /// program would read as an option (CWE-88, argument injection): one that begins with `-`.
    ///
    /// Quoting keeps the shell from splitting or expanding a value, but `rm '-rf'` still hands
    /// `rm` the word `-rf`. The two standard defenses are `--` before the first value (the end
    /// of options, POSIX.1-2017 XBD §12.2 guideline 10: works for every program that follows
    /// the utility syntax guidelines, and keeps the value unchanged) and `./` before a value
    /// that names a file (works for every program, changes the text). When neither fits, this
    /// refuses the value.
    /// - Parameters:
    ///   - value: the argument.
    ///   - refusingOptions: throw when `value` begins with `-`.
    /// - Returns: the quoted word.
    /// - Throws: ``SanitizeError`` `option-like-argument` or `nul-byte`.
    public static func quote(_ value: String, refusingOptions: Bool) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            if refusingOptions { try ShellQuoter.checkNotOption(value.utf8.first) }
            return try quote(value)
        }
    }

    /// Quotes UTF-8 bytes as one POSIX shell word.
    /// - Parameters:
    ///   - bytes: the argument as UTF-8: `[UInt8]`, `Data`, `String.UTF8View`, any collection of bytes.
    ///   - validatingUTF8: check that `bytes` are well-formed UTF-8 first (default true).
    /// - Returns: the quoted word.
    /// - Throws: ``SanitizeError`` `invalid-utf8` or `nul-byte`, with the byte offset.
    @inlinable
    public static func quote(utf8 bytes: some Collection<UInt8>, validatingUTF8: Bool = true) throws(SanitizeError) -> [UInt8] {
        try ContiguousInput.with(bytes) { (raw) throws(SanitizeError) in try quote(utf8: raw, validatingUTF8: validatingUTF8) }
    }

    /// Quotes UTF-8 bytes as one POSIX shell word.
    /// - Parameters:
    ///   - bytes: the argument as UTF-8.
    ///   - validatingUTF8: check that `bytes` are well-formed UTF-8 first (default true).
    /// - Returns: the quoted word.
    /// - Throws: ``SanitizeError`` `invalid-utf8` or `nul-byte`, with the byte offset.
    @usableFromInline
    package static func quote(utf8 bytes: UnsafeRawBufferPointer, validatingUTF8: Bool = true) throws(SanitizeError) -> [UInt8] {
        try SanitizeError.typed {
            if validatingUTF8 { try UTF8Validation.validate(bytes) }
            return try ShellQuoter.quoted(bytes)
        }
    }

    /// Quotes UTF-8 bytes as one POSIX shell word, appending to `output` (reuse one array
    /// across calls to avoid an allocation per value).
    /// - Parameters:
    ///   - bytes: the argument as UTF-8.
    ///   - validatingUTF8: check that `bytes` are well-formed UTF-8 first (default true).
    ///   - output: where the quoted word is appended; unchanged when an error is thrown.
    /// - Throws: ``SanitizeError`` `invalid-utf8` or `nul-byte`, with the byte offset.
    package static func quote(
        utf8 bytes: UnsafeRawBufferPointer, validatingUTF8: Bool = true, into output: inout [UInt8]
    ) throws {
        if validatingUTF8 { try UTF8Validation.validate(bytes) }
        try ShellQuoter.quoter.quote(bytes, appendingTo: &output, nulReason: ShellQuoter.nulReason)
    }

    /// The shell metacharacters ``strip(_:removing:)`` removes by default: the POSIX operators
    /// and quoting characters `| & ; < > ( ) $ \` \ " '`, the blanks SPACE, TAB, LF, CR, the
    /// pattern characters `* ? [ ]`, and `# ~ { } ! ^` (comments, tilde and brace expansion,
    /// history, the old Bourne pipe). POSIX.1-2017 XCU §2.2 and §2.13. The `shell` set of
    /// `Rules/text/strip-sets.json`, compiled in.
    public static let defaultStripSet = DefaultStripSets.sets["shell"] ?? StripSet(characters: "")

    /// Removes shell metacharacters from a value that must never hold them (a file name
    /// component, a host name). Prefer ``quote(_:)``: it keeps the value intact.
    /// - Parameters:
    ///   - value: the text.
    ///   - set: what to remove (default ``defaultStripSet``).
    /// - Returns: `value` without the characters.
    /// - Throws: ``SanitizeError`` `nul-byte` when `value` contains U+0000.
    public static func strip(_ value: String, removing set: StripSet = defaultStripSet) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            try UTF8Bytes.with(value) { bytes in
                try UTF8Bytes.string(set.apply(bytes, refusingNUL: true, context: "shell"))
            }
        }
    }

    /// Removes shell metacharacters from UTF-8 bytes.
    /// - Parameters:
    ///   - bytes: the value as UTF-8.
    ///   - set: what to remove (default ``defaultStripSet``).
    /// - Returns: the remaining bytes.
    /// - Throws: ``SanitizeError`` `invalid-utf8` or `nul-byte`, with the byte offset.
    package static func strip(utf8 bytes: UnsafeRawBufferPointer, removing set: StripSet = defaultStripSet)
        throws -> [UInt8]
    {
        try UTF8Validation.validate(bytes)
        return try set.apply(bytes, refusingNUL: true, context: "shell")
    }
}

/// The single-quote quoter: `'` + bytes with each `'` written as `'\''` + `'`.
enum ShellQuoter {
    static let quoter = ByteQuoter(quote: 0x27, replacements: [0x27: [0x27, 0x5C, 0x27, 0x27]])

    static let nulReason = "cannot be passed in a shell argument"

    static func quoted(_ bytes: UnsafeRawBufferPointer) throws -> [UInt8] {
        try quoter.quoted(bytes, nulReason: nulReason)
    }

    /// Throws `option-like-argument` when a value's first byte is `-`.
    static func checkNotOption(_ first: UInt8?) throws(SanitizeError) {
        guard first == UInt8(ascii: "-") else { return }
        throw SanitizeError(
            .optionLikeArgument,
            "begins with '-', so the program would read it as an option (put -- before it, or ./ before a file name)",
            at: .init(byteOffset: 0))
    }
}
