/// Where in a URL an encoded value goes; each context picks a set that makes the value
/// come back unchanged from ``PercentDecoding``.
///
/// The WHATWG sets leave `%` (and, for queries, `&`, `=`, `+`) alone, because the URL parser
/// applies them to text that may already be encoded. A *value* spliced into a URL needs more:
/// every context here also encodes `%`, and the query context encodes `&`, `=`, `+`, `#`, so
/// a value can never end itself early or smuggle in another parameter.
public enum URLEncodingContext: String, Sendable, Hashable, CaseIterable {
    /// A whole component: the WHATWG component set (everything that is not
    /// `A–Z a–z 0–9 - . _ ~ ! * ' ( )`). The safe default.
    case component = "url-component"
    /// One path segment: the WHATWG path set + `/` `\` `%` `;`. The set alone leaves `.` and
    /// `..` as they are, which a URL parser resolves (path traversal): use
    /// `URLPath.encodeSegment(_:)`, which refuses them, for a value from outside.
    case pathSegment = "url-path-segment"
    /// A query parameter name or value: the WHATWG special-query set + `%` `&` `=` `+` `#`.
    case query = "url-query"
    /// application/x-www-form-urlencoded: the WHATWG form set, space as `+`.
    case form = "url-form"
    /// The user or password of userinfo: the WHATWG userinfo set + `%`.
    case userinfo = "url-userinfo"
    /// The fragment: the WHATWG fragment set + `%`.
    case fragment = "url-fragment"
    /// Everything but the RFC 3986 unreserved characters.
    case rfc3986 = "url-rfc3986"

    /// The bytes encoded in this context.
    package var encodeSet: PercentEncodeSet {
        switch self {
        case .component: return Self.componentSet
        case .pathSegment: return Self.pathSegmentSet
        case .query: return Self.querySet
        case .form: return .formURLEncoded
        case .userinfo: return Self.userinfoSet
        case .fragment: return Self.fragmentSet
        case .rfc3986: return .rfc3986Unreserved
        }
    }

    private static let componentSet = PercentEncodeSet.component
    private static let pathSegmentSet = PercentEncodeSet.path.adding("/\\%;")
    private static let querySet = PercentEncodeSet.specialQuery.adding("%&=+#")
    private static let userinfoSet = PercentEncodeSet.userinfo.adding("%")
    private static let fragmentSet = PercentEncodeSet.fragment.adding("%")
}
