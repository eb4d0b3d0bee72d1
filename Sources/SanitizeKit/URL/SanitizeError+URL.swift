extension SanitizeError.Code {
    /// A `%` not followed by two hexadecimal digits.
    package static let malformedPercentEscape = Self(rawValue: "malformed-percent-escape")
}
