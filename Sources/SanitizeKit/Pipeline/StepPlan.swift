/// Where a contract's `x-sanitize` steps apply, worked out once from the schema's shape.
///
/// Most contracts put their steps on `properties`, `items`, `allOf` members and local
/// `$ref`s: places that apply to an instance location whatever the instance holds. For
/// those the plan is a small tree keyed by member name, and applying it is one walk over
/// the record, with no schema evaluation. A contract with steps anywhere else (under
/// `anyOf`, `if`, `patternProperties`, a remote `$ref`, …) has no plan (`nil`), and the
/// filter asks the contract's evaluator instead.
struct StepPlan: Sendable, Equatable {
    /// One instance location's steps and the locations below it.
    struct Node: Sendable, Equatable {
        /// Indices into ``StepPlan/lists``, in the order the schema reaches them.
        var lists: [Int] = []
        /// Plan nodes for object members, by name.
        var properties: [String: Int] = [:] {
            didSet { propertyBytes = properties.map { (Array($0.key.utf8), $0.value) } }
        }
        /// The same, keyed by UTF-8 bytes, for matching member names without building strings.
        private(set) var propertyBytes: [(name: [UInt8], plan: Int)] = []

        static func == (lhs: Node, rhs: Node) -> Bool {
            lhs.lists == rhs.lists && lhs.properties == rhs.properties && lhs.items == rhs.items
        }

        /// The plan node for the member name in `name`, if the plan has one.
        func plan(forMember name: UnsafeRawBufferPointer) -> Int? {
            propertyBytes.withUnsafeBufferPointer { entries in
                for entry in entries where entry.name.count == name.count {
                    let equal = entry.name.withUnsafeBytes { candidate in
                        bytesEqual(candidate.baseAddress!, name.baseAddress!, count: name.count)
                    }
                    if equal { return entry.plan }
                }
                return nil
            }
        }
        /// The plan node for every array element.
        var items: Int?
        var isEmpty: Bool { lists.isEmpty && properties.isEmpty && items == nil }
    }

    /// Every distinct `x-sanitize` value of the schema, in first-seen order.
    private(set) var lists: [JSONValue] = []
    private(set) var nodes: [Node] = [Node()]

    /// Keywords whose subschemas apply only depending on the instance, or to locations a
    /// plan by name cannot express: steps under them need the evaluator.
    private static let conditionalKeywords: Set<String> = [
        "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies", "prefixItems",
        "additionalItems", "contains", "additionalProperties", "patternProperties", "propertyNames",
        "unevaluatedItems", "unevaluatedProperties", "$dynamicRef", "$recursiveRef",
    ]
    private static let maxRefDepth = 16

    /// Builds the plan for a root schema, or returns `nil` when some step is not placed
    /// statically, or the root's dialect is not one the plan reads (2020-12 or draft-07 with
    /// its standard meta-schema, see ``ShapeCheck/readableDialect(of:defaultDraft:)``).
    /// - Parameters:
    ///   - root: the root schema.
    ///   - defaultDraft: the dialect of a root without `$schema`.
    init?(schema root: JSONValue, defaultDraft: Draft = .draft2020_12) {
        guard let dialect = ShapeCheck.readableDialect(of: root, defaultDraft: defaultDraft) else { return nil }
        guard case .object = root, !Self.hasNestedID(root, isRoot: true) else {
            if Self.containsSteps(root) { return nil }
            return
        }
        let draft07 = dialect == .draft7
        guard visit(root, root: root, at: 0, refDepth: 0, draft07: draft07) else { return nil }
    }

    /// Adds `schema`'s steps at plan node `node`; `false` when they cannot be planned.
    private mutating func visit(_ schema: JSONValue, root: JSONValue, at node: Int, refDepth: Int, draft07: Bool) -> Bool {
        guard case .object(let members) = schema else { return true }
        let hasRef = members.contains { $0.key == "$ref" }
        for member in members {
            switch member.key {
            case "x-sanitize":
                if draft07 && hasRef { return false }  // draft-07 ignores $ref's siblings
                addList(member.value, at: node)
            case "properties":
                guard case .object(let properties) = member.value else { continue }
                for property in properties where Self.reachesSteps(property.value, root: root) {
                    let child = nodes[node].properties[property.key] ?? appendNode()
                    nodes[node].properties[property.key] = child
                    guard visit(property.value, root: root, at: child, refDepth: refDepth, draft07: draft07) else {
                        return false
                    }
                }
            case "items":
                guard Self.reachesSteps(member.value, root: root) else { continue }
                if case .array = member.value { return false }  // draft-07 tuple form
                let child = nodes[node].items ?? appendNode()
                nodes[node].items = child
                guard visit(member.value, root: root, at: child, refDepth: refDepth, draft07: draft07) else { return false }
            case "allOf":
                guard case .array(let all) = member.value else { continue }
                for sub in all where !visit(sub, root: root, at: node, refDepth: refDepth, draft07: draft07) {
                    return false
                }
            case "$ref":
                guard case .string(let reference) = member.value else { continue }
                guard let target = Self.resolveLocal(reference, in: root) else {
                    // A remote or anchored target: plannable only if we know it has no steps,
                    // and we cannot know that here.
                    return false
                }
                guard Self.reachesSteps(target, root: root) else { continue }
                guard refDepth < Self.maxRefDepth else { return false }  // recursive schema
                guard visit(target, root: root, at: node, refDepth: refDepth + 1, draft07: draft07) else { return false }
            case "$defs", "definitions":
                continue  // reached through $ref only
            default:
                if Self.conditionalKeywords.contains(member.key), Self.reachesSteps(member.value, root: root) {
                    return false
                }
            }
        }
        return true
    }

