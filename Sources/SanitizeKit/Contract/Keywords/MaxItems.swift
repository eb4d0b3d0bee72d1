extension Keywords {
    /// `maxItems`: an array has at most this many elements.
    struct MaxItems: Sendable {
        let limit: Int

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            try compiler.count("maxItems", in: scope).map(Self.init)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.MaxItems, _ s: Int, _ node: Int) -> Bool {
        let itemCount = countOf(node)
        if itemCount <= keyword.limit { return true }
        report(s, "maxItems", .maxItems, "array has \(itemCount) items, more than the maximum \(keyword.limit)")
        return false
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.MaxItems, into node: Int, depth: Int) -> Bool {
        nodes[node].maxItems = keyword.limit
        return true
    }
}
