/// An object key prepared for fast lookup: its UTF-8 bytes and its ``JSONDocument/keyHash(_:)``
/// (length and first and last eight bytes, mixed; every hash match is confirmed on the bytes).
struct PropertyKey: Sendable, Equatable {
    let text: String
    let bytes: [UInt8]
    let hash: UInt64
    /// The name as a JSON string, quotes included, as messages show it (made once here, not
    /// per violation).
    let quoted: String
    /// The message of a `required` violation for this name (made once here, not per violation).
    let missingMessage: String

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
        self.hash = bytes.withUnsafeBytes { JSONDocument.keyHash($0) }
        self.quoted = JSONValue.string(text).jsonText
        self.missingMessage = "required member \(quoted) is missing"
    }
}

/// A numeric bound (minimum, maximum, …) prepared for both fast and exact comparison.
struct NumberBound: Sendable {
    let decimal: JSONDecimal
    /// The bound as an integer when it is one and fits: compared without parsing decimals.
    let int: Int64?
    /// The bound as a Double when that comparison is exact (see ``JSONDecimal/exactDouble(_:)``).
    let double: Double?
    let text: String

    init?(_ text: String) {
        guard let decimal = JSONDecimal(text) else { return nil }
        self.decimal = decimal
        self.int = decimal.int64
        var copy = text
        self.double = copy.withUTF8 { JSONDecimal.exactDouble(UnsafeRawBufferPointer($0)) }
        self.text = text
    }
}

/// The object applicators of one schema combined, so an instance's members are walked once:
/// `properties`, `patternProperties`, `additionalProperties`. The evaluator reads the
/// properties through ``ProgramBuffers/FastShape`` (hash scan, then a byte comparison).
struct ObjectShape: Sendable {
    var keys: [PropertyKey] = []
    /// Per property (parallel to `keys`): its index in ``ContractProgram/keys``.
    var keyIndices: [Int32] = []
    /// Per property (parallel to `keys`): its key's ``PropertyKey/hash``.
    var hashes: [UInt64] = []
    var schemas: [Int32] = []
    var patterns: [(pattern: Int32, schema: Int32)] = []
    /// Bit i set: property i is also `required` (checked during the property walk).
    var requiredMask: UInt64 = 0
    var additional: Int32 = noSchema
}

/// A run of entries in one of the program's pools (`lists` or `checks`).
struct PoolRange: Sendable {
    var start: Int32 = 0
    var count: Int32 = 0

    var range: Range<Int> { Int(start)..<Int(start + count) }
    var isEmpty: Bool { count == 0 }
}

/// The keyword a reference check was compiled from: it is the segment the reference adds to
/// a violation's `keywordLocation`.
enum ReferenceKeyword: UInt8, Sendable {
    /// `$ref` (2020-12 and draft-07).
    case ref
    /// `$dynamicRef`.
    case dynamicRef
    /// `$recursiveRef` (2019-09).
    case recursiveRef

    /// The keyword as written in a schema.
    var name: String {
        switch self {
        case .ref: return "$ref"
        case .dynamicRef: return "$dynamicRef"
        case .recursiveRef: return "$recursiveRef"
        }
    }
}

/// `-1` for "no schema" in the index fields of ``Check`` and ``CompiledSchema``.
let noSchema: Int32 = -1

/// Bits of a `type` check.
enum TypeBits {
    static let null: UInt8 = 1
    static let boolean: UInt8 = 2
    static let integer: UInt8 = 4
    static let number: UInt8 = 8
    static let string: UInt8 = 16
    static let array: UInt8 = 32
    static let object: UInt8 = 64
    /// Every type: what a schema without `type` allows.
    static let any: UInt8 = 127
    /// Draft-04 `integer`: a number written without a fraction or exponent (`1.0` is not one).
    static let integerSyntax: UInt8 = 128

    /// The bits a `type` name allows (`number` allows integers too), or `nil` for a name that
    /// is not a JSON Schema type.
    static func bits(forName name: JSONValue) -> UInt8? {
        switch name {
        case .string("null"): return null
        case .string("boolean"): return boolean
        case .string("integer"): return integer
        case .string("number"): return number | integer
        case .string("string"): return string
        case .string("array"): return array
        case .string("object"): return object
        default: return nil
        }
    }

