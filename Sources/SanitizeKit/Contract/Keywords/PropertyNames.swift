extension Keywords {
    /// `propertyNames`: each member name, as a string, is valid against the subschema.
    struct PropertyNames: Sendable {
        let schema: Int32

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard scope.draft.hasDraft6Keywords, let value = scope["propertyNames"] else { return nil }
            return Self(schema: try compiler.subschema("propertyNames", nil, value, in: scope))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.PropertyNames, _ s: Int, _ node: Int) -> Bool {
        var valid = true
        var child = node + 1
        let end = afterOf(node)
        while child < end {
            var ignored = Annotations()
            if !probe(Int(keyword.schema), child, &ignored, collect: false) {
                pushPath(.key(child))
                report(s, "propertyNames", .propertyNames, "member name is not allowed\(shown(child))")
                popPath()
                valid = false
                if stopEarly { return false }
            }
            child = afterOf(child + 1)
        }
        return valid
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.PropertyNames, _ body: (Int, ApplicatorReach) -> Void) {
        applied(keyword.schema, .memberName, body)
    }
}

extension ShapeCheckBuilder {
    /// Left to the general path.
    mutating func lower(_ keyword: Keywords.PropertyNames, into node: Int, depth: Int) -> Bool { false }
}
