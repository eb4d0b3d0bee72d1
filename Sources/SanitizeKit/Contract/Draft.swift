/// The JSON Schema dialect a schema (resource) is read in.
public enum Draft: String, Sendable, Hashable {
    /// Draft 2020-12 (the default).
    case draft2020_12 = "https://json-schema.org/draft/2020-12/schema"
    /// Draft-07: `$ref` overrides its siblings, `items` array form, `additionalItems`,
    /// `dependencies`, `definitions`.
    case draft7 = "http://json-schema.org/draft-07/schema"

    /// The dialect named by a `$schema` value, if it is one we know.
    /// - Parameter uri: the `$schema` value.
    /// - Returns: the draft, or `nil` for an unknown metaschema.
    static func named(_ uri: String) -> Draft? {
        var text = uri
        if text.hasSuffix("#") { text.removeLast() }
        switch text {
        case "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema":
            return .draft2020_12
        case "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema",
            "http://json-schema.org/draft-06/schema":
            return .draft7
        default:
            return nil
        }
    }
}
