/// Where one (sub)schema sits: its value, its base URI and dialect, and its canonical place
/// (innermost resource URI + JSON Pointer inside that resource).
struct SchemaEntry {
    let value: JSONValue
    let base: URIReference
    let resourceURI: String
    let pointer: String
    /// The document the schema was read from and its pointer from that document's root
    /// (``SchemaLocation/documentPointer``).
    let documentURI: String
    let documentPointer: String
    let draft: Draft
    /// False when the dialect's metaschema leaves out the validation vocabulary.
    let validationVocabulary: Bool
    /// True when the dialect's metaschema lists the format-assertion vocabulary.
    var formatAssertion = false

    var canonical: String { resourceURI + "#" + pointer }
}

extension SanitizeError.Code {
    /// A schema is not a valid contract (bad keyword value, pattern that does not compile).
    public static let contractInvalid = Self(rawValue: "contract-invalid")
    /// A `$ref` names a resource that was not registered (nothing is fetched).
    public static let contractUnresolvedRef = Self(rawValue: "contract-unresolved-ref")
}

/// Turns schema documents into a ``ContractProgram``: indexes every resource, anchor and
/// subschema by URI, then compiles from the root, following `$ref`s to indices.
struct ContractCompiler {
    var entries: [String: SchemaEntry] = [:]
    var dynamicAnchors: [String: [String: String]] = [:]
    var memo: [String: Int] = [:]
    var resourceIndex: [String: Int] = [:]
    var program = ContractProgram()
    let options: Contract.Options

    init(options: Contract.Options) {
        self.options = options
    }

    static let validationVocabularyURI = "https://json-schema.org/draft/2020-12/vocab/validation"
    static let formatAssertionVocabularyURI = "https://json-schema.org/draft/2020-12/vocab/format-assertion"

    // MARK: indexing

    /// Registers a document and every schema inside it under all the URIs that name it.
    mutating func index(document: JSONValue, uri: String) {
        let base = URIReference(uri).withoutFragment
        walk(document, base: base, scopes: [(base.text, "")], draft: options.defaultDraft, validation: true, formats: false)
    }

    mutating func walk(
        _ value: JSONValue, base: URIReference, scopes: [(uri: String, pointer: String)], draft: Draft, validation: Bool, formats: Bool
    ) {
        var base = base
        var scopes = scopes
        var draft = draft
        var validation = validation
        var formats = formats
        if case .object = value {
            if case .string(let metaschema)? = value["$schema"] {
                if let known = Draft.named(metaschema) {
                    draft = known
                    validation = true
                    formats = false
                } else if let meta = lookupMetaschema(metaschema) {
                    draft = meta.draft
                    validation = meta.validation
                    formats = meta.formats
                }
            }
            let hasRef = value["$ref"] != nil
            if case .string(let id)? = value["$id"], !(draft == .draft7 && hasRef) {
                if draft == .draft7 && id.hasPrefix("#") {
                    register(base.text + "#" + String(id.dropFirst()), value, base, scopes, draft, validation, formats)
                } else {
                    let resolved = base.resolve(URIReference(id))
                    base = resolved.withoutFragment
                    scopes.append((base.text, ""))
                    if let fragment = resolved.fragment, !fragment.isEmpty, draft == .draft7 {
                        register(base.text + "#" + fragment, value, base, scopes, draft, validation, formats)
                    }
                }
            }
        }
        for scope in scopes {
            register(scope.uri + "#" + scope.pointer, value, base, scopes, draft, validation, formats)
        }
        guard case .object = value else { return }
        if draft == .draft2020_12 {
            if case .string(let anchor)? = value["$anchor"] {
                register(base.text + "#" + anchor, value, base, scopes, draft, validation, formats)
            }
            if case .string(let anchor)? = value["$dynamicAnchor"] {
                register(base.text + "#" + anchor, value, base, scopes, draft, validation, formats)
                dynamicAnchors[base.text, default: [:]][anchor] = base.text + "#" + anchor
            }
        }
        for (tokens, child) in ContractCompiler.subschemas(of: value, draft: draft) {
            let suffix = tokens.map { "/" + ContractCompiler.escapeToken($0) }.joined()
            walk(
                child, base: base, scopes: scopes.map { ($0.uri, $0.pointer + suffix) }, draft: draft, validation: validation,
                formats: formats)
        }
    }

