/// Every code a ``SanitizeError`` thrown by SanitizeKit carries, in one place. Compare
/// `error.code` with these constants (or `error.code.rawValue` with the text in quotes): the
/// text is stable, and scripts match it in the command's `[code]` messages. The adapter
/// products add their own (`yaml-invalid`, `no-certificate`), declared beside their readers.
extension SanitizeError.Code {
    // MARK: Input and files

    /// Input bytes are not well-formed UTF-8.
    public static let invalidUTF8 = Self(rawValue: "invalid-utf8")
    /// Input contains a NUL byte where none is allowed.
    public static let nulByte = Self(rawValue: "nul-byte")
    /// Input is larger than a configured limit.
    public static let limitExceeded = Self(rawValue: "limit-exceeded")
    /// A file could not be read or written.
    public static let io = Self(rawValue: "io")
    /// A configuration value (option, rule file, policy) is unusable.
    public static let configuration = Self(rawValue: "configuration")
    /// A failure that is a bug of this package, never of the input.
    public static let internalError = Self(rawValue: "internal")

    // MARK: JSON

    /// The text is not JSON (RFC 8259 grammar), e.g. a trailing comma or a leading zero.
    public static let jsonSyntax = Self(rawValue: "json-syntax")
    /// A string escape encodes an unpaired UTF-16 surrogate.
    public static let jsonLoneSurrogate = Self(rawValue: "json-lone-surrogate")
    /// An object has the same key twice and the policy is `.reject`.
    public static let jsonDuplicateKey = Self(rawValue: "json-duplicate-key")
    /// Arrays and objects are nested deeper than the limit.
    public static let jsonTooDeep = Self(rawValue: "json-too-deep")

    // MARK: Contracts

    /// A schema is not a valid contract (bad keyword value, pattern that does not compile).
    public static let contractInvalid = Self(rawValue: "contract-invalid")
    /// A `$ref` names a resource that was not registered (nothing is fetched).
    public static let contractUnresolvedRef = Self(rawValue: "contract-unresolved-ref")
    /// A `$schema` names no dialect this library knows (draft-03, a typo, an unregistered
    /// meta-schema).
    public static let contractUnknownDialect = Self(rawValue: "contract-unknown-dialect")
    /// Two documents (the root and a registered one, or two registered ones) claim one URI.
    public static let contractDuplicateResource = Self(rawValue: "contract-duplicate-resource")

    // MARK: Contracts: typed decoding and encoding

    /// A payload handed to ``Contract/decode(_:from:decoder:)`` or produced by
    /// ``Contract/encode(_:encoder:)`` does not satisfy the contract.
    public static let contractViolation = Self(rawValue: "contract-violation")
    /// A valid payload that does not fit the `Decodable` type asked for.
    public static let decodingFailed = Self(rawValue: "decoding-failed")
    /// A value that its `Encodable` conformance cannot encode.
    public static let encodingFailed = Self(rawValue: "encoding-failed")

    // MARK: Contracts: OpenAPI

    /// A document given as OpenAPI is not OpenAPI 3.0/3.1, or lacks the named component.
    public static let openAPIInvalid = Self(rawValue: "openapi-invalid")

    // MARK: Regular expressions (PCRE2)

    /// A regular expression did not compile; the reason carries PCRE2's message and the
    /// location's `byteOffset` the offset in the pattern where compilation stopped.
    public static let regexCompile = Self(rawValue: "regex-compile")
    /// A match gave up because it hit the match, depth, heap or JIT stack limit: the pattern
    /// backtracks catastrophically on this subject (or the limits are set too low for it).
    public static let regexLimit = Self(rawValue: "regex-limit")
    /// PCRE2 reported an error while matching that is neither "no match" nor a limit.
    public static let regexMatch = Self(rawValue: "regex-match")

    // MARK: SQL

    /// A value cannot be quoted as a SQL identifier for the chosen dialect (empty, too long,
    /// or holding a character the database does not allow in identifiers).
    public static let invalidSQLIdentifier = Self(rawValue: "invalid-sql-identifier")

    // MARK: Shell

    /// A shell argument that begins with `-`, refused where options are not wanted (CWE-88).
    public static let optionLikeArgument = Self(rawValue: "option-like-argument")

    // MARK: URL

    /// A `%` not followed by two hexadecimal digits.
    public static let malformedPercentEscape = Self(rawValue: "malformed-percent-escape")

    // MARK: URL paths

    /// A path segment that URL parsers resolve (`.`, `..` and their `%2e` spellings).
    public static let dotSegment = Self(rawValue: "dot-segment")
    /// An empty path segment where one is not allowed.
    public static let emptyPathSegment = Self(rawValue: "empty-path-segment")

    // MARK: Message catalogs

    /// A message catalog file is not well-formed JSON, or not shaped as a catalog.
    public static let catalogSyntax = Self(rawValue: "catalog-syntax")
    /// A message catalog object names the same key twice.
    public static let catalogDuplicateKey = Self(rawValue: "catalog-duplicate-key")
    /// A catalog message uses a placeholder outside the allowlist.
    public static let catalogUnknownPlaceholder = Self(rawValue: "catalog-unknown-placeholder")
    /// A catalog file has no generic `fallback` message.
    public static let catalogMissingFallback = Self(rawValue: "catalog-missing-fallback")
    /// A catalog entry is unusable: a bad key, an empty or unsafe text, an unbalanced brace.
    public static let catalogInvalidEntry = Self(rawValue: "catalog-invalid-entry")
    /// A catalog set lacks its default locale, or a file's `locale` disagrees with its name.
    public static let catalogLocale = Self(rawValue: "catalog-locale")

    // MARK: Request guard

    /// A request-guard policy file or value is unusable: bad JSON, an unknown key, a
    /// malformed domain or base URL, a limit out of range.
    public static let policyInvalid = Self(rawValue: "policy-invalid")
    /// Basic credentials cannot be built from the given user id and password (RFC 7617 §2).
    public static let credentialsInvalid = Self(rawValue: "credentials-invalid")
}
