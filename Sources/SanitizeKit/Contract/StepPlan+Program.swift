extension ContractProgram {
    /// Calls `body` with every schema that schema `index` applies: its subschemas, the targets
    /// of its references, and for `$dynamicRef`/`$recursiveRef` every dynamic anchor the
    /// dynamic scope could pick.
    func forEachSubschema(of index: Int, _ body: (Int) -> Void) {
        let schema = schemas[index]
        guard schema.kind == .checks else { return }
        for range in [schema.general, schema.inPlace, schema.strings, schema.numbers, schema.objects, schema.arrays] {
            for position in range.range { forEachSubschema(of: checks[position], body) }
        }
        if schema.unevaluatedProperties >= 0 { body(Int(schema.unevaluatedProperties)) }
        if schema.unevaluatedItems >= 0 { body(Int(schema.unevaluatedItems)) }
    }

    /// Calls `body` with every schema one check applies.
    func forEachSubschema(of check: Check, _ body: (Int) -> Void) {
        func each(_ range: PoolRange) { for position in range.range { body(Int(lists[position])) } }
        func one(_ target: Int32) { if target >= 0 { body(Int(target)) } }
        func anchors(named name: String) {
            for resource in resources { if let target = resource.dynamicAnchors[name] { body(target) } }
        }
        switch check {
        case .ref(let target, _): one(target)
        case .dynamicRef(let anchor, let fallback):
            one(fallback)
            anchors(named: anchorNames[Int(anchor)])
        case .recursiveRef(let fallback):
            one(fallback)
            anchors(named: "")
        case .allOf(let range), .anyOf(let range), .oneOf(let range), .oneOfByKey(let range, _): each(range)
        case .not(let target), .propertyNames(let target): one(target)
        case .conditional(let ifSchema, let thenSchema, let elseSchema):
            one(ifSchema)
            one(thenSchema)
            one(elseSchema)
        case .dependentSchemas(let range):  // (key, schema) pairs
            for position in range.range where (position - range.range.lowerBound) % 2 == 1 { body(Int(lists[position])) }
        case .object(let shape):
            for target in shapes[Int(shape)].schemas { one(target) }
            for pattern in shapes[Int(shape)].patterns { one(pattern.schema) }
            one(shapes[Int(shape)].additional)
        case .items(let prefix, let rest, _):
            each(prefix)
            one(rest)
        case .contains(let target, _, _): one(target)
        case .const, .enumeration, .minLength, .maxLength, .pattern, .format, .minimum, .maximum, .exclusiveMinimum,
            .exclusiveMaximum, .multipleOf, .minProperties, .maxProperties, .required, .dependentRequired, .minItems,
            .maxItems, .uniqueItems:
            break
        }
    }

    /// Per schema: whether it, or a schema it applies (through any keyword or reference),
    /// has `x-sanitize`.
    func schemasReachingSteps() -> [Bool] {
        var reaches = schemas.map { $0.kind == .checks && $0.sanitizeSteps >= 0 }
        guard reaches.contains(true) else { return reaches }
        var appliedBy = [[Int]](repeating: [], count: schemas.count)
        for index in schemas.indices { forEachSubschema(of: index) { appliedBy[$0].append(index) } }
        var pending = reaches.indices.filter { reaches[$0] }
        while let next = pending.popLast() {
            for parent in appliedBy[next] where !reaches[parent] {
                reaches[parent] = true
                pending.append(parent)
            }
        }
        return reaches
    }
}

extension StepPlan {
    /// Builds the plan from a compiled contract, or returns `nil` when some step is not placed
    /// statically. It reads the compiled schemas, so the dialect is the compiler's: a draft-04
    /// to draft-07 `$ref` has no sibling keywords left to plan, and references are already
    /// resolved (local, registered, or embedded under their own `$id`).
    /// - Parameter program: the compiled contract.
    init?(program: ContractProgram) {
        var builder = StepPlanBuilder(program: program)
        guard builder.visit(program.root, at: 0, refDepth: 0) else { return nil }
        self.init(lists: builder.lists, nodes: builder.nodes)
    }
}

