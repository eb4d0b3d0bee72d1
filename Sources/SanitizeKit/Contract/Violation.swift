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

