extension SanitizeError.Code {
    /// A `%` not followed by two hexadecimal digits.
    public static let malformedPercentEscape = Self(rawValue: "malformed-percent-escape")
}