    mutating func register(
        _ key: String, _ value: JSONValue, _ base: URIReference, _ scopes: [(uri: String, pointer: String)], _ draft: Draft,
        _ validation: Bool, _ formats: Bool
    ) {
        // The first scope is the document's own: its pointer runs from the document root.
        guard entries[key] == nil, let innermost = scopes.last, let document = scopes.first else { return }
        entries[key] = SchemaEntry(
            value: value, base: base, resourceURI: innermost.uri, pointer: innermost.pointer, documentURI: document.uri,
            documentPointer: document.pointer, draft: draft, validationVocabulary: validation, formatAssertion: formats)
    }

    /// A registered metaschema's dialect: its own `$schema` draft, and whether its
    /// `$vocabulary` (when present) includes the validation vocabulary.
    func lookupMetaschema(_ uri: String) -> (draft: Draft, validation: Bool, formats: Bool)? {
        let reference = URIReference(uri).withoutFragment.text
        guard let entry = entries[reference + "#"] else { return nil }
        var draft = options.defaultDraft
        if case .string(let own)? = entry.value["$schema"], let known = Draft.named(own) { draft = known }
        var validation = true
        var formats = false
        if case .object(let vocabularies)? = entry.value["$vocabulary"] {
            validation = vocabularies.contains { $0.key == ContractCompiler.validationVocabularyURI }
            formats = vocabularies.contains { $0.key == ContractCompiler.formatAssertionVocabularyURI }
        }
        return (draft, validation, formats)
    }

    static func escapeToken(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    static func unescapeToken(_ token: Substring) -> String {
        guard token.contains("~") else { return String(token) }
        return String(token.replacing("~1", with: "/").replacing("~0", with: "~"))
    }

    /// The subschemas of a schema object, with the pointer tokens that reach each one.
    static func subschemas(of value: JSONValue, draft: Draft) -> [([String], JSONValue)] {
        guard case .object(let members) = value else { return [] }
        var result: [([String], JSONValue)] = []
        for member in members {
            switch member.key {
            case "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "contentSchema":
                result.append(([member.key], member.value))
            case "unevaluatedItems", "unevaluatedProperties", "prefixItems":
                if case .array(let items) = member.value {
                    for (index, item) in items.enumerated() { result.append(([member.key, String(index)], item)) }
                } else {
                    result.append(([member.key], member.value))
                }
            case "additionalItems" where draft == .draft7:
                result.append(([member.key], member.value))
            case "items":
                if case .array(let items) = member.value {
                    for (index, item) in items.enumerated() { result.append(([member.key, String(index)], item)) }
                } else {
                    result.append(([member.key], member.value))
                }
            case "allOf", "anyOf", "oneOf":
                if case .array(let items) = member.value {
                    for (index, item) in items.enumerated() { result.append(([member.key, String(index)], item)) }
                }
            case "properties", "patternProperties", "dependentSchemas", "$defs", "definitions", "dependencies":
                if case .object(let children) = member.value {
                    for child in children {
                        switch child.value {
                        case .object, .bool: result.append(([member.key, child.key], child.value))
                        default: break
                        }
                    }
                }
            default:
                break
            }
        }
        return result
    }

    // MARK: resolving

    /// Resolves a reference against an entry's base URI to a registered schema entry.
    mutating func resolve(_ reference: String, from entry: SchemaEntry, keyword: String) throws(SanitizeError) -> SchemaEntry {
        let target = entry.base.resolve(URIReference(reference))
        let document = target.withoutFragment.text
        let fragment = URIReference.percentDecode(target.fragment ?? "")
        if let found = entries[document + "#" + fragment] { return found }
        if fragment.isEmpty || fragment.hasPrefix("/"), let root = entries[document + "#"] {
            var value = root.value
            for token in fragment.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
                let name = ContractCompiler.unescapeToken(token)
                switch value {
                case .object:
                    guard let next = value[name] else { throw unresolved(reference, entry, keyword) }
                    value = next
                case .array(let items):
                    guard let index = Int(name), items.indices.contains(index) else { throw unresolved(reference, entry, keyword) }
                    value = items[index]
                default:
                    throw unresolved(reference, entry, keyword)
                }
            }
            let found = SchemaEntry(
                value: value, base: root.base, resourceURI: root.resourceURI, pointer: root.pointer + fragment,
                documentURI: root.documentURI, documentPointer: root.documentPointer + fragment, draft: root.draft,
                validationVocabulary: root.validationVocabulary, formatAssertion: root.formatAssertion)
            entries[document + "#" + fragment] = found
            return found
        }
        throw unresolved(reference, entry, keyword)
    }

