/// An object key prepared for fast lookup: its UTF-8 bytes and FNV-1a hash.
struct PropertyKey: Sendable {
    let text: String
    let bytes: [UInt8]
    let hash: UInt64

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
        self.hash = bytes.withUnsafeBytes { JSONDocument.fnv1a($0) }
    }
}

/// A numeric bound (minimum, maximum, …) prepared for both fast and exact comparison.
struct NumberBound: Sendable {
    let decimal: JSONDecimal
    /// The bound as an integer when it is one and fits: compared without parsing decimals.
    let int: Int64?
    let text: String

    init?(_ text: String) {
        guard let decimal = JSONDecimal(text) else { return nil }
        self.decimal = decimal
        self.int = decimal.int64
        self.text = text
    }
}

/// The object applicators of one schema combined, so an instance's members are walked once:
/// `properties` (keys sorted by hash), `patternProperties`, `additionalProperties`.
struct ObjectShape: Sendable {
    var keys: [PropertyKey] = []
    var schemas: [Int] = []
    var patterns: [(pattern: PatternMatcher, schema: Int)] = []
    var additional: Int?
    /// A hash → index table when there are many properties; linear scan otherwise.
    var table: [UInt64: [Int]] = [:]

    func lookup(hash: UInt64, equals: (PropertyKey) -> Bool) -> Int? {
        if keys.count > 12 {
            guard let candidates = table[hash] else { return nil }
            for index in candidates where equals(keys[index]) { return index }
            return nil
        }
        for index in keys.indices where keys[index].hash == hash && equals(keys[index]) { return index }
        return nil
    }
}

/// One compiled keyword. Checks are grouped per instance type inside ``CompiledSchema``.
enum Check: Sendable {
    // any type
    case type(UInt8)
    case const(Int)
    case enumeration([Int])
    // in-place applicators
    case ref(Int)
    case dynamicRef(anchor: String, fallback: Int)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(ifSchema: Int, thenSchema: Int?, elseSchema: Int?)
    case dependentSchemas([(key: PropertyKey, schema: Int)])
    // strings
    case minLength(Int)
    case maxLength(Int)
    case pattern(PatternMatcher)
    case format(FormatKind)
    // numbers
    case minimum(NumberBound)
    case maximum(NumberBound)
    case exclusiveMinimum(NumberBound)
    case exclusiveMaximum(NumberBound)
    case multipleOf(NumberBound)
    // objects
    case minProperties(Int)
    case maxProperties(Int)
    case required([PropertyKey])
    case dependentRequired([(key: PropertyKey, required: [PropertyKey])])
    case propertyNames(Int)
    case object(ObjectShape)
    // arrays
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case items(prefix: [Int], rest: Int?, keyword: String)
    case contains(schema: Int, min: Int, max: Int?)
}

/// Bits of a `type` check.
enum TypeBits {
    static let null: UInt8 = 1
    static let boolean: UInt8 = 2
    static let integer: UInt8 = 4
    static let number: UInt8 = 8
    static let string: UInt8 = 16
    static let array: UInt8 = 32
    static let object: UInt8 = 64

    static func names(_ mask: UInt8) -> String {
        var names: [String] = []
        if mask & null != 0 { names.append("null") }
        if mask & boolean != 0 { names.append("boolean") }
        if mask & integer != 0 { names.append("integer") }
        if mask & number != 0 { names.append("number") }
        if mask & string != 0 { names.append("string") }
        if mask & array != 0 { names.append("array") }
        if mask & object != 0 { names.append("object") }
        return names.joined(separator: " or ")
    }
}

/// One schema (a JSON object or boolean) after compilation.
struct CompiledSchema: Sendable {
    enum Kind: Sendable { case alwaysValid, alwaysInvalid, checks }
    var kind: Kind = .checks
    /// Where this schema is: resource URI (no fragment) and JSON Pointer inside it.
    var resourceURI: String = ""
    var pointer: String = ""
    /// Index into ``ContractProgram/resources`` (for the dynamic scope).
    var resource: Int = 0
    var general: [Check] = []
    var inPlace: [Check] = []
    var strings: [Check] = []
    var numbers: [Check] = []
    var objects: [Check] = []
    var arrays: [Check] = []
    var unevaluatedProperties: Int?
    var unevaluatedItems: Int?
    /// `writeOnly: true` or `x-sensitive: true`: values under it never appear in messages.
    var sensitive = false
    /// Index into ``ContractProgram/sanitizeSteps`` when the schema has `x-sanitize`.
    var sanitizeSteps: Int?

    var needsAnnotations: Bool { unevaluatedProperties != nil || unevaluatedItems != nil }
}

/// A schema resource (a schema with `$id`, or a document root), for `$dynamicRef`.
struct SchemaResource: Sendable {
    var uri: String
    var dynamicAnchors: [String: Int] = [:]
}

/// Everything a compiled contract holds; immutable after compilation.
struct ContractProgram: Sendable {
    var schemas: [CompiledSchema] = []
    var resources: [SchemaResource] = []
    /// `const`/`enum` values, each parsed once into its own document.
    var constants: [JSONDocument] = []
    var sanitizeSteps: [JSONValue] = []
    var root = 0
}
