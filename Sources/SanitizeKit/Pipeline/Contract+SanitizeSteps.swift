extension Contract {
    /// The raw `x-sanitize` values of the contract, in the numbering that
    /// ``sanitizeStepIndices(for:)`` uses.
    var sanitizeStepLists: [JSONValue] { program.sanitizeSteps }

    /// For one instance: which `x-sanitize` list (by index into ``sanitizeStepLists``)
    /// applies to which node, in evaluation order.
    func sanitizeStepIndices(for document: JSONDocument) -> [(node: Int, list: Int)] {
        guard !program.sanitizeSteps.isEmpty else { return [] }
        var evaluator = Evaluator(program: program, document: document, failFast: false)
        evaluator.collectSteps = true
        evaluator.quiet = 1
        var annotations = Annotations()
        _ = evaluator.evaluate(program.root, document.root, &annotations, collect: false)
        return evaluator.steps.map { ($0.node, $0.steps) }
    }
}
