/// The JSON Schema dialect a schema (resource) is read in.
///
/// Chosen per resource by `$schema` (a meta-schema of one of these, or a custom meta-schema
/// whose own `$schema` is one of these); a resource without `$schema` takes the dialect of the
/// resource that references it, and the root takes ``Contract/Options/defaultDraft``.
public enum Draft: String, Sendable, Hashable, CaseIterable {
    /// Draft-04 (Swagger 2.0, OpenAPI 3.0, Kubernetes): `id`, boolean `exclusiveMinimum`/
    /// `exclusiveMaximum` that modify `minimum`/`maximum`, no `const`/`contains`/
    /// `propertyNames`/`if`, `$ref` overrides its siblings.
    case draft4 = "http://json-schema.org/draft-04/schema"
    /// Draft-06: `$id`, `const`, `contains`, `propertyNames`, numeric exclusive bounds,
    /// boolean schemas; no `if`/`then`/`else`; `$ref` overrides its siblings.
    case draft6 = "http://json-schema.org/draft-06/schema"
    /// Draft-07: `$ref` overrides its siblings, `items` array form, `additionalItems`,
    /// `dependencies`, `definitions`.
    case draft7 = "http://json-schema.org/draft-07/schema"
    /// Draft 2019-09: `$anchor`, `$recursiveRef`/`$recursiveAnchor`, `$vocabulary`,
    /// `unevaluatedProperties`/`unevaluatedItems`, `dependentSchemas`/`dependentRequired`,
    /// `minContains`/`maxContains`, `items` array form with `additionalItems`, `$ref` beside
    /// other keywords.
    case draft2019_09 = "https://json-schema.org/draft/2019-09/schema"
    /// Draft 2020-12 (the default).
    case draft2020_12 = "https://json-schema.org/draft/2020-12/schema"
    /// The Schema Object of OpenAPI 3.0.x (OAS 3.0.3 §4.7.24): draft-04's rules (boolean
    /// exclusive bounds, `$ref` overrides its siblings, no `const`) plus `nullable: true`,
    /// which adds `null` to an explicit `type`. No `$schema` names it (3.0 has none): the
    /// OpenAPI reader chooses it for a 3.0 document. The raw value is only a label.
    case openAPI3_0 = "https://spec.openapis.org/oas/3.0/schema-object"

    /// The dialect named by a `$schema` value, if it is one we know. A trailing empty
    /// fragment (`#`) and the scheme (`http` or `https`) do not matter; anything else does.
    /// - Parameter uri: the `$schema` value.
    /// - Returns: the draft, or `nil` for any other meta-schema (draft-03, a typo, a custom one).
    static func named(_ uri: String) -> Draft? {
        var text = Substring(uri)
        if text.hasSuffix("#") { text.removeLast() }
        if text.hasPrefix("https://") { text = text.dropFirst(8) } else if text.hasPrefix("http://") { text = text.dropFirst(7) } else { return nil }
        switch text {
        case "json-schema.org/draft-04/schema": return .draft4
        case "json-schema.org/draft-06/schema": return .draft6
        case "json-schema.org/draft-07/schema": return .draft7
        case "json-schema.org/draft/2019-09/schema": return .draft2019_09
        case "json-schema.org/draft/2020-12/schema": return .draft2020_12
        // OAS 3.1 §4.8.24.5: the default dialect of OpenAPI 3.1 Schema Objects is 2020-12
        // plus annotation-only keywords (`discriminator`, `xml`, `example`, …).
        case "spec.openapis.org/oas/3.1/dialect/base": return .draft2020_12
        default: return nil
        }
    }

    /// Order of publication: 4, 6, 7, 2019, 2020.
    var generation: Int {
        switch self {
        case .draft4, .openAPI3_0: return 4
        case .draft6: return 6
        case .draft7: return 7
        case .draft2019_09: return 2019
        case .draft2020_12: return 2020
        }
    }

    /// Draft-04 to draft-07: `$ref` makes every sibling keyword (`$id` included) be ignored.
    var refOverridesSiblings: Bool { generation <= 7 }
    /// The keyword that names a resource: `id` in draft-04, `$id` after.
    var idKeyword: String { self == .draft4 ? "id" : "$id" }
    /// Draft-04 to draft-07: an identifier may be a plain-name fragment (`"#foo"`), an anchor.
    var idMayBeAnchor: Bool { generation <= 7 }
    /// Draft-06 and later: `const`, `contains`, `propertyNames`, numeric exclusive bounds.
    var hasDraft6Keywords: Bool { generation >= 6 }
    /// Draft-07 and later: `if`/`then`/`else`.
    var hasConditionals: Bool { generation >= 7 }
    /// 2019-09 and later: `$anchor`, `unevaluated*`, `dependentSchemas`/`dependentRequired`,
    /// `minContains`/`maxContains`.
    var hasVocabularies: Bool { generation >= 2019 }
    /// 2020-12 only: `prefixItems` (and `items` for the rest), `$dynamicRef`/`$dynamicAnchor`.
    var hasPrefixItems: Bool { self == .draft2020_12 }

    /// The vocabulary URIs a custom meta-schema's `$vocabulary` may list for validation and
    /// for format assertion (2019-09 and 2020-12).
    var validationVocabularyURI: String {
        self == .draft2019_09
            ? "https://json-schema.org/draft/2019-09/vocab/validation" : "https://json-schema.org/draft/2020-12/vocab/validation"
    }
}
