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

/// The resource a schema sits in and the document it was read from, shared by the entries of
/// every schema in it: copying an entry retains one reference instead of each URI.
final class ResourcePlace {
    /// The resource's URI, which is also the base URI of the schemas in it.
    let base: URIReference
    /// `base` as text, kept rather than recomposed: references are cached by it.
    let uri: String
    /// The document the resource was read from (``SchemaLocation/documentURI``).
    let documentURI: String
    /// The resource's number among the URIs the compiler has met: places of one URI share it.
    let id: Int

    init(base: URIReference, uri: String, documentURI: String, id: Int) {
        self.base = base
        self.uri = uri
        self.documentURI = documentURI
        self.id = id
    }
}

/// Where one (sub)schema sits: its value, its resource and dialect, and its JSON Pointer inside
/// that resource and inside its document. Its canonical place is the resource URI + `#` +
/// ``pointer``, keyed without building that string by ``SchemaKey``.
struct SchemaEntry {
    var value: JSONValue
    var resource: ResourcePlace
    var pointer: String
    /// The schema's pointer from its document's root (``SchemaLocation/documentPointer``).
    var documentPointer: String
    var dialect: Dialect

    var base: URIReference { resource.base }
    var baseText: String { resource.uri }
    var draft: Draft { dialect.draft }
    /// False when the dialect's metaschema leaves out the validation vocabulary.
    var validationVocabulary: Bool { dialect.validation }
    /// True when the dialect's metaschema lists the format-assertion vocabulary.
    var formatAssertion: Bool { dialect.formats }
    /// The canonical place: compiling looks it up for every subschema it reaches.
    var key: SchemaKey { SchemaKey(resource: resource.id, pointer: pointer) }
}

/// A schema's canonical place, the resource URI (by its number) and the pointer inside it.
struct SchemaKey: Hashable {
    let resource: Int
    let pointer: String
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
    var memo: [SchemaKey: Int] = [:]
    var resourceIndex: [String: Int] = [:]
    /// The number of each resource URI met (``ResourcePlace/id``), and its index among the
    /// program's resources once a schema in it is compiled (-1 before).
    var resourceIDs: [String: Int] = [:]
    var programResources: [Int] = []
    /// The schemas the walks have passed (registered or not): room for the memo up front.
    var schemasWalked = 0
    var program = ContractProgram()
    let options: Contract.Options
    /// The direction an OpenAPI 3.0 contract is compiled for (`readOnly`/`writeOnly`), if any.
    var direction: Contract.Direction?
    /// Documents not indexed yet, and the URIs (registered, and the root's own identifier)
    /// that reach each one.
    var pendingDocuments: [(uri: String, document: JSONValue, indexed: Bool)] = []
    var pending: [String: Int] = [:]
    /// Patterns compiled so far, by source: a schema repeats a few patterns many times (FHIR:
    /// 398 `pattern`s, 16 distinct), and compiling one (PCRE2 and its JIT) costs far more than
    /// a lookup. A compiled pattern is immutable, so the copies share it.
    var patternCache: [String: PatternMatcher] = [:]
    /// Each distinct `x-sanitize` value compiled so far, by its index in
    /// ``ContractProgram/stepLists``: equal lists share one index (and one plan entry).
    var stepListIndex: [JSONValue: Int32] = [:]
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

