/// The dialect one schema is read in: its draft and, under a custom meta-schema, which
/// vocabularies that meta-schema's `$vocabulary` turns on.
struct Dialect: Hashable {
    var draft: Draft
    /// False when the meta-schema's `$vocabulary` leaves out the validation vocabulary.
    var validation = true
    /// True when the meta-schema's `$vocabulary` lists the format-assertion vocabulary.
    var formats = false
    /// A `$schema` that names neither a known dialect nor a registered meta-schema built on
    /// one: compiling the schema fails (never a silent guess).
    var unknownMetaschema: String?
}

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
    let dialect: Dialect

    var draft: Draft { dialect.draft }
    /// False when the dialect's metaschema leaves out the validation vocabulary.
    var validationVocabulary: Bool { dialect.validation }
    /// True when the dialect's metaschema lists the format-assertion vocabulary.
    var formatAssertion: Bool { dialect.formats }
    /// `resourceURI#pointer`, kept rather than rebuilt: compiling looks it up for every
    /// subschema it reaches.
    let canonical: String
}

extension SanitizeError.Code {
    /// A schema is not a valid contract (bad keyword value, pattern that does not compile).
    package static let contractInvalid = Self(rawValue: "contract-invalid")
    /// A `$ref` names a resource that was not registered (nothing is fetched).
    package static let contractUnresolvedRef = Self(rawValue: "contract-unresolved-ref")
    /// A `$schema` names no dialect this library knows (draft-03, a typo, an unregistered
    /// meta-schema).
    package static let contractUnknownDialect = Self(rawValue: "contract-unknown-dialect")
    /// Two documents (the root and a registered one, or two registered ones) claim one URI.
    package static let contractDuplicateResource = Self(rawValue: "contract-duplicate-resource")
}

/// Turns schema documents into a ``ContractProgram``: indexes every resource, anchor and
/// subschema by URI, then compiles from the root, following `$ref`s to indices.
///
/// The root is indexed first; registered documents and the bundled meta-schemas wait in
/// ``pending`` until a reference or a `$schema` reaches them, so a document without
/// `$schema` is read in the dialect of the schema that references it.
struct ContractCompiler {
    var entries: [String: SchemaEntry] = [:]
    var dynamicAnchors: [String: [String: String]] = [:]
    var memo: [String: Int] = [:]
    var resourceIndex: [String: Int] = [:]
    var program = ContractProgram()
    let options: Contract.Options
    /// Documents not indexed yet, and the URIs (registered, and the root's own identifier)
    /// that reach each one.
    var pendingDocuments: [(uri: String, document: JSONValue, indexed: Bool)] = []
    var pending: [String: Int] = [:]
    /// Patterns compiled so far, by source: a schema repeats a few patterns many times (FHIR:
    /// 398 `pattern`s, 16 distinct), and compiling one (PCRE2 and its JIT) costs far more than
    /// a lookup. A compiled pattern is immutable, so the copies share it.
    var patternCache: [String: PatternMatcher] = [:]
    /// References resolved so far, by the referrer's base URI and the reference text: a
    /// schema repeats a few references many times (FHIR: 10,339 `$ref`s to 680 definitions).
    var resolved: [ResolvedReference: SchemaEntry] = [:]
    /// The schema each `$ref` compiled to, by the referrer's base URI and the reference text.
    var compiledReferences: [ResolvedReference: Int] = [:]

    struct ResolvedReference: Hashable {
        let base: String
        let reference: String
    }

    init(options: Contract.Options) {
        self.options = options
    }

    static let formatAssertionVocabularyURI = "https://json-schema.org/draft/2020-12/vocab/format-assertion"

    // MARK: indexing

    /// Registers a document and every schema inside it under all the URIs that name it.
    /// - Parameters:
    ///   - document: the document.
    ///   - uri: the URI it is known by.
    ///   - draft: its dialect when its root has no `$schema`.
    mutating func index(document: JSONValue, uri: String, draft: Draft? = nil) {
        let base = URIReference(uri).withoutFragment
        // Room for every object in the document up front: growing a dictionary rehashes every
        // key (a large schema has thousands of subschemas, each keyed by its URI).
        entries.reserveCapacity(entries.count + Self.objectCount(document))
        walk(document, base: base, scopes: [(base.text, "")], dialect: Dialect(draft: draft ?? options.defaultDraft))
    }

