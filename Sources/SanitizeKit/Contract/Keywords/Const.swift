extension Keywords {
    /// `const`: the value equals one constant (JSON equality).
    struct Const: Sendable {
        /// Index into ``ContractProgram/constants``.
        let constant: Int32

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard scope.draft.hasDraft6Keywords, let value = scope["const"] else { return nil }
            return Self(constant: try compiler.constant(value))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Const, _ s: Int, _ node: Int) -> Bool {
        if equalsConstant(Int(keyword.constant), node) { return true }
        report(s, "const", .const, node, showing: "value is not the required constant")
        return false
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.Const, into node: Int, depth: Int) -> Bool {
        lowerStrings(constants: [Int(keyword.constant)], into: node)
    }
}
