extension Keywords {
    /// `if`/`then`/`else`: `then` applies where `if` passes, `else` where it fails.
    struct Conditional: Sendable {
        let ifSchema: Int32
        /// -1 when absent.
        let thenSchema: Int32
        /// -1 when absent.
        let elseSchema: Int32

        /// Kept even without `then`/`else`: `if` still yields annotations for `unevaluated*`.
        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard scope.draft.hasConditionals, let value = scope["if"] else { return nil }
            let ifSchema = try compiler.subschema("if", nil, value, in: scope)
            let thenSchema = try scope["then"].map { (v) throws(SanitizeError) in try compiler.subschema("then", nil, v, in: scope) }
            let elseSchema = try scope["else"].map { (v) throws(SanitizeError) in try compiler.subschema("else", nil, v, in: scope) }
            return Self(ifSchema: ifSchema, thenSchema: thenSchema ?? noSchema, elseSchema: elseSchema ?? noSchema)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Conditional, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        if keyword.thenSchema < 0 && keyword.elseSchema < 0 && !collect { return true }
        var branch = Annotations()
        if probe(Int(keyword.ifSchema), node, &branch, collect: collect) {
            if collect { annotations.merge(branch) }
            guard keyword.thenSchema >= 0 else { return true }
            return evaluate(Int(keyword.thenSchema), node, &annotations, collect: collect)
        }
        guard keyword.elseSchema >= 0 else { return true }
        return evaluate(Int(keyword.elseSchema), node, &annotations, collect: collect)
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.Conditional, _ body: (Int, ApplicatorReach) -> Void) {
        applied(keyword.ifSchema, .here, body)
        applied(keyword.thenSchema, .here, body)
        applied(keyword.elseSchema, .here, body)
    }
}