    /// The names a value's type is given in messages, in the order of `Evaluator.foundType(_:)`.
    static let foundNames = ["null", "boolean", "integer", "number", "string", "array", "object"]
    /// The index in ``foundNames`` of each type.
    static let foundNull = 0
    static let foundBoolean = 1
    static let foundInteger = 2
    static let foundNumber = 3
    static let foundString = 4
    static let foundArray = 5
    static let foundObject = 6

    /// The `type` violations' messages of a mask, `expected <the mask's names>, found <name>`, by
    /// the index of the found type's name in ``foundNames``. ``ProgramBuffers`` makes them for
    /// the masks of its program's schemas, so that a violation allocates no message (string
    /// interpolation allocated two or three times per violation); a table of all 1,792, made at
    /// the first mismatch, cost every run that had one 6,400 allocations (about 0.5 ms).
    static func mismatchMessages(_ mask: UInt8) -> [String] {
        let names = spelledNames(mask)
        return foundNames.map { "expected \(names), found \($0)" }
    }

    /// A mask's type names as messages list them (`integer or string`). `number` allows
    /// integers too (its bits include them), and names them: `{"type":"number"}` is spelled
    /// "number", not "integer or number".
    private static func spelledNames(_ mask: UInt8) -> String {
        var names: [String] = []
        if mask & null != 0 { names.append("null") }
        if mask & boolean != 0 { names.append("boolean") }
        if mask & (integer | integerSyntax) != 0 && mask & number == 0 { names.append("integer") }
        if mask & number != 0 { names.append("number") }
        if mask & string != 0 { names.append("string") }
        if mask & array != 0 { names.append("array") }
        if mask & object != 0 { names.append("object") }
        return names.joined(separator: " or ")
    }
}

/// One schema (a JSON object or boolean) after compilation: plain values only.
struct CompiledSchema: Sendable {
    enum Kind: Sendable { case alwaysValid, alwaysInvalid, checks }
    var kind: Kind = .checks
    /// Index into ``ContractProgram/resources`` (for the dynamic scope).
    var resource: Int32 = 0
    /// The `type` keyword's allowed types (``TypeBits``), checked before any other keyword
    /// without a dispatch of its own; ``TypeBits/any`` when the schema has no `type`.
    var typeMask: UInt8 = TypeBits.any
    var general = PoolRange()
    var inPlace = PoolRange()
    var strings = PoolRange()
    var numbers = PoolRange()
    var objects = PoolRange()
    var arrays = PoolRange()
    var unevaluatedProperties: Int32 = noSchema
    var unevaluatedItems: Int32 = noSchema
    /// `writeOnly: true` or `x-sensitive: true`: values under it never appear in messages.
    var sensitive = false
    /// Why an ``Kind/alwaysInvalid`` schema refuses every value.
    var refusal: Refusal = .falseSchema
    /// Index into ``ContractProgram/stepLists`` when the schema has `x-sanitize`, else -1.
    var sanitizeSteps: Int32 = -1

    /// Whether `type` is all the schema asserts (a ``Kind/checks`` schema without any other
    /// check): a value of an allowed type is valid without the schema being entered. Set by
    /// ``settle(checks:)``.
    private(set) var assertsOnlyType = false
    /// The target of a schema that is one `$ref` and nothing else (no `type`, no other check,
    /// no `x-sanitize`, not sensitive), else -1: an evaluation that reports and records nothing
    /// goes from it straight to the target, without the reference's step (which only locations
    /// read). Set by ``settle(checks:)``.
    private(set) var referenceOnly: Int32 = -1

    var needsAnnotations: Bool { unevaluatedProperties >= 0 || unevaluatedItems >= 0 }

    /// Sets what is derived from the schema's checks, once they are all in place (`checks`: the
    /// program's, which its runs index). A keyword kept in a field of its own rather than in a
    /// run of checks (as `unevaluatedProperties`) must be counted here, or a schema holding only
    /// it and `type` would not be entered.
    mutating func settle(checks: [Check]) {
        let onlyInPlace = kind == .checks && general.isEmpty && strings.isEmpty && numbers.isEmpty && objects.isEmpty
            && arrays.isEmpty && !needsAnnotations
        assertsOnlyType = onlyInPlace && inPlace.isEmpty
        if onlyInPlace && typeMask == TypeBits.any && inPlace.count == 1 && !sensitive && sanitizeSteps < 0,
            case .reference(let reference) = checks[Int(inPlace.start)]
        {
            referenceOnly = reference.target
        }
    }
}

