/// Every code a ``GuardDenial`` from SanitizeKit carries, in one place: the request guard's
/// rules, the authentication-challenge rules and pinning. The text is stable
/// (`docs/guard.md`); `SanitizeAsyncHTTPClient` adds the codes of its redirect and response
/// checks.
extension GuardDenial.Code {
    // MARK: Request guard

    /// The URL is longer than ``RequestGuard/Limits/maxURLBytes``.
    public static let urlTooLong = Self(rawValue: "url-too-long")
    /// The URL is not a well-formed absolute http(s) URL (no scheme, bad port, bad escape…).
    public static let urlMalformed = Self(rawValue: "url-malformed")
    /// The URL could be read differently by different parsers (backslash, tab or newline,
    /// control or space characters, `https:/host`, several `@`, a percent-encoded host).
    public static let urlAmbiguous = Self(rawValue: "url-ambiguous")
    /// The scheme is neither `https` nor `http`.
    public static let schemeNotAllowed = Self(rawValue: "scheme-not-allowed")
    /// Plain `http` to a host that the policy does not list as an exception.
    public static let insecureTransport = Self(rawValue: "insecure-transport")
    /// The URL carries `user:password@` and the policy does not allow it.
    public static let userinfoNotAllowed = Self(rawValue: "userinfo-not-allowed")
    /// The host is not a valid domain name or IP address (bad IDN, disallowed code point…).
    public static let hostInvalid = Self(rawValue: "host-invalid")
    /// The host is this machine and the policy does not allow loopback.
    public static let loopbackNotAllowed = Self(rawValue: "loopback-not-allowed")
    /// The host is on a private or link-local network and the policy does not allow it.
    public static let localNetworkNotAllowed = Self(rawValue: "local-network-not-allowed")
    /// A credential-bearing header would go to a URL the policy does not allowlist.
    public static let credentialsNotAllowed = Self(rawValue: "credentials-not-allowed")
    /// The method is not an RFC 9110 token.
    public static let methodInvalid = Self(rawValue: "method-invalid")
    /// A header name is not an RFC 9110 token.
    public static let headerNameInvalid = Self(rawValue: "header-name-invalid")
    /// A header value holds CR, LF or NUL, or leading or trailing whitespace.
    public static let headerValueInvalid = Self(rawValue: "header-value-invalid")
    /// The headers together are larger than the policy allows, or too many.
    public static let headersTooLarge = Self(rawValue: "headers-too-large")
    /// A `Host` header names another authority than the URL.
    public static let hostHeaderMismatch = Self(rawValue: "host-header-mismatch")

    // MARK: Authentication challenges

    /// The status is neither 401 nor 407, or a 407 came without a configured proxy.
    public static let challengeNotApplicable = Self(rawValue: "challenge-not-applicable")
    /// No challenge of the response has a scheme the rules allow.
    public static let challengeSchemeNotAllowed = Self(rawValue: "challenge-scheme-not-allowed")
    /// The challenge's realm is not one the rules name.
    public static let challengeRealmNotAllowed = Self(rawValue: "challenge-realm-not-allowed")
    /// Basic over plain http, or Bearer over http without the rules allowing it.
    public static let challengeInsecure = Self(rawValue: "challenge-insecure")
    /// The same scheme and realm were answered already and the server challenged again.
    public static let challengeRepeated = Self(rawValue: "challenge-repeated")
    /// The provider has no credentials for this origin and realm, or they do not fit the scheme.
    public static let challengeNoCredentials = Self(rawValue: "challenge-no-credentials")
    /// Only Basic challenges without a `realm` (RFC 7617 §2 requires one; a token68 form has
    /// none) have an allowed scheme.
    public static let challengeRealmMissing = Self(rawValue: "challenge-realm-missing")
    /// Basic with a `charset` other than UTF-8 (RFC 7617 §2.1 allows only UTF-8).
    public static let challengeCharset = Self(rawValue: "challenge-charset")

    // MARK: TLS pinning

    /// No certificate of the chain a pinned host presented has one of its pins.
    public static let pinMismatch = Self(rawValue: "pin-mismatch")
}
