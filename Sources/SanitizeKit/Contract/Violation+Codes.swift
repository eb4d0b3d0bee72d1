/// Every code a contract ``Violation`` carries, in one place: one per JSON Schema assertion
/// (the keyword, kebab-cased), plus the evaluator's own limits. The text is stable
/// (`docs/contracts.md`); the record filter adds `sanitize-step-failed` and
/// `record-too-large` (declared beside ``RecordFilter``).
extension Violation.Code {
    // MARK: JSON Schema keywords

    /// `type` did not match.
    public static let type = Self(rawValue: "type")
    /// `const` did not match.
    public static let const = Self(rawValue: "const")
    /// The value is not one of `enum`.
    public static let `enum` = Self(rawValue: "enum")
    /// A string shorter than `minLength`.
    public static let minLength = Self(rawValue: "min-length")
    /// A string longer than `maxLength`.
    public static let maxLength = Self(rawValue: "max-length")
    /// A string not matching `pattern`.
    public static let pattern = Self(rawValue: "pattern")
    /// A string that `pattern` or `patternProperties` could not be matched against within
    /// PCRE2's limits (catastrophic backtracking): refused, since nothing says it matches.
    public static let patternLimit = Self(rawValue: "pattern-limit")
    /// A string not in the asserted `format`.
    public static let format = Self(rawValue: "format")
    /// Below `minimum`.
    public static let minimum = Self(rawValue: "minimum")
    /// Above `maximum`.
    public static let maximum = Self(rawValue: "maximum")
    /// Not above `exclusiveMinimum`.
    public static let exclusiveMinimum = Self(rawValue: "exclusive-minimum")
    /// Not below `exclusiveMaximum`.
    public static let exclusiveMaximum = Self(rawValue: "exclusive-maximum")
    /// Not a multiple of `multipleOf`.
    public static let multipleOf = Self(rawValue: "multiple-of")
    /// Fewer items than `minItems`.
    public static let minItems = Self(rawValue: "min-items")
    /// More items than `maxItems`.
    public static let maxItems = Self(rawValue: "max-items")
    /// Repeated items under `uniqueItems`.
    public static let uniqueItems = Self(rawValue: "unique-items")
    /// Too few items match `contains` (`minContains`, default 1).
    public static let contains = Self(rawValue: "contains")
    /// Too many items match `contains` (`maxContains`).
    public static let maxContains = Self(rawValue: "max-contains")
    /// Fewer members than `minProperties`.
    public static let minProperties = Self(rawValue: "min-properties")
    /// More members than `maxProperties`.
    public static let maxProperties = Self(rawValue: "max-properties")
    /// A `required` member is missing.
    public static let required = Self(rawValue: "required")
    /// A member required by `dependentRequired` (or draft-07 `dependencies`) is missing.
    public static let dependentRequired = Self(rawValue: "dependent-required")
    /// A member not allowed by `additionalProperties`.
    public static let additionalProperties = Self(rawValue: "additional-properties")
    /// A member not allowed by `unevaluatedProperties`.
    public static let unevaluatedProperties = Self(rawValue: "unevaluated-properties")
    /// An item not allowed by `items`/`additionalItems` being `false`.
    public static let additionalItems = Self(rawValue: "additional-items")
    /// An item not allowed by `unevaluatedItems`.
    public static let unevaluatedItems = Self(rawValue: "unevaluated-items")
    /// A key rejected by `propertyNames`.
    public static let propertyNames = Self(rawValue: "property-names")
    /// No subschema of `anyOf` matched.
    public static let anyOf = Self(rawValue: "any-of")
    /// Not exactly one subschema of `oneOf` matched.
    public static let oneOf = Self(rawValue: "one-of")
    /// The `not` subschema matched.
    public static let not = Self(rawValue: "not")
    /// A `false` schema: nothing is allowed here.
    public static let falseSchema = Self(rawValue: "false-schema")
    /// A `readOnly` value in a request (an OpenAPI 3.0 contract compiled for requests).
    public static let readOnly = Self(rawValue: "read-only")
    /// A `writeOnly` value in a response (an OpenAPI 3.0 contract compiled for responses).
    public static let writeOnly = Self(rawValue: "write-only")
    /// Evaluation went deeper than the limit (a `$ref` cycle that never consumes input).
    public static let depthLimit = Self(rawValue: "depth-limit")
}
