extension Keywords {
    /// `multipleOf`: a number divided by the divisor leaves no remainder (exact, as decimals).
    struct MultipleOf: Sendable {
        /// Index into ``ContractProgram/bounds``.
        let divisor: Int32

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard let value = try compiler.boundValue("multipleOf", in: scope) else { return nil }
            guard !value.decimal.negative, !value.decimal.isZero else { throw compiler.invalid("multipleOf", "must be greater than 0", in: scope) }
            compiler.program.bounds.append(value)
            return Self(divisor: Int32(compiler.program.bounds.count - 1))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.MultipleOf, _ s: Int, _ node: Int) -> Bool {
        let index = Int(keyword.divisor)
        if let small = smallInteger(node), let divisor = fastBounds[index].int, divisor > 0 {
            if small % divisor == 0 { return true }
        } else if let value = decimal(node), value.isMultiple(of: buffers.program.bounds[index].decimal) {
            return true
        }
        report(s, "multipleOf", .multipleOf, "number is not a multiple of \(buffers.program.bounds[index].text)\(shown(node))")
        return false
    }
}

extension ShapeCheckBuilder {
    /// Left to the general path (the scan has no decimal division).
    mutating func lower(_ keyword: Keywords.MultipleOf, into node: Int, depth: Int) -> Bool { false }
}
