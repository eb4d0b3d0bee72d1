extension Keywords {
    /// `type` (with draft-04's `integer` and OpenAPI 3.0's `nullable`): the value is of one of
    /// the named types. Compiled into ``CompiledSchema/typeMask``, which the evaluator, the
    /// byte scan and the step walk test before any other keyword, without a dispatch.
    enum TypeKeyword {
        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> UInt8? {
            guard let value = scope["type"] else { return nil }
            var mask: UInt8 = 0
            let names: [JSONValue]
            if case .array(let list) = value { names = list } else { names = [value] }
            for name in names {
                guard let bits = TypeBits.bits(forName: name) else { throw compiler.invalid("type", "unknown type \(name.jsonText)", in: scope) }
                mask |= bits
            }
            // Draft-04 §3.5: an integer is a number without a fraction or exponent part.
            if scope.draft.generation == 4, mask & TypeBits.integer != 0, mask & TypeBits.number == 0 {
                mask = mask & ~TypeBits.integer | TypeBits.integerSyntax
            }
            // OAS 3.0.3 §4.7.24.1: `nullable: true` adds null to the types `type` names.
            if scope.draft == .openAPI3_0, scope["nullable"] == .bool(true) { mask |= TypeBits.null }
            return mask
        }
    }
}
