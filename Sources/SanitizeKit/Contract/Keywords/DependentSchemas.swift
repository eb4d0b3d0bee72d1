extension Keywords {
    /// `dependentSchemas` (and the schema-valued members of draft-07's `dependencies`): where
    /// an object has the member, the value is valid against its schema, at the same location.
    struct DependentSchemas: Sendable {
        /// (key index, schema index) pairs in ``ContractProgram/lists``.
        let pairs: PoolRange

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            var pairs: [Int] = []
            if scope.draft.hasVocabularies, case .object(let map)? = scope["dependentSchemas"] {
                for member in map {
                    pairs.append(compiler.program.key(member.key))
                    pairs.append(Int(try compiler.subschema("dependentSchemas", member.key, member.value, in: scope)))
                }
            }
            // Draft-07 `dependencies`; in 2020-12 kept for compatibility (its metaschema still
            // describes it): its arrays are ``DependentRequired``'s.
            if case .object(let map)? = scope["dependencies"] {
                for member in map {
                    if case .array = member.value { continue }
                    pairs.append(compiler.program.key(member.key))
                    pairs.append(Int(try compiler.subschema("dependencies", member.key, member.value, in: scope)))
                }
            }
            return pairs.isEmpty ? nil : Self(pairs: compiler.program.list(pairs))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.DependentSchemas, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        guard kindOf(node) == .object else { return true }
        var valid = true
        var index = keyword.pairs.range.lowerBound
        while index < keyword.pairs.range.upperBound {
            let key = Int(lists[index])
            let sub = Int(lists[index + 1])
            index += 2
            guard has(buffers.program.keys[key], in: node) else { continue }
            if !evaluate(sub, node, &annotations, collect: collect) {
                valid = false
                if stopEarly { return false }
            }
        }
        return valid
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.DependentSchemas, _ body: (Int, ApplicatorReach) -> Void) {
        let range = keyword.pairs.range
        for position in range where (position - range.lowerBound) % 2 == 1 { applied(lists[position], .here, body) }
    }
}