    func unresolved(_ reference: String, _ entry: SchemaEntry, _ keyword: String) -> SanitizeError {
        SanitizeError(
            .contractUnresolvedRef,
            "\(keyword) \"\(reference)\" does not resolve to a registered schema (remote references are never fetched; register the resource)",
            at: .init(pointer: entry.pointer + "/" + keyword))
    }

    /// The entry of a subschema reached from `parent` by pointer tokens.
    func child(_ parent: SchemaEntry, _ tokens: [String], _ value: JSONValue) -> SchemaEntry {
        let suffix = tokens.map { "/" + ContractCompiler.escapeToken($0) }.joined()
        let pointer = parent.pointer + suffix
        if let found = entries[parent.resourceURI + "#" + pointer] { return found }
        return SchemaEntry(
            value: value, base: parent.base, resourceURI: parent.resourceURI, pointer: pointer, documentURI: parent.documentURI,
            documentPointer: parent.documentPointer + suffix, draft: parent.draft, validationVocabulary: parent.validationVocabulary,
            formatAssertion: parent.formatAssertion)
    }

    // MARK: compiling

    mutating func resource(_ uri: String) -> Int {
        if let index = resourceIndex[uri] { return index }
        let index = program.resources.count
        program.resources.append(SchemaResource(uri: uri))
        resourceIndex[uri] = index
        return index
    }

    /// Compiles the root and then every dynamic anchor of every resource reached.
    mutating func compileRoot(uri: String) throws(SanitizeError) -> ContractProgram {
        let key = URIReference(uri).withoutFragment.text + "#"
        guard let root = entries[key] else {
            throw SanitizeError(.contractInvalid, "the root schema is missing")
        }
        program.root = try compile(root)
        var done = 0
        while done < program.resources.count {
            let uri = program.resources[done].uri
            for (name, anchorKey) in dynamicAnchors[uri] ?? [:] {
                guard let entry = entries[anchorKey] else { continue }
                let index = try compile(entry)
                program.resources[done].dynamicAnchors[name] = index
            }
            done += 1
        }
        return program
    }

    mutating func compile(_ entry: SchemaEntry) throws(SanitizeError) -> Int {
        let canonical = entry.canonical
        if let index = memo[canonical] { return index }
        let index = program.schemas.count
        program.schemas.append(CompiledSchema())
        program.locations.append(
            SchemaLocation(
                resourceURI: entry.resourceURI, pointer: entry.pointer, documentURI: entry.documentURI,
                documentPointer: entry.documentPointer))
        memo[canonical] = index
        var schema = CompiledSchema()
        schema.resource = Int32(resource(entry.resourceURI))
        switch entry.value {
        case .bool(let allowed):
            schema.kind = allowed ? .alwaysValid : .alwaysInvalid
        case .object:
            var builder = SchemaBuilder()
            try compileKeywords(entry, into: &builder)
            if builder.isTrivial {
                schema.kind = .alwaysValid
            } else {
                func flush(_ checks: [Check]) -> PoolRange {
                    let range = PoolRange(start: Int32(program.checks.count), count: Int32(checks.count))
                    program.checks.append(contentsOf: checks)
                    return range
                }
                schema.typeMask = builder.typeMask
                schema.general = flush(builder.general)
                schema.inPlace = flush(builder.inPlace)
                schema.strings = flush(builder.strings)
                schema.numbers = flush(builder.numbers)
                schema.objects = flush(builder.objects)
                schema.arrays = flush(builder.arrays)
                schema.unevaluatedProperties = builder.unevaluatedProperties
                schema.unevaluatedItems = builder.unevaluatedItems
                schema.sensitive = builder.sensitive
                schema.sanitizeSteps = builder.sanitizeSteps
            }
        default:
            throw SanitizeError(
                .contractInvalid, "a schema must be an object or a boolean", at: .init(pointer: entry.pointer.isEmpty ? "/" : entry.pointer))
        }
        program.schemas[index] = schema
        return index
    }
}
