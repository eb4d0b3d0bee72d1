extension Keywords {
    /// `maxLength`: a string has at most this many code points.
    struct MaxLength: Sendable {
        let limit: Int

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            try compiler.count("maxLength", in: scope).map(Self.init)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.MaxLength, _ s: Int, _ node: Int) -> Bool {
        let n = nodes[node]
        if Int(n.end - n.start) <= keyword.limit { return true }  // bytes ≥ code points
        let length = codePointCount(node)
        if length <= keyword.limit { return true }
        report(s, "maxLength", .maxLength, "string has \(length) characters, more than the maximum \(keyword.limit)")
        return false
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.MaxLength, into node: Int, depth: Int) -> Bool {
        nodes[node].maxLength = keyword.limit
        return true
    }
}
