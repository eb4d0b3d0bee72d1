extension Keywords {
    /// `unevaluatedProperties` and `unevaluatedItems` (2019-09 and later): the members or
    /// elements no other keyword of the schema (or of what it applies in place) evaluated are
    /// valid against the subschema. Kept on ``CompiledSchema`` itself, since they run after
    /// every check of the schema, with the annotations those collected.
    enum Unevaluated {
        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler, into schema: inout SchemaBuilder) throws(SanitizeError) {
            guard scope.draft.hasVocabularies else { return }
            if let value = scope["unevaluatedProperties"] {
                schema.unevaluatedProperties = try compiler.subschema("unevaluatedProperties", nil, value, in: scope)
            }
            if let value = scope["unevaluatedItems"] {
                schema.unevaluatedItems = try compiler.subschema("unevaluatedItems", nil, value, in: scope)
            }
        }
    }
}

extension Evaluator {
    mutating func evaluateUnevaluatedProperties(_ s: Int, _ sub: Int, _ node: Int, _ annotations: inout Annotations) -> Bool {
        var valid = true
        var child = node + 1
        let end = afterOf(node)
        let memberCount = countOf(node)
        var memberIndex = 0
        let denied = schemas[sub].kind == .alwaysInvalid
        while child < end {
            let evaluated = annotations.isEvaluated(memberIndex)
            if !evaluated {
                if denied {
                    pushPath(.key(child))
                    report(s, "unevaluatedProperties", .unevaluatedProperties, "member is not allowed by the contract")
                    popPath()
                    valid = false
                    if stopEarly { return false }
                } else if !evaluateChild(sub, child + 1, .key(child), passing: &annotations) {
                    valid = false
                    if stopEarly { return false }
                }
                annotations.markProperty(memberIndex, of: memberCount)
            }
            memberIndex += 1
            child = afterOf(child + 1)
        }
        return valid
    }

    mutating func evaluateUnevaluatedItems(_ s: Int, _ sub: Int, _ node: Int, _ annotations: inout Annotations) -> Bool {
        var valid = true
        var child = node + 1
        var index = 0
        let end = afterOf(node)
        let itemCount = countOf(node)
        let denied = schemas[sub].kind == .alwaysInvalid
        while child < end {
            let evaluated = annotations.isEvaluated(index)
            if !evaluated {
                if denied {
                    pushPath(.index(index))
                    report(s, "unevaluatedItems", .unevaluatedItems, "item is not allowed by the contract")
                    popPath()
                    valid = false
                    if stopEarly { return false }
                } else if !evaluateChild(sub, child, .index(index), passing: &annotations) {
                    valid = false
                    if stopEarly { return false }
                }
            }
            index += 1
            child = afterOf(child)
        }
        annotations.markItems(0..<itemCount, of: itemCount)
        return valid
    }
}