    /// Registers a document: its root under the URI it is given, and every resource and anchor
    /// inside it under the URIs that name them (see ``walk(_:base:scopes:dialect:)``).
    /// - Parameters:
    ///   - document: the document.
    ///   - uri: the URI it is known by.
    ///   - draft: its dialect when its root has no `$schema`.
    mutating func index(document: JSONValue, uri: String, draft: Draft? = nil) {
        let base = URIReference(uri).withoutFragment
        walk(document, base: base, scopes: [(base.text, "")], dialect: Dialect(draft: draft ?? options.defaultDraft))
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

    /// One step down from a walk's start: the keyword and, under an array or object keyword,
    /// the index or member name (unescaped).
    struct PathStep {
        let keyword: String
        let token: String?
    }

    /// A resource the walk is inside: its URI, and its pointer at `depth` steps of the walk.
    struct WalkScope {
        let uri: String
        let pointer: String
        let depth: Int
    }

    /// Registers the schema `value` under its scope's key (`uri#pointer`), and every resource
    /// and anchor at or below it under the URIs that name them, the first registration of a
    /// URI winning. The other subschemas are not registered: compiling reaches each from its
    /// parent (``child(_:_:_:_:)``) and a pointer reference from the nearest registered schema
    /// (``schema(at:below:document:)``), both placing it as this walk would.
    /// - Parameters:
    ///   - value: the schema.
    ///   - base: its base URI.
    ///   - scopes: the resources it is inside (the document first) and its pointer in each.
    ///   - dialect: its dialect unless it names its own.
    mutating func walk(_ value: JSONValue, base: URIReference, scopes: [(uri: String, pointer: String)], dialect: Dialect) {
        var path: [PathStep] = []
        let start = scopes.map { WalkScope(uri: $0.uri, pointer: $0.pointer, depth: 0) }
        walk(value, base: base, baseText: base.text, scopes: start, dialect: dialect, path: &path)
    }

    private mutating func walk(
        _ value: JSONValue, base: URIReference, baseText: String, scopes: [WalkScope], dialect: Dialect, path: inout [PathStep]
    ) {
        schemasWalked += 1
        var keys: [String] = []
        if path.isEmpty, let scope = scopes.last { keys.append(scope.uri + "#" + scope.pointer) }
        guard case .object(let members) = value else {
            register(keys, value, base, baseText, scopes, dialect, path)
            return
        }
        var base = base
        var baseText = baseText
        var scopes = scopes
        let markers = SchemaMarkers(members)
        let place = ownPlace(markers, base: base, baseText: baseText, dialect: dialect)
        let dialect = place.dialect
        let draft = dialect.draft
        if let resource = place.resource {
            base = resource
            baseText = resource.text
            scopes.append(WalkScope(uri: baseText, pointer: "", depth: path.count))
            keys.append(baseText + "#")
        }
        if let anchorKey = place.idAnchorKey { keys.append(anchorKey) }
        if draft.hasVocabularies, case .string(let anchor)? = markers.anchor {
            keys.append(baseText + "#" + anchor)
        }
        if draft == .draft2020_12, case .string(let anchor)? = markers.dynamicAnchor {
            keys.append(baseText + "#" + anchor)
            dynamicAnchors[baseText, default: [:]][anchor] = baseText + "#" + anchor
        }
        // 2019-09 `$recursiveAnchor: true` on a resource root: kept as the dynamic anchor
        // named "" (a name no `$dynamicAnchor` can have), which `$recursiveRef` looks for.
        if draft == .draft2019_09, markers.recursiveAnchor == .bool(true), let innermost = scopes.last,
            innermost.depth == path.count, innermost.pointer.isEmpty
        {
            dynamicAnchors[baseText, default: [:]][""] = baseText + "#"
        }
        register(keys, value, base, baseText, scopes, dialect, path)
        for step in ContractCompiler.subschemaSteps(of: members, draft: draft) {
            path.append(PathStep(keyword: step.keyword, token: step.token))
            walk(step.value, base: base, baseText: baseText, scopes: scopes, dialect: dialect, path: &path)
            path.removeLast()
        }
    }

    /// Registers a schema under each of `keys`, unless something is registered there already.
    private mutating func register(
        _ keys: [String], _ value: JSONValue, _ base: URIReference, _ baseText: String, _ scopes: [WalkScope], _ dialect: Dialect,
        _ path: [PathStep]
    ) {
        // The first scope is the document's own: its pointer runs from the document root.
        guard !keys.isEmpty, let innermost = scopes.last, let document = scopes.first else { return }
        let entry = SchemaEntry(
            value: value, resource: place(base, baseText, document: document.uri), pointer: Self.pointer(of: innermost, path),
            documentPointer: Self.pointer(of: document, path), dialect: dialect)
        for key in keys { Self.fillIfEmpty(&entries[key]) { entry } }
    }

    /// A scope's pointer at the end of `path`.
    static func pointer(of scope: WalkScope, _ path: [PathStep]) -> String {
        var pointer = scope.pointer
        for step in path[scope.depth...] {
            pointer += "/"
            pointer += step.keyword
            if let token = step.token {
                pointer += "/"
                pointer += JSONPointer.escape(token)
            }
        }
        return pointer
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

    // MARK: resolving

    /// Resolves a reference against an entry's base URI to a registered schema entry,
    /// indexing the pending document it names (in the entry's dialect, unless the document
    /// names its own) when it is not indexed yet.
    mutating func resolve(_ reference: String, from entry: SchemaEntry, keyword: String) throws(SanitizeError) -> SchemaEntry {
        // The same reference from the same base finds the same entry again: once resolved, its
        // target is in ``entries``, whose entries are only added, never replaced (so the
        // referrer's dialect, which matters only for indexing a pending document, no longer does).
        let cacheKey = ResolvedReference(base: entry.baseText, reference: reference)
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

    /// The entry at `document#fragment` among the indexed ones: by the URI itself (a
    /// document, resource or anchor), or by a JSON Pointer fragment from the document's root,
    /// through subschemas placed as compiling places them, or else as a plain value (a pointer
    /// into `enum`, say) read in the root's place.
    mutating func lookup(
        _ document: String, _ fragment: String, _ reference: String, _ entry: SchemaEntry, _ keyword: String
    ) throws(SanitizeError) -> SchemaEntry? {
        let key = document + "#" + fragment
        if let found = entries[key] { return found }
        guard fragment.isEmpty || fragment.hasPrefix("/"), let root = entries[document + "#"] else { return nil }
        // RFC 6901 through the package's one pointer reader: a malformed `~` escape or an
        // array index with a leading zero or a sign names nothing.
        guard let pointer = JSONPointer(parsing: fragment) else { throw unresolved(reference, entry, keyword) }
        if let found = schema(at: pointer.tokens, below: root, document: document) {
            entries[key] = found
            return found
        }
        guard let value = pointer.resolve(in: root.value) else { throw unresolved(reference, entry, keyword) }
        let found = SchemaEntry(
            value: value, resource: root.resource, pointer: root.pointer + fragment, documentPointer: root.documentPointer + fragment,
            dialect: root.dialect)
        entries[key] = found
        return found
    }

    func unresolved(_ reference: String, _ entry: SchemaEntry, _ keyword: String) -> SanitizeError {
        compileError(
            .contractUnresolvedRef,
            "\(keyword) \"\(reference)\" does not resolve to a registered schema (remote references are never fetched; register the resource)",
            in: entry, at: "/" + keyword)
    }

    /// An error in the schema `entry` at `suffix` (a keyword's pointer below it), located where
    /// a reader finds it: by the schema's pointer from its document's root, not from an
    /// embedded resource's, and with the document's URI in the message when that document is
    /// not the root schema's (a registered one: the error's file is the root's).
    func compileError(_ code: SanitizeError.Code, _ reason: String, in entry: SchemaEntry, at suffix: String) -> SanitizeError {
        let pointer = entry.documentPointer + suffix
        let document = entry.resource.documentURI
        let elsewhere = document == URIReference(options.baseURI).withoutFragment.text ? "" : " (in the document \(document))"
        return SanitizeError(code, reason + elsewhere, at: .init(pointer: pointer))
    }

    // MARK: compiling

    /// Compiles an `x-sanitize` value (a modifying keyword: the steps run on the value before
    /// it is validated) into the program's step lists, once per distinct value.
    /// - Returns: the list's index in ``ContractProgram/stepLists``.
    /// - Throws: ``SanitizeError`` located at `x-sanitize` in `entry` for a list that is not
    ///   valid (an unknown step, a bad argument).
    mutating func stepList(_ value: JSONValue, in entry: SchemaEntry) throws(SanitizeError) -> Int32 {
        if let index = stepListIndex[value] { return index }
        do throws(SanitizeError) {
            program.stepLists.append(try SanitizeStep.list(value))
        } catch {
            throw compileError(error.code, error.reason, in: entry, at: "/x-sanitize")
        }
        let index = Int32(program.stepLists.count - 1)
        stepListIndex[value] = index
        return index
    }

    /// The matcher of a `pattern` or `patternProperties` source, compiled once per distinct source.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/contractInvalid``, located at
    ///   `keyword` in `entry`, when it does not compile (every occurrence reports, since none is cached).
    mutating func patternMatcher(_ source: String, in entry: SchemaEntry, at keyword: String) throws(SanitizeError) -> PatternMatcher {
        if let cached = patternCache[source] { return cached }
        do throws(SanitizeError) {
            let matcher = try PatternMatcher(source, at: "")
            patternCache[source] = matcher
            return matcher
        } catch {
            throw compileError(error.code, error.reason, in: entry, at: keyword)
        }
    }

    /// The place of the resource at `base` (its text `uri`) read from `documentURI`, numbered
    /// as the other places of that URI.
    mutating func place(_ base: URIReference, _ uri: String, document documentURI: String) -> ResourcePlace {
        let (id, fresh) = Self.fillIfEmpty(&resourceIDs[uri]) { programResources.count }
        if fresh { programResources.append(-1) }
        return ResourcePlace(base: base, uri: uri, documentURI: documentURI, id: id)
    }

    /// The index of a place's resource among the program's resources, added when first asked.
    mutating func programResource(_ place: ResourcePlace) -> Int {
        if programResources[place.id] >= 0 { return programResources[place.id] }
        let index = resource(place.uri)
        programResources[place.id] = index
        return index
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
        register([base.text + "#"], document, base, base.text, [WalkScope(uri: base.text, pointer: "", depth: 0)], dialect, [])
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
        memo.reserveCapacity(schemasWalked)
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
        let (memoized, fresh) = Self.fillIfEmpty(&memo[entry.key]) { index }
        if !fresh { return memoized }
        program.schemas.append(CompiledSchema())
        program.locations.append(
            SchemaLocation(
                resourceURI: entry.resource.uri, pointer: entry.pointer, documentURI: entry.resource.documentURI,
                documentPointer: entry.documentPointer))
        var schema = CompiledSchema()
        schema.resource = Int32(programResource(entry.resource))
        switch entry.value {
        case .bool(let allowed):
            schema.kind = allowed ? .alwaysValid : .alwaysInvalid
        case .object:
            if let unknown = entry.dialect.unknownMetaschema {
                throw compileError(
                    .contractUnknownDialect,
                    "$schema \"\(unknown)\" is not a dialect this validator knows (draft-04, draft-06, draft-07, 2019-09, 2020-12) nor a registered meta-schema built on one",
                    in: entry, at: "/$schema")
            }
            // A `readOnly` schema in a request (`writeOnly` in a response) refuses every value;
            // its other keywords are not compiled.
            if let refusal = directionRefusal(entry) {
                schema.kind = .alwaysInvalid
                schema.refusal = refusal
                schema.sensitive = entry.value["writeOnly"] == .bool(true) || entry.value["x-sensitive"] == .bool(true)
                break
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
            throw compileError(.contractInvalid, "a schema must be an object or a boolean", in: entry, at: "")
        }
        schema.settle(checks: program.checks)
        program.schemas[index] = schema
        return index
    }
}