/// Why a schema refuses every value (``CompiledSchema/Kind/alwaysInvalid``): it is `false`, or
/// it is `readOnly`/`writeOnly` in an OpenAPI 3.0 contract compiled for the direction such a
/// value is not sent in (``Contract/Direction``, OAS 3.0.3 §4.7.24.1).
enum Refusal: UInt8, Sendable {
    /// The schema `false`.
    case falseSchema
    /// `readOnly: true`, in a request.
    case readOnly
    /// `writeOnly: true`, in a response.
    case writeOnly
}

/// Where a compiled schema came from: resource URI (no fragment) and JSON Pointer inside it,
/// and the document it was read from with the pointer from that document's root.
///
/// The two pointers differ under an embedded resource (a subschema with its own `$id`): for
/// `{"properties":{"a":{"$id":"a.json","type":"integer"}}}` the schema of `a` is at pointer `""`
/// in resource `a.json`, and at `/properties/a` in its document. A subschema always sits in the
/// document of the schema that holds it, so the evaluation path from a schema to one of its
/// subschemas is the difference of their document pointers.
struct SchemaLocation: Sendable {
    var resourceURI: String
    var pointer: String
    /// The URI the schema's document was indexed under (a registered resource, a metaschema,
    /// or the contract's base URI).
    var documentURI: String
    /// JSON Pointer from the root of that document.
    var documentPointer: String
}

/// A schema resource (a schema with `$id`, or a document root), for `$dynamicRef`.
struct SchemaResource: Sendable {
    var uri: String
    var dynamicAnchors: [String: Int] = [:]
}

/// Everything a compiled contract holds; immutable after compilation.
struct ContractProgram: Sendable {
    var schemas: [CompiledSchema] = []
    var locations: [SchemaLocation] = []
    var resources: [SchemaResource] = []
    /// All checks of all schemas; a schema names its runs by ``PoolRange``.
    var checks: [Check] = []
    /// Index lists (schema, key and constant indices) that checks point into.
    var lists: [Int32] = []
    var keys: [PropertyKey] = []
    var bounds: [NumberBound] = []
    var patterns: [PatternMatcher] = []
    var shapes: [ObjectShape] = []
    var dependentRequired: [[(key: PropertyKey, required: [PropertyKey])]] = []
    var anchorNames: [String] = []
    var discriminators: [OneOfDiscriminator] = []
    /// The strings of every ``OneOfDiscriminator``, each discriminator's in one run.
    var discriminatorValues: [DiscriminatorValue] = []
    /// `const`/`enum` values, each parsed once into its own document.
    var constants: [JSONDocument] = []
    /// Every distinct `x-sanitize` list, compiled (``CompiledSchema/sanitizeSteps`` indexes it).
    var stepLists: [[SanitizeStep]] = []
    var root = 0
    /// Whether any `$dynamicRef` needs the dynamic scope tracked.
    var usesDynamicScope = false

    mutating func list(_ values: [Int]) -> PoolRange {
        let range = PoolRange(start: Int32(lists.count), count: Int32(values.count))
        lists.append(contentsOf: values.map { Int32($0) })
        return range
    }

    mutating func key(_ text: String) -> Int {
        keys.append(PropertyKey(text))
        return keys.count - 1
    }
}

/// A schema's checks while it is being compiled, before they move into the program's pool.
struct SchemaBuilder {
    var typeMask: UInt8 = TypeBits.any
    var general: [Check] = []
    var inPlace: [Check] = []
    var strings: [Check] = []
    var numbers: [Check] = []
    var objects: [Check] = []
    var arrays: [Check] = []
    var unevaluatedProperties: Int32 = noSchema
    var unevaluatedItems: Int32 = noSchema
    var sensitive = false
    var sanitizeSteps: Int32 = -1

    var isTrivial: Bool {
        typeMask == TypeBits.any && general.isEmpty && inPlace.isEmpty && strings.isEmpty && numbers.isEmpty && objects.isEmpty && arrays.isEmpty
            && unevaluatedProperties < 0 && unevaluatedItems < 0 && sanitizeSteps < 0 && !sensitive
    }
}
