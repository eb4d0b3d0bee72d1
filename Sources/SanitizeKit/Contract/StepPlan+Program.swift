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
            switch program.checks[position] {
            case .ref(let target, _):
                guard reaches[Int(target)] else { continue }
                guard refDepth < Self.maxRefDepth, visit(Int(target), at: node, refDepth: refDepth + 1) else { return false }
            case .allOf(let members):
                for member in members.range where !visit(Int(program.lists[member]), at: node, refDepth: refDepth) {
                    return false
                }
            case .dynamicRef, .recursiveRef, .anyOf, .oneOf, .oneOfByKey, .not, .conditional, .dependentSchemas:
                // Applies depending on the instance: steps below it cannot be planned.
                if appliesSteps(program.checks[position]) { return false }
            case .const, .enumeration, .minLength, .maxLength, .pattern, .format, .minimum, .maximum, .exclusiveMinimum,
                .exclusiveMaximum, .multipleOf, .minProperties, .maxProperties, .required, .dependentRequired, .propertyNames,
                .object, .minItems, .maxItems, .uniqueItems, .items, .contains:
                // Not an in-place applicator: the compiler places it in another pool.
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
