extension SanitizeError.Code {
    /// A message catalog file is not well-formed JSON, or not shaped as a catalog.
    package static let catalogSyntax = Self(rawValue: "catalog-syntax")
    /// A message catalog object names the same key twice.
    package static let catalogDuplicateKey = Self(rawValue: "catalog-duplicate-key")
    /// A catalog message uses a placeholder outside the allowlist.
    package static let catalogUnknownPlaceholder = Self(rawValue: "catalog-unknown-placeholder")
    /// A catalog file has no generic `fallback` message.
    package static let catalogMissingFallback = Self(rawValue: "catalog-missing-fallback")
    /// A catalog entry is unusable: a bad key, an empty or unsafe text, an unbalanced brace.
    package static let catalogInvalidEntry = Self(rawValue: "catalog-invalid-entry")
    /// A catalog set lacks its default locale, or a file's `locale` disagrees with its name.
    package static let catalogLocale = Self(rawValue: "catalog-locale")
}
