/// Where a contract's `x-sanitize` steps apply, worked out once from the schema's shape.
///
/// Most contracts put their steps on `properties`, `items`, `allOf` members and local
/// `$ref`s: places that apply to an instance location whatever the instance holds. For
/// those the plan is a small tree keyed by member name, and applying it is one walk over
/// the record, with no schema evaluation. A contract with steps anywhere else (under
/// `anyOf`, `if`, `patternProperties`, a recursive `$ref`, …) has no plan (`nil`), and the
/// filter asks the contract's evaluator instead. The plan is derived from the compiled
/// contract (``init(program:)``), never from the schema's JSON.
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
            let entries = propertyBytes.span
            for index in entries.indices where entries[index].name.count == name.count {
                if entries[index].name.withUnsafeBytes({ bytesEqual($0, name) }) { return entries[index].plan }
            }
            return nil
        }
        /// The plan node for every array element.
        var items: Int?
        var isEmpty: Bool { lists.isEmpty && properties.isEmpty && items == nil }
    }

    /// Every distinct `x-sanitize` list of the schema, compiled, in first-seen order.
    private(set) var lists: [[SanitizeStep]] = []
    /// Per list, its summary for ASCII values (the one the shape check reads): whether the
    /// list leaves a value unchanged, answered in one pass over its bytes.
    private(set) var guards: [ASCIIStepGuard] = []
    private(set) var nodes: [Node] = [Node()]

    /// A plan of `lists` and `nodes`, node 0 the root (see ``init(program:)``, which derives
    /// one from a compiled contract).
    init(lists: [[SanitizeStep]], nodes: [Node]) {
        self.lists = lists
        self.guards = lists.map(ASCIIStepGuard.init)
        self.nodes = nodes
    }

    /// Calls `body(instanceNode, listIndex)` for every step list that applies, in document
    /// order, walking the record once.
    func forEachApplicable(
        in document: JSONDocument, pending: inout [(plan: Int, node: Int)], _ body: (Int, Int) -> Void
    ) {
        pending.removeAll(keepingCapacity: true)
        pending.append((0, document.root))
        // Plan nodes are read in place through a span (a copy of one would retain each of its
        // collections).
        let nodes = self.nodes.span
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
            case .null, .bool, .number, .string, .object:
                break
            }
        }
    }
}
