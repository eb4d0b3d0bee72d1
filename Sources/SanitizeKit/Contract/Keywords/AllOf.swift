extension Keywords {
    /// `allOf`: the value is valid against every branch.
    struct AllOf: Sendable {
        /// Schema indices in ``ContractProgram/lists``.
        let branches: PoolRange

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            try compiler.schemaList("allOf", in: scope).map(Self.init)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.AllOf, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        var valid = true
        for index in keyword.branches.range {
            if !evaluate(Int(lists[index]), node, &annotations, collect: collect) {
                valid = false
                if stopEarly { return false }
            }
        }
        return valid
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.AllOf, _ body: (Int, ApplicatorReach) -> Void) {
        applied(each: keyword.branches, .here, body)
    }
}