    private mutating func appendNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    private mutating func addList(_ value: JSONValue, at node: Int) {
        let index = lists.firstIndex(of: value) ?? {
            lists.append(value)
            return lists.count - 1
        }()
        if !nodes[node].lists.contains(index) { nodes[node].lists.append(index) }
    }

    /// Calls `body(instanceNode, listIndex)` for every step list that applies, in document
    /// order, walking the record once.
    func forEachApplicable(
        in document: JSONDocument, pending: inout [(plan: Int, node: Int)], _ body: (Int, Int) -> Void
    ) {
        pending.removeAll(keepingCapacity: true)
        pending.append((0, document.root))
        // Plan nodes are read in place (a copy of one would retain each of its collections).
        nodes.withUnsafeBufferPointer { nodes in
            while let (planIndex, node) = pending.popLast() {
                for list in nodes[planIndex].lists { body(node, list) }
                switch document.kind(node) {
                case .object where !nodes[planIndex].propertyBytes.isEmpty:
                    var child = node + 1
                    for _ in 0..<document.count(node) {
                        let value = child + 1
                        if let next = document.withStringBytes(child, { nodes[planIndex].plan(forMember: $0) }) {
                            pending.append((next, value))
                        }
                        child = document.after(value)
                    }
                case .array:
                    guard let items = nodes[planIndex].items else { break }
                var child = node + 1
                    for _ in 0..<document.count(node) {
                        pending.append((items, child))
                        child = document.after(child)
                    }
                default:
                    break
                }
            }
        }
    }

    // MARK: schema inspection

    /// Whether `value` holds an `x-sanitize` member anywhere.
    static func containsSteps(_ value: JSONValue) -> Bool {
        reachesSteps(value, root: nil)
    }

    /// Whether `value`, or a schema it reaches through `$ref`, holds an `x-sanitize` member.
    /// A `$ref` that does not resolve inside `root` (remote, an anchor) counts as reaching
    /// steps, since nothing here can tell; with no `root`, references are not followed.
    static func reachesSteps(_ value: JSONValue, root: JSONValue?) -> Bool {
        var stack = [value]
        var followed = Set<String>()
        while let next = stack.popLast() {
            switch next {
            case .object(let members):
                for member in members {
                    if member.key == "x-sanitize" { return true }
                    if member.key == "enum" || member.key == "const" { continue }
                    if let root, member.key == "$ref" || member.key == "$dynamicRef",
                        case .string(let reference) = member.value
                    {
                        guard let target = resolveLocal(reference, in: root) else { return true }
                        if followed.insert(reference).inserted { stack.append(target) }
                        continue
                    }
                    stack.append(member.value)
                }
            case .array(let items):
                stack.append(contentsOf: items)
            default:
                break
            }
        }
        return false
    }

    /// Whether a subschema below the root declares its own `$id` (and so its own base URI).
    private static func hasNestedID(_ value: JSONValue, isRoot: Bool) -> Bool {
        var stack: [(JSONValue, Bool)] = [(value, isRoot)]
        while let (next, root) = stack.popLast() {
            switch next {
            case .object(let members):
                for member in members {
                    if member.key == "$id" && !root { return true }
                    if member.key == "enum" || member.key == "const" { continue }
                    stack.append((member.value, false))
                }
            case .array(let items):
                stack.append(contentsOf: items.map { ($0, false) })
            default:
                break
            }
        }
        return false
    }

    /// The target of `#` or `#/json/pointer` inside the root schema.
    private static func resolveLocal(_ reference: String, in root: JSONValue) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        // The fragment is percent-decoded first, then read as a JSON Pointer (RFC 6901 §6).
        guard let pointer = try? PercentDecoding.decode(String(reference.dropFirst())) else { return nil }
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }  // "#anchor"
        var current = root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = ContractCompiler.unescapeToken(token)
            switch current {
            case .object: guard let next = current[key] else { return nil }; current = next
            case .array(let items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }
}
