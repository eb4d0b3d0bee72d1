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
    public var keywordLocation: String {
        get { Locations.joined(locations.keywordPath, locations.keyword) }
        set {
            locations.keywordPath = newValue
            locations.keyword = ""
        }
    }
    /// The failing keyword's absolute location, where it is written: the URI of its schema
    /// resource plus `#` and its pointer in that resource, e.g.
    /// `urn:sanitize:contract#/$defs/address/properties/zip/pattern`.
    public var absoluteKeywordLocation: String {
        get { Locations.joined(locations.schemaLocation, locations.absoluteKeyword) }
        set {
            locations.schemaLocation = newValue
            locations.absoluteKeyword = ""
        }
    }
    /// The stable code.
    public var code: Code
    /// A message for people; never contains a value of a `writeOnly` or `x-sensitive` property.
    public var message: String
    /// The two locations, in parts.
    private var locations: Locations

    /// The two locations as the evaluator has them: the path to the keyword's schema (shared by
    /// every violation there) and the keyword (a literal), so that the joined strings are built
    /// only when read (most violations are written once, or only counted). Two are equal when
    /// the joined locations are, however they are split.
    private struct Locations: Hashable {
        var keywordPath: String
        var keyword: String
        var schemaLocation: String
        var absoluteKeyword: String

        static func == (a: Locations, b: Locations) -> Bool {
            joined(a.keywordPath, a.keyword) == joined(b.keywordPath, b.keyword)
                && joined(a.schemaLocation, a.absoluteKeyword) == joined(b.schemaLocation, b.absoluteKeyword)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(Self.joined(keywordPath, keyword))
            hasher.combine(Self.joined(schemaLocation, absoluteKeyword))
        }

        /// `base`, then `/keyword` unless `keyword` is empty, built in one allocation.
        static func joined(_ base: String, _ keyword: String) -> String {
            guard !keyword.isEmpty else { return base }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(base.utf8.count + 1 + keyword.utf8.count)
            bytes.append(contentsOf: base.utf8)
            bytes.append(UInt8(ascii: "/"))
            bytes.append(contentsOf: keyword.utf8)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Creates a violation.
    /// - Parameters:
    ///   - instanceLocation: pointer into the instance.
    ///   - keywordLocation: pointer to the keyword along the evaluation path.
    ///   - absoluteKeywordLocation: the keyword's absolute URI.
    ///   - code: the stable code.
    ///   - message: the text for people.
    package init(instanceLocation: String, keywordLocation: String, absoluteKeywordLocation: String, code: Code, message: String) {
        self.init(
            instanceLocation: instanceLocation, keywordPath: keywordLocation, schemaLocation: absoluteKeywordLocation, keyword: "",
            code: code, message: message)
    }

    /// Creates a violation of `keyword` (`""` for the schema itself) in the schema at
    /// `keywordPath` along the evaluation path (which holds the keyword already when
    /// `keywordIsInPath`) and at `schemaLocation` absolutely.
    init(
        instanceLocation: String, keywordPath: String, schemaLocation: String, keyword: String, code: Code, message: String,
        keywordIsInPath: Bool = false
    ) {
        self.instanceLocation = instanceLocation
        locations = Locations(
            keywordPath: keywordPath, keyword: keywordIsInPath ? "" : keyword, schemaLocation: schemaLocation, absoluteKeyword: keyword)
        self.code = code
        self.message = message
    }

    /// `base`, then `/keyword` unless `keyword` is empty, built in one allocation.
    package static func joined(_ base: String, _ keyword: String) -> String {
        Locations.joined(base, keyword)
    }

    /// The keyword location's parts: the path to the keyword's schema and the keyword's name
    /// (`""` when the path is the whole location), not joined.
    package var keywordLocationParts: (path: String, keyword: String) {
        (locations.keywordPath, locations.keyword)
    }

    /// `instanceLocation: message [code]`.
    public var description: String {
        "\(instanceLocation.isEmpty ? "/" : instanceLocation): \(message) [\(code)]"
    }
}

