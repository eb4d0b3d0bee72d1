extension EmailValidator {
    /// A validator with a pattern of your own for `mode` (JIT on, PCRE2's default limits,
    /// inputs up to 4,096 bytes).
    /// - Parameters:
    ///   - mode: the mode; it decides which checks run besides the pattern.
    ///   - pattern: a PCRE2 pattern, matched against the whole input.
    ///   - policy: the policy options; the mode's defaults (``EmailPolicy/defaults(for:)``)
    ///     when not given.
    /// - Throws: ``SanitizeError`` coded `regex-compile` when the pattern does not compile.
    public init(mode: EmailMode, pattern: String, policy: EmailPolicy? = nil) throws {
        try self.init(mode: mode, pattern: pattern, options: Self.defaultPatternOptions, policy: policy)
    }

    /// A validator whose pattern is read from `<rulesDirectory>/email/<mode>.pcre` and whose
    /// policy from `<rulesDirectory>/email/policy.json` (the built-in defaults when that file
    /// is absent), unless `policy` is given.
    /// - Parameters:
    ///   - mode: the mode.
    ///   - rulesDirectory: the rules directory (the one holding `email/`).
    ///   - policy: the policy options, in place of the directory's `policy.json`.
    /// - Throws: ``SanitizeError`` coded `io` when a file cannot be read, `configuration`
    ///   when the pattern file holds no pattern or the policy file is malformed,
    ///   `regex-compile` when the pattern does not compile.
    public init(mode: EmailMode, rulesDirectory: String, policy: EmailPolicy? = nil) throws {
        try self.init(mode: mode, rulesDirectory: rulesDirectory, options: Self.defaultPatternOptions, policy: policy)
    }
}
