extension Keywords {
    /// `minItems`: an array has at least this many elements.
    struct MinItems: Sendable {
        let limit: Int

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            try compiler.count("minItems", in: scope).map(Self.init)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.MinItems, _ s: Int, _ node: Int) -> Bool {
        let itemCount = countOf(node)
        if itemCount >= keyword.limit { return true }
        report(s, "minItems", .minItems, "array has \(itemCount) items, fewer than the minimum \(keyword.limit)")
        return false
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.MinItems, into node: Int, depth: Int) -> Bool {
        nodes[node].minItems = keyword.limit
        return true
    }
}
