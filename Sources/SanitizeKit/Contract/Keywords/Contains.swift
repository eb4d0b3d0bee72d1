extension Keywords {
    /// `contains` with `minContains`/`maxContains`: between `min` and `max` elements of an
    /// array are valid against the subschema.
    struct Contains: Sendable {
        let schema: Int32
        let min: Int
        /// -1 for no maximum.
        let max: Int

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard scope.draft.hasDraft6Keywords, let value = scope["contains"] else { return nil }
            let containsSchema = try compiler.subschema("contains", nil, value, in: scope)
            var minimum = 1
            var maximum = -1
            if scope.draft.hasVocabularies && scope.entry.validationVocabulary {
                minimum = try compiler.count("minContains", in: scope) ?? 1
                maximum = try compiler.count("maxContains", in: scope) ?? -1
            }
            return Self(schema: containsSchema, min: minimum, max: maximum)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Contains, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        let (minimum, maximum) = (keyword.min, keyword.max)
        let itemCount = countOf(node)
        var matches = 0
        var child = node + 1
        var index = 0
        let end = afterOf(node)
        while child < end {
            // Collecting nothing: the item's evaluation leaves `annotations` alone.
            if probe(Int(keyword.schema), child, &annotations, collect: false) {
                matches += 1
                if collect { annotations.markItems(index..<(index + 1), of: itemCount) }
                if !collect, maximum >= 0, matches > maximum { break }
                if !collect, maximum < 0, matches >= minimum { break }
            }
            index += 1
            child = afterOf(child)
        }
        if matches < minimum {
            report(
                s, "contains", .contains,
                minimum == 1 ? "no item matches the contains schema" : "only \(matches) items match the contains schema, fewer than \(minimum)")
            return false
        }
        if maximum >= 0, matches > maximum {
            report(s, "maxContains", .maxContains, "more than \(maximum) items match the contains schema")
            return false
        }
        return true
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.Contains, _ body: (Int, ApplicatorReach) -> Void) {
        applied(keyword.schema, .anyItem, body)
    }
}

extension ShapeCheckBuilder {
    /// Left to the general path.
    mutating func lower(_ keyword: Keywords.Contains, into node: Int, depth: Int) -> Bool { false }
}
