extension Keywords {
    /// `maxProperties`: an object has at most this many members.
    struct MaxProperties: Sendable {
        let limit: Int

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            try compiler.count("maxProperties", in: scope).map(Self.init)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.MaxProperties, _ s: Int, _ node: Int) -> Bool {
        let memberCount = countOf(node)
        if memberCount <= keyword.limit { return true }
        report(s, "maxProperties", .maxProperties, "object has \(memberCount) members, more than the maximum \(keyword.limit)")
        return false
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.MaxProperties, into node: Int, depth: Int) -> Bool {
        nodes[node].maxProperties = keyword.limit
        return true
    }
}
