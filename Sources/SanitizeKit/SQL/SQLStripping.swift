extension SQL {
    /// The characters and sequences ``SQL/strip(_:removing:)`` removes by default:
    /// `%` `'` `"` `;` `\` `/` TAB CR LF, and the comment openers `--` and `/*` (the `sql` set
    /// of `Rules/text/strip-sets.json`, compiled in).
    public static let defaultStripSet = DefaultStripSets.sets["sql"] ?? StripSet(characters: "")

    /// Removes SQL metacharacters from a value that must never hold them (a name, a code, a
    /// sort key), for use when quoting is not possible.
    ///
    /// Every character of `set.characters` is removed, then every occurrence of a sequence of
    /// `set.sequences`, including those that removal brings together (`-/-` → `--` → ``):
    /// the result contains none of them. Quoting (``quoteLiteral(_:dialect:)``) is the better
    /// tool whenever the value may legitimately contain these characters.
    /// - Parameters:
    ///   - value: the text.
    ///   - set: what to remove (default ``defaultStripSet``).
    /// - Returns: `value` without the characters and sequences.
    /// - Throws: ``SanitizeError`` `nul-byte` when `value` contains U+0000.
    public static func strip(_ value: String, removing set: StripSet = defaultStripSet) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            try UTF8Bytes.with(value) { bytes in
                try UTF8Bytes.string(set.apply(bytes, refusingNUL: true, context: "SQL"))
            }
        }
    }

    /// Removes SQL metacharacters from UTF-8 bytes.
    ///
    /// ```swift
    /// let kept = try SQL.strip(utf8: Array("50%; drop".utf8))   // "50 drop" as bytes
    /// ```
    /// - Parameters:
    ///   - bytes: the value as UTF-8: `[UInt8]`, `Data`, `String.UTF8View`, any collection of bytes.
    ///   - set: what to remove (default ``defaultStripSet``).
    /// - Returns: the remaining bytes (well-formed UTF-8).
    /// - Throws: ``SanitizeError`` `invalid-utf8` or `nul-byte`, with the byte offset.
    @inlinable
    public static func strip(utf8 bytes: some Collection<UInt8>, removing set: StripSet = defaultStripSet) throws -> [UInt8] {
        try ContiguousInput.with(bytes) { try strip(utf8: $0, removing: set) }
    }

    /// Removes SQL metacharacters from UTF-8 bytes.
    /// - Parameters:
    ///   - bytes: the value as UTF-8.
    ///   - set: what to remove (default ``defaultStripSet``).
    /// - Returns: the remaining bytes (well-formed UTF-8).
    /// - Throws: ``SanitizeError`` `invalid-utf8` or `nul-byte`, with the byte offset.
    @usableFromInline
    package static func strip(utf8 bytes: UnsafeRawBufferPointer, removing set: StripSet = defaultStripSet)
        throws -> [UInt8]
    {
        try UTF8Validation.validate(bytes)
        return try set.apply(bytes, refusingNUL: true, context: "SQL")
    }
}
