extension Keywords {
    /// `format`, where it asserts: a string is a valid date, email, URI, ….
    struct Format: Sendable {
        let kind: FormatKind

        /// An annotation unless assertions are asked for, and always for a format the dialect
        /// does not define (see `FormatKind.isDefined(in:)`).
        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard compiler.options.assertFormats || scope.entry.formatAssertion, case .string(let name)? = scope["format"],
                let kind = FormatKind(rawValue: name), kind.isDefined(in: scope.draft)
            else { return nil }
            return Self(kind: kind)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Format, _ s: Int, _ node: Int) -> Bool {
        if withString(node, { keyword.kind.accepts($0) }) { return true }
        report(s, "format", .format, node, showing: "string is not a valid ", keyword.kind.rawValue)
        return false
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.Format, into node: Int, depth: Int) -> Bool {
        nodes[node].format = keyword.kind
        return true
    }
}