/// Walks a compiled contract from its root along the keywords that apply whatever the
/// instance holds (`properties`, `items` as one schema, `allOf`, static references).
private struct StepPlanBuilder {
    let program: ContractProgram
    let reaches: [Bool]
    var lists: [JSONValue] = []
    var nodes: [StepPlan.Node] = [StepPlan.Node()]

    /// How many references one path may follow: deeper is a recursive schema with steps.
    static let maxRefDepth = 16

    init(program: ContractProgram) {
        self.program = program
        reaches = program.schemasReachingSteps()
    }

    /// Adds the steps of schema `index` (and of what it applies) at plan node `node`; `false`
    /// when they cannot be planned.
    mutating func visit(_ index: Int, at node: Int, refDepth: Int) -> Bool {
        guard reaches[index] else { return true }
        let schema = program.schemas[index]
        // The evaluator's order: the schema's own list, then its in-place applicators in
        // compiled order, then what applies to members and elements.
        if schema.sanitizeSteps >= 0 { addList(program.sanitizeSteps[Int(schema.sanitizeSteps)], at: node) }
        for target in [schema.unevaluatedProperties, schema.unevaluatedItems] where target >= 0 && reaches[Int(target)] {
            return false
        }
        for position in schema.inPlace.range {
            switch program.checks[position] {
            case .ref(let target, _):
                guard reaches[Int(target)] else { continue }
                guard refDepth < Self.maxRefDepth, visit(Int(target), at: node, refDepth: refDepth + 1) else { return false }
            case .allOf(let members):
                for member in members.range where !visit(Int(program.lists[member]), at: node, refDepth: refDepth) {
                    return false
                }
            default:
                // Applies depending on the instance (anyOf, not, if, a dynamic reference, …).
                if appliesSteps(program.checks[position]) { return false }
            }
        }
        for position in schema.objects.range {
            guard case .object(let shapeIndex) = program.checks[position] else {
                if appliesSteps(program.checks[position]) { return false }
                continue
            }
            let shape = program.shapes[Int(shapeIndex)]
            if shape.patterns.contains(where: { reaches[Int($0.schema)] }) { return false }
            if shape.additional >= 0 && reaches[Int(shape.additional)] { return false }
            for (key, target) in zip(shape.keys, shape.schemas) where reaches[Int(target)] {
                let child = nodes[node].properties[key.text] ?? appendNode()
                nodes[node].properties[key.text] = child
                guard visit(Int(target), at: child, refDepth: refDepth) else { return false }
            }
        }
        for position in schema.arrays.range {
            guard case .items(let prefix, let rest, _) = program.checks[position] else {
                if appliesSteps(program.checks[position]) { return false }
                continue
            }
            if prefix.range.contains(where: { reaches[Int(program.lists[$0])] }) { return false }  // positional
            guard rest >= 0, reaches[Int(rest)] else { continue }
            let child = nodes[node].items ?? appendNode()
            nodes[node].items = child
            guard visit(Int(rest), at: child, refDepth: refDepth) else { return false }
        }
        return true
    }

    /// Whether a check applies a schema that reaches steps.
    private func appliesSteps(_ check: Check) -> Bool {
        var found = false
        program.forEachSubschema(of: check) { if reaches[$0] { found = true } }
        return found
    }

    private mutating func appendNode() -> Int {
        nodes.append(StepPlan.Node())
        return nodes.count - 1
    }

    private mutating func addList(_ value: JSONValue, at node: Int) {
        let index =
            lists.firstIndex(of: value) ?? {
                lists.append(value)
                return lists.count - 1
            }()
        if !nodes[node].lists.contains(index) { nodes[node].lists.append(index) }
    }
}