    /// The number of objects in a value (the most subschemas it can hold).
    static func objectCount(_ value: JSONValue) -> Int {
        var count = 0
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .object(let members):
                count += 1
                for member in members {
                    switch member.value {
                    case .object, .array: pending.append(member.value)
                    default: break
                    }
                }
            case .array(let items):
                for item in items {
                    switch item {
                    case .object, .array: pending.append(item)
                    default: break
                    }
                }
            default:
                break
            }
        }
        return count
    }

    /// The URIs a document claims: the one it is given, and the identifier its root declares
    /// (`$id`; `id` when the root is draft-04), resolved against the first, without fragment.
    /// - Parameters:
    ///   - document: the document.
    ///   - uri: the URI it is registered (or compiled) at.
    ///   - draft: its dialect when its root has no `$schema`, if known.
    static func claims(of document: JSONValue, at uri: String, draft: Draft?) -> [String] {
        let base = URIReference(uri).withoutFragment
        var result = [base.text]
        var rootDraft = draft
        if case .string(let metaschema)? = document["$schema"] { rootDraft = Draft.named(metaschema) }
        let keyword = rootDraft == .draft4 ? "id" : "$id"
        if case .string(let id)? = document[keyword], !id.hasPrefix("#"), document["$ref"] == nil || !(rootDraft?.refOverridesSiblings ?? false) {
            let own = base.resolve(URIReference(id)).withoutFragment.text
            if own != base.text { result.append(own) }
        }
        return result
    }

    /// Fails when two of the documents claim one URI (``claims(of:at:draft:)``): one would
    /// silently shadow the other.
    /// - Parameters:
    ///   - root: the root schema and its base URI.
    ///   - registered: the registered documents.
    /// - Throws: ``SanitizeError/Code/contractDuplicateResource`` naming the URI and both claimants.
    func checkClaims(root: JSONValue, registered: [(uri: String, document: JSONValue)]) throws(SanitizeError) {
        var owners: [String: Int] = [:]
        let everyone = [("the root schema (base URI \(options.baseURI))", Self.claims(of: root, at: options.baseURI, draft: options.defaultDraft))]
            + registered.map { ("the document registered at \($0.uri)", Self.claims(of: $0.document, at: $0.uri, draft: nil)) }
        for (position, (name, uris)) in everyone.enumerated() {
            for uri in uris {
                if let owner = owners[uri], owner != position {
                    throw SanitizeError(
                        .contractDuplicateResource,
                        "two resources claim the URI \(uri): \(everyone[owner].0) and \(name); register each URI once (one would shadow the other)")
                }
                owners[uri] = position
            }
        }
    }

    /// Keeps a document to index when something reaches it, under its registered URI and the
    /// identifier its root declares.
    mutating func addPending(document: JSONValue, uri: String) {
        let index = pendingDocuments.count
        pendingDocuments.append((uri, document, false))
        let base = URIReference(uri).withoutFragment
        if pending[base.text] == nil { pending[base.text] = index }
        for keyword in ["$id", "id"] {
            if case .string(let id)? = document[keyword] {
                let own = base.resolve(URIReference(id)).withoutFragment.text
                if pending[own] == nil { pending[own] = index }
            }
        }
    }

    /// Indexes the pending document known by `uri`, in `draft` unless it names its own.
    /// - Returns: whether a document was indexed.
    mutating func indexPending(_ uri: String, draft: Draft) -> Bool {
        guard let position = pending[uri], !pendingDocuments[position].indexed else { return false }
        pendingDocuments[position].indexed = true
        index(document: pendingDocuments[position].document, uri: pendingDocuments[position].uri, draft: draft)
        return true
    }

    /// Indexes every pending document (a reference may name an identifier inside one).
    /// - Returns: whether a document was indexed.
    mutating func indexAllPending(draft: Draft) -> Bool {
        var any = false
        for position in pendingDocuments.indices where !pendingDocuments[position].indexed {
            pendingDocuments[position].indexed = true
            index(document: pendingDocuments[position].document, uri: pendingDocuments[position].uri, draft: draft)
            any = true
        }
        return any
    }

    mutating func walk(_ value: JSONValue, base: URIReference, scopes: [(uri: String, pointer: String)], dialect: Dialect) {
        var base = base
        var scopes = scopes
        var dialect = dialect
        if case .object = value {
            if case .string(let metaschema)? = value["$schema"] {
                if let known = Draft.named(metaschema) {
                    dialect = Dialect(draft: known)
                } else if let meta = lookupMetaschema(metaschema, draft: dialect.draft) {
                    dialect = meta
                } else {
                    dialect.unknownMetaschema = metaschema
                }
            }
            let draft = dialect.draft
            let hasRef = value["$ref"] != nil
            if case .string(let id)? = value[draft.idKeyword], !(draft.refOverridesSiblings && hasRef) {
                if draft.idMayBeAnchor && id.hasPrefix("#") {
                    register(base.text + id, value, base, scopes, dialect)
                } else {
                    let resolved = base.resolve(URIReference(id))
                    base = resolved.withoutFragment
                    scopes.append((base.text, ""))
                    if let fragment = resolved.fragment, !fragment.isEmpty, draft.idMayBeAnchor {
                        register(base.text + "#" + fragment, value, base, scopes, dialect)
                    }
                }
            }
        }
        // The innermost scope's key is the schema's canonical place.
        let canonical = scopes.last.map { $0.uri + "#" + $0.pointer } ?? ""
        for scope in scopes.dropLast() {
            register(scope.uri + "#" + scope.pointer, value, base, scopes, dialect, canonical: canonical)
        }
        register(canonical, value, base, scopes, dialect, canonical: canonical)
        guard case .object = value else { return }
        let draft = dialect.draft
        if draft.hasVocabularies, case .string(let anchor)? = value["$anchor"] {
            register(base.text + "#" + anchor, value, base, scopes, dialect, canonical: canonical)
        }
        if draft == .draft2020_12, case .string(let anchor)? = value["$dynamicAnchor"] {
            register(base.text + "#" + anchor, value, base, scopes, dialect, canonical: canonical)
            dynamicAnchors[base.text, default: [:]][anchor] = base.text + "#" + anchor
        }
        // 2019-09 `$recursiveAnchor: true` on a resource root: kept as the dynamic anchor
        // named "" (a name no `$dynamicAnchor` can have), which `$recursiveRef` looks for.
        if draft == .draft2019_09, value["$recursiveAnchor"] == .bool(true), scopes.last?.pointer == "" {
            dynamicAnchors[base.text, default: [:]][""] = base.text + "#"
        }
        for (keyword, token, child) in ContractCompiler.subschemas(of: value, draft: draft) {
            let suffix = token.map { "/" + keyword + "/" + $0 } ?? "/" + keyword
            walk(child, base: base, scopes: scopes.map { ($0.uri, $0.pointer + suffix) }, dialect: dialect)
        }
    }

    /// Registers a schema under `key`, unless something is registered there already;
    /// `canonical` is its innermost scope's `uri#pointer` (computed when not given).
    mutating func register(
        _ key: String, _ value: JSONValue, _ base: URIReference, _ scopes: [(uri: String, pointer: String)], _ dialect: Dialect,
        canonical: String? = nil
    ) {
        // The first scope is the document's own: its pointer runs from the document root.
        guard let innermost = scopes.last, let document = scopes.first else { return }
        // One hash of the key: the slot is filled only when empty.
        Self.fillIfEmpty(&entries[key]) {
            SchemaEntry(
                value: value, base: base, resourceURI: innermost.uri, pointer: innermost.pointer, documentURI: document.uri,
                documentPointer: document.pointer, dialect: dialect, canonical: canonical ?? innermost.uri + "#" + innermost.pointer)
        }
    }

    /// Fills an empty dictionary slot (reached through the dictionary's subscript, so the key is
    /// hashed once) and returns what it holds afterwards, and whether it was empty.
    @discardableResult
    static func fillIfEmpty<Value>(_ slot: inout Value?, _ make: () -> Value) -> (value: Value, filled: Bool) {
        if let value = slot { return (value, false) }
        let value = make()
        slot = value
        return (value, true)
    }

    /// A custom meta-schema's dialect: its own dialect (known, or custom in turn), and whether
    /// its `$vocabulary` (when present) includes the validation and format-assertion
    /// vocabularies. `nil` when no document is registered at `uri`.
    mutating func lookupMetaschema(_ uri: String, draft: Draft) -> Dialect? {
        let reference = URIReference(uri).withoutFragment.text
        if entries[reference + "#"] == nil { _ = indexPending(reference, draft: draft) }
        guard let entry = entries[reference + "#"] else { return nil }
        var dialect = entry.dialect
        if case .object(let vocabularies)? = entry.value["$vocabulary"] {
            dialect.validation = vocabularies.contains { $0.key == dialect.draft.validationVocabularyURI }
            dialect.formats = vocabularies.contains { $0.key == ContractCompiler.formatAssertionVocabularyURI }
        }
        return dialect
    }

    /// The JSON Pointer tokens as a pointer suffix, each `/`-prefixed and escaped.
    static func pointerSuffix(_ tokens: [String]) -> String {
        if tokens.count == 1 { return "/" + JSONPointer.escape(tokens[0]) }
        var suffix = ""
        for token in tokens {
            suffix += "/"
            suffix += JSONPointer.escape(token)
        }
        return suffix
    }

    /// Per first byte (ASCII), bit n set when a keyword of ``subschemas(of:draft:)`` has that
    /// first byte and n bytes: most members (`description`, `type`, `$ref`, `enum`) are ruled
    /// out without comparing strings.
    static let subschemaKeywordLengths: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 128)
        for keyword in [
            "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "contentSchema", "unevaluatedItems",
            "unevaluatedProperties", "prefixItems", "additionalItems", "items", "allOf", "anyOf", "oneOf", "properties",
            "patternProperties", "dependentSchemas", "$defs", "definitions", "dependencies",
        ] {
            let utf8 = Array(keyword.utf8)
            table[Int(utf8[0])] |= 1 << UInt32(utf8.count)
        }
        return table
    }()

    /// Whether a member name can be one of the keywords of ``subschemas(of:draft:)``.
    static func mayHoldSubschemas(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard let first = utf8.first, first < 128, utf8.count < 32 else { return false }
        return subschemaKeywordLengths[Int(first)] & (1 << UInt32(utf8.count)) != 0
    }

    /// The subschemas of a schema object, each with the keyword that holds it and, under an
    /// array or object keyword, its escaped JSON Pointer token (index or member name). Keyword
    /// names need no escaping.
    static func subschemas(of value: JSONValue, draft: Draft) -> [(keyword: String, token: String?, value: JSONValue)] {
        guard case .object(let members) = value else { return [] }
        var result: [(keyword: String, token: String?, value: JSONValue)] = []
        func elements(_ keyword: String, _ items: [JSONValue]) {
            for (index, item) in items.enumerated() { result.append((keyword, String(index), item)) }
        }
        for member in members where Self.mayHoldSubschemas(member.key) {
            switch member.key {
            case "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "contentSchema":
                result.append((member.key, nil, member.value))
            case "unevaluatedItems", "unevaluatedProperties", "prefixItems":
                if case .array(let items) = member.value {
                    elements(member.key, items)
                } else {
                    result.append((member.key, nil, member.value))
                }
            case "additionalItems" where !draft.hasPrefixItems:
                result.append((member.key, nil, member.value))
            case "items":
                if case .array(let items) = member.value {
                    elements(member.key, items)
                } else {
                    result.append((member.key, nil, member.value))
                }
            case "allOf", "anyOf", "oneOf":
                if case .array(let items) = member.value { elements(member.key, items) }
            case "properties", "patternProperties", "dependentSchemas", "$defs", "definitions", "dependencies":
                if case .object(let children) = member.value {
                    for child in children {
                        switch child.value {
                        case .object, .bool: result.append((member.key, JSONPointer.escape(child.key), child.value))
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

    /// Resolves a reference against an entry's base URI to a registered schema entry,
    /// indexing the pending document it names (in the entry's dialect, unless the document
    /// names its own) when it is not indexed yet.
    mutating func resolve(_ reference: String, from entry: SchemaEntry, keyword: String) throws(SanitizeError) -> SchemaEntry {
        // The same reference from the same base finds the same entry again: once resolved, its
        // target is in ``entries``, whose entries are only added, never replaced (so the
        // referrer's dialect, which matters only for indexing a pending document, no longer does).
        let cacheKey = ResolvedReference(base: entry.base.text, reference: reference)
        if let found = resolved[cacheKey] { return found }
        let found = try resolveUncached(reference, from: entry, keyword: keyword)
        resolved[cacheKey] = found
        return found
    }

    mutating func resolveUncached(_ reference: String, from entry: SchemaEntry, keyword: String) throws(SanitizeError) -> SchemaEntry {
        let target = entry.base.resolve(URIReference(reference))
        let document = target.withoutFragment.text
        let fragment = URIReference.percentDecode(target.fragment ?? "")
        if let found = try lookup(document, fragment, reference, entry, keyword) { return found }
        if indexPending(document, draft: entry.draft), let found = try lookup(document, fragment, reference, entry, keyword) {
            return found
        }
        if indexAllPending(draft: entry.draft), let found = try lookup(document, fragment, reference, entry, keyword) {
            return found
        }
        throw unresolved(reference, entry, keyword)
    }

    /// The entry at `document#fragment` among the indexed ones: by the URI itself, or by a
    /// JSON Pointer fragment from the document's root.
    mutating func lookup(
        _ document: String, _ fragment: String, _ reference: String, _ entry: SchemaEntry, _ keyword: String
    ) throws(SanitizeError) -> SchemaEntry? {
        if let found = entries[document + "#" + fragment] { return found }
        guard fragment.isEmpty || fragment.hasPrefix("/"), let root = entries[document + "#"] else { return nil }
        // RFC 6901 through the package's one pointer reader: a malformed `~` escape or an
        // array index with a leading zero or a sign names nothing.
        guard let pointer = JSONPointer(parsing: fragment), let value = pointer.resolve(in: root.value) else {
            throw unresolved(reference, entry, keyword)
        }
        let found = SchemaEntry(
            value: value, base: root.base, resourceURI: root.resourceURI, pointer: root.pointer + fragment,
            documentURI: root.documentURI, documentPointer: root.documentPointer + fragment, dialect: root.dialect,
            canonical: root.canonical + fragment)
        entries[document + "#" + fragment] = found
        return found
    }

    func unresolved(_ reference: String, _ entry: SchemaEntry, _ keyword: String) -> SanitizeError {
        SanitizeError(
            .contractUnresolvedRef,
            "\(keyword) \"\(reference)\" does not resolve to a registered schema (remote references are never fetched; register the resource)",
            at: .init(pointer: entry.pointer + "/" + keyword))
    }

    /// The entry of a subschema reached from `parent` by pointer tokens.
    func child(_ parent: SchemaEntry, _ tokens: [String], _ value: JSONValue) -> SchemaEntry {
        let suffix = ContractCompiler.pointerSuffix(tokens)
        let key = parent.canonical + suffix
        if let found = entries[key] { return found }
        return SchemaEntry(
            value: value, base: parent.base, resourceURI: parent.resourceURI, pointer: parent.pointer + suffix,
            documentURI: parent.documentURI, documentPointer: parent.documentPointer + suffix, dialect: parent.dialect,
            canonical: key)
    }

    // MARK: compiling

    /// The matcher of a `pattern` or `patternProperties` source, compiled once per distinct source.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/contractInvalid``, located at
    ///   `pointer`, when it does not compile (every occurrence reports, since none is cached).
    mutating func patternMatcher(_ source: String, at pointer: String) throws(SanitizeError) -> PatternMatcher {
        if let cached = patternCache[source] { return cached }
        let matcher = try PatternMatcher(source, at: pointer)
        patternCache[source] = matcher
        return matcher
    }

    mutating func resource(_ uri: String) -> Int {
        if let index = resourceIndex[uri] { return index }
        let index = program.resources.count
        program.resources.append(SchemaResource(uri: uri))
        resourceIndex[uri] = index
        return index
    }

    /// Registers an OpenAPI document: the document itself (not a schema) and every schema under
    /// `components/schemas`, each a schema in `draft` unless it names its own `$schema`.
    mutating func index(openAPI document: JSONValue, uri: String, draft: Draft) {
        let base = URIReference(uri).withoutFragment
        let dialect = Dialect(draft: draft)
        register(base.text + "#", document, base, [(base.text, "")], dialect)
        guard case .object(let schemas)? = document["components"]?["schemas"] else { return }
        for member in schemas {
            let pointer = "/components/schemas/" + JSONPointer.escape(member.key)
            walk(member.value, base: base, scopes: [(base.text, pointer)], dialect: dialect)
        }
    }

    /// Compiles the root (the document at `uri`, or the schema at `pointer` inside it) and
    /// then every dynamic anchor of every resource reached.
    mutating func compileRoot(uri: String, pointer: String = "") throws(SanitizeError) -> ContractProgram {
        let key = URIReference(uri).withoutFragment.text + "#" + pointer
        guard let root = entries[key] else {
            throw SanitizeError(.contractInvalid, "the root schema is missing")
        }
        memo.reserveCapacity(entries.count)
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
        let index = program.schemas.count
        let (memoized, fresh) = Self.fillIfEmpty(&memo[entry.canonical]) { index }
        if !fresh { return memoized }
        program.schemas.append(CompiledSchema())
        program.locations.append(
            SchemaLocation(
                resourceURI: entry.resourceURI, pointer: entry.pointer, documentURI: entry.documentURI,
                documentPointer: entry.documentPointer))
        var schema = CompiledSchema()
        schema.resource = Int32(resource(entry.resourceURI))
        switch entry.value {
        case .bool(let allowed):
            schema.kind = allowed ? .alwaysValid : .alwaysInvalid
        case .object:
            if let unknown = entry.dialect.unknownMetaschema {
                throw SanitizeError(
                    .contractUnknownDialect,
                    "$schema \"\(unknown)\" is not a dialect this validator knows (draft-04, draft-06, draft-07, 2019-09, 2020-12) nor a registered meta-schema built on one",
                    at: .init(pointer: entry.pointer + "/$schema"))
            }
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
