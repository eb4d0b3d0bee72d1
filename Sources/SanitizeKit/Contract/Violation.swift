/// One reason an instance does not satisfy a contract.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable violation identifier (`type`, `required`, `max-length`, …).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier text, in kebab case (the JSON Schema keyword, kebab-cased).
        public let rawValue: String
        /// Creates a code from its identifier text.
        /// - Parameter rawValue: the identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier text.
        public var description: String { rawValue }
    }

    /// JSON Pointer (RFC 6901) to the offending value in the instance; `""` is the root.
    public var instanceLocation: String
    /// JSON Pointer to the failing keyword along the evaluation path from the root schema,
    /// through every `$ref` and `$dynamicRef` crossed (JSON Schema 2020-12 core §12.3.1), e.g.
    /// `/properties/name/maxLength`, or `/properties/home/$ref/properties/zip/pattern` when
    /// `home` is `{"$ref": "#/$defs/address"}`.
    public var keywordLocation: String
    /// The failing keyword's absolute location, where it is written: the URI of its schema
    /// resource plus `#` and its pointer in that resource, e.g.
    /// `urn:sanitize:contract#/$defs/address/properties/zip/pattern`.
    public var absoluteKeywordLocation: String
    /// The stable code.
    public var code: Code
    /// A message for people; never contains a value of a `writeOnly` or `x-sensitive` property.
    public var message: String

    /// Creates a violation.
    /// - Parameters:
    ///   - instanceLocation: pointer into the instance.
    ///   - keywordLocation: pointer to the keyword along the evaluation path.
    ///   - absoluteKeywordLocation: the keyword's absolute URI.
    ///   - code: the stable code.
    ///   - message: the text for people.
    package init(instanceLocation: String, keywordLocation: String, absoluteKeywordLocation: String, code: Code, message: String) {
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.code = code
        self.message = message
    }

    /// `instanceLocation: message [code]`.
    public var description: String {
        "\(instanceLocation.isEmpty ? "/" : instanceLocation): \(message) [\(code)]"
    }
}

extension Violation.Code {
    /// `type` did not match.
    package static let type = Self(rawValue: "type")
    /// `const` did not match.
    package static let const = Self(rawValue: "const")
    /// The value is not one of `enum`.
    package static let `enum` = Self(rawValue: "enum")
    /// A string shorter than `minLength`.
    package static let minLength = Self(rawValue: "min-length")
    /// A string longer than `maxLength`.
    package static let maxLength = Self(rawValue: "max-length")
    /// A string not matching `pattern`.
    package static let pattern = Self(rawValue: "pattern")
    /// A string that `pattern` or `patternProperties` could not be matched against within
    /// PCRE2's limits (catastrophic backtracking): refused, since nothing says it matches.
    package static let patternLimit = Self(rawValue: "pattern-limit")
    /// A string not in the asserted `format`.
    package static let format = Self(rawValue: "format")
    /// Below `minimum`.
    package static let minimum = Self(rawValue: "minimum")
    /// Above `maximum`.
    package static let maximum = Self(rawValue: "maximum")
    /// Not above `exclusiveMinimum`.
    package static let exclusiveMinimum = Self(rawValue: "exclusive-minimum")
    /// Not below `exclusiveMaximum`.
    package static let exclusiveMaximum = Self(rawValue: "exclusive-maximum")
    /// Not a multiple of `multipleOf`.
    package static let multipleOf = Self(rawValue: "multiple-of")
    /// Fewer items than `minItems`.
    package static let minItems = Self(rawValue: "min-items")
    /// More items than `maxItems`.
    package static let maxItems = Self(rawValue: "max-items")
    /// Repeated items under `uniqueItems`.
    package static let uniqueItems = Self(rawValue: "unique-items")
    /// Too few items match `contains` (`minContains`, default 1).
    package static let contains = Self(rawValue: "contains")
    /// Too many items match `contains` (`maxContains`).
    package static let maxContains = Self(rawValue: "max-contains")
    /// Fewer members than `minProperties`.
    package static let minProperties = Self(rawValue: "min-properties")
    /// More members than `maxProperties`.
    package static let maxProperties = Self(rawValue: "max-properties")
    /// A `required` member is missing.
    package static let required = Self(rawValue: "required")
    /// A member required by `dependentRequired` (or draft-07 `dependencies`) is missing.
    package static let dependentRequired = Self(rawValue: "dependent-required")
    /// A member not allowed by `additionalProperties`.
    package static let additionalProperties = Self(rawValue: "additional-properties")
    /// A member not allowed by `unevaluatedProperties`.
    package static let unevaluatedProperties = Self(rawValue: "unevaluated-properties")
    /// An item not allowed by `items`/`additionalItems` being `false`.
    package static let additionalItems = Self(rawValue: "additional-items")
    /// An item not allowed by `unevaluatedItems`.
    package static let unevaluatedItems = Self(rawValue: "unevaluated-items")
    /// A key rejected by `propertyNames`.
    package static let propertyNames = Self(rawValue: "property-names")
    /// No subschema of `anyOf` matched.
    package static let anyOf = Self(rawValue: "any-of")
    /// Not exactly one subschema of `oneOf` matched.
    package static let oneOf = Self(rawValue: "one-of")
    /// The `not` subschema matched.
    package static let not = Self(rawValue: "not")
    /// A `false` schema: nothing is allowed here.
    package static let falseSchema = Self(rawValue: "false-schema")
    /// A `readOnly` value in a request (an OpenAPI 3.0 contract compiled for requests).
    package static let readOnly = Self(rawValue: "read-only")
    /// A `writeOnly` value in a response (an OpenAPI 3.0 contract compiled for responses).
    package static let writeOnly = Self(rawValue: "write-only")
    /// Evaluation went deeper than the limit (a `$ref` cycle that never consumes input).
    package static let depthLimit = Self(rawValue: "depth-limit")
}
