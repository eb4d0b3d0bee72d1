/// Where a server body keeps its error code: a member path such as `code`, `error.code` or
/// `errors.0.code` (a number segment indexes an array).
///
/// The mapper tries the paths in order and takes the first that holds a string (1 to 128
/// bytes, no control characters) or an integer (as its decimal text); any other value is skipped.
public struct CodeField: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The member names (or array indices) from the body's root.
    package let segments: [String]

    /// The paths tried by default, in order: `code`, `error_code`, `errorCode`, `error.code`,
    /// `error` (OAuth 2.0's `{"error": "invalid_grant"}`, RFC 6749 §5.2), `errors.0.code`
    /// (JSON:API and many REST APIs).
    public static let defaults: [CodeField] = [
        "code", "error_code", "errorCode", "error.code", "error", "errors.0.code",
    ]

    /// Creates a path from its dotted form.
    /// - Parameter path: member names separated by dots, such as `error.code`.
    public init(_ path: String) {
        segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// Creates a path from its dotted form.
    /// - Parameter value: member names separated by dots.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The dotted form.
    public var description: String { segments.joined(separator: ".") }

    /// The node at this path in a body, if every step exists: the path read as the JSON
    /// Pointer (RFC 6901) of its segments, so a number segment indexes an array.
    /// - Parameter document: the parsed body.
    /// - Returns: the node index.
    func value(in document: JSONDocument) -> Int? {
        JSONPointer(tokens: segments).resolve(in: document)
    }
}
