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
    var lists: [[SanitizeStep]] = []
    /// Program step list → its index in `lists`.
    var listIndex: [Int32: Int] = [:]
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
        if schema.sanitizeSteps >= 0 { addList(schema.sanitizeSteps, at: node) }
        for target in [schema.unevaluatedProperties, schema.unevaluatedItems] where target >= 0 && reaches[Int(target)] {
            return false
        }
        for position in schema.inPlace.range {
            // `$ref` and `allOf` apply whatever the instance holds: their steps are planned.
            // Any other in-place applicator (`anyOf`, `oneOf`, `if`, dynamic references, …)
            // applies depending on the instance: steps below it cannot be planned.
            let check = program.checks[position]
            if case .reference(let reference) = check {
                guard reaches[Int(reference.target)] else { continue }
                guard refDepth < Self.maxRefDepth, visit(Int(reference.target), at: node, refDepth: refDepth + 1) else { return false }
            } else if case .allOf(let allOf) = check {
                for member in allOf.branches.range where !visit(Int(program.lists[member]), at: node, refDepth: refDepth) {
                    return false
                }
            } else if appliesSteps(check) {
                return false
            }
        }
        for position in schema.objects.range {
            guard case .properties(let properties) = program.checks[position] else {
                if appliesSteps(program.checks[position]) { return false }
                continue
            }
            let shape = program.shapes[Int(properties.shape)]
            if shape.patterns.contains(where: { reaches[Int($0.schema)] }) { return false }
            if shape.additional >= 0 && reaches[Int(shape.additional)] { return false }
            for (key, target) in zip(shape.keys, shape.schemas) where reaches[Int(target)] {
                let child = nodes[node].properties[key.text] ?? appendNode()
                nodes[node].properties[key.text] = child
                guard visit(Int(target), at: child, refDepth: refDepth) else { return false }
            }
        }
        for position in schema.arrays.range {
            guard case .items(let items) = program.checks[position] else {
                if appliesSteps(program.checks[position]) { return false }
                continue
            }
            if items.prefix.range.contains(where: { reaches[Int(program.lists[$0])] }) { return false }  // positional
            guard items.rest >= 0, reaches[Int(items.rest)] else { continue }
            let child = nodes[node].items ?? appendNode()
            nodes[node].items = child
            guard visit(Int(items.rest), at: child, refDepth: refDepth) else { return false }
        }
        return true
    }

    /// Whether a check applies a schema that reaches steps.
    private func appliesSteps(_ check: Check) -> Bool {
        var found = false
        program.forEachApplied(by: check) { target, _ in if reaches[target] { found = true } }
        return found
    }

    private mutating func appendNode() -> Int {
        nodes.append(StepPlan.Node())
        return nodes.count - 1
    }

    private mutating func addList(_ list: Int32, at node: Int) {
        let index =
            listIndex[list] ?? {
                lists.append(program.stepLists[Int(list)])
                listIndex[list] = lists.count - 1
                return lists.count - 1
            }()
        if !nodes[node].lists.contains(index) { nodes[node].lists.append(index) }
    }
}
