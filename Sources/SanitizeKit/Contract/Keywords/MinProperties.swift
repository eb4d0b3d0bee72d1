extension Keywords {
    /// `minProperties`: an object has at least this many members.
    struct MinProperties: Sendable {
        let limit: Int

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            try compiler.count("minProperties", in: scope).map(Self.init)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.MinProperties, _ s: Int, _ node: Int) -> Bool {
        let memberCount = countOf(node)
        if memberCount >= keyword.limit { return true }
        report(s, "minProperties", .minProperties, "object has \(memberCount) members, fewer than the minimum \(keyword.limit)")
        return false
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.MinProperties, into node: Int, depth: Int) -> Bool {
        nodes[node].minProperties = keyword.limit
        return true
    }
}
