extension Keywords {
    /// `not`: the value is not valid against the subschema.
    struct Not: Sendable {
        let schema: Int32

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard let value = scope["not"] else { return nil }
            return Self(schema: try compiler.subschema("not", nil, value, in: scope))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Not, _ s: Int, _ node: Int) -> Bool {
        var ignored = Annotations()
        if probe(Int(keyword.schema), node, &ignored, collect: false) {
            report(s, "not", .not, "value matches a schema it must not match")
            return false
        }
        return true
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.Not, _ body: (Int, ApplicatorReach) -> Void) {
        applied(keyword.schema, .here, body)
    }
}
