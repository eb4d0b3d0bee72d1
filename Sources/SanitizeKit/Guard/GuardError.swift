extension SanitizeError.Code {
    /// A request-guard policy file or value is unusable: bad JSON, an unknown key, a
    /// malformed domain or base URL, a limit out of range.
    package static let policyInvalid = Self(rawValue: "policy-invalid")
    /// Basic credentials cannot be built from the given user id and password (RFC 7617 §2).
    package static let credentialsInvalid = Self(rawValue: "credentials-invalid")
}
