extension SanitizeError.Code {
    /// A regular expression did not compile; the reason carries PCRE2's message and the
    /// location's `byteOffset` the offset in the pattern where compilation stopped.
    package static let regexCompile = Self(rawValue: "regex-compile")
    /// A match gave up because it hit the match, depth, heap or JIT stack limit: the pattern
    /// backtracks catastrophically on this subject (or the limits are set too low for it).
    package static let regexLimit = Self(rawValue: "regex-limit")
    /// PCRE2 reported an error while matching that is neither "no match" nor a limit.
    package static let regexMatch = Self(rawValue: "regex-match")
}
