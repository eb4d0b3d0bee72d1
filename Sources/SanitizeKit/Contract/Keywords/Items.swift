extension Keywords {
    /// `prefixItems` and `items` (2020-12), or array-form `items` and `additionalItems`
    /// (draft-04 to 2019-09): each element at a prefix position is valid against that
    /// position's schema, each element after the prefix against the rest schema.
    struct Items: Sendable {
        /// Prefix schema indices in ``ContractProgram/lists``.
        let prefix: PoolRange
        /// The schema of the elements after the prefix, or -1.
        let rest: Int32
        /// Whether the rest is `additionalItems` (the keyword a violation names).
        let additional: Bool

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            if scope.draft.hasPrefixItems {
                var prefix: [Int] = []
                if case .array(let items)? = scope["prefixItems"] {
                    for (index, item) in items.enumerated() { prefix.append(Int(try compiler.subschema("prefixItems", String(index), item, in: scope))) }
                }
                let rest = try scope["items"].map { (v) throws(SanitizeError) in try compiler.subschema("items", nil, v, in: scope) }
                guard !prefix.isEmpty || rest != nil else { return nil }
                return Self(prefix: compiler.program.list(prefix), rest: rest ?? noSchema, additional: false)
            }
            if case .array(let items)? = scope["items"] {
                var prefix: [Int] = []
                for (index, item) in items.enumerated() { prefix.append(Int(try compiler.subschema("items", String(index), item, in: scope))) }
                let rest = try scope["additionalItems"].map { (v) throws(SanitizeError) in try compiler.subschema("additionalItems", nil, v, in: scope) }
                return Self(prefix: compiler.program.list(prefix), rest: rest ?? noSchema, additional: true)
            }
            guard let value = scope["items"] else { return nil }
            return Self(prefix: PoolRange(), rest: try compiler.subschema("items", nil, value, in: scope), additional: false)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Items, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        let prefix = keyword.prefix
        let name = keyword.additional ? "additionalItems" : "items"
        var valid = true
        var child = node + 1
        var index = 0
        let end = afterOf(node)
        while child < end {
            let sub: Int
            if index < Int(prefix.count) {
                sub = Int(lists[prefix.range.lowerBound + index])
            } else if keyword.rest >= 0 {
                sub = Int(keyword.rest)
            } else {
                break
            }
            if index >= Int(prefix.count) && schemas[sub].kind == .alwaysInvalid {
                pushPath(.index(index))
                report(s, name, .additionalItems, "array has more than \(prefix.count) items")
                popPath()
                valid = false
                if stopEarly { return false }
                break
            }
            if !evaluateChild(sub, child, .index(index), passing: &annotations) {
                valid = false
                if stopEarly { return false }
            }
            index += 1
            child = afterOf(child)
        }
        if collect { annotations.markItems(0..<index, of: countOf(node)) }
        return valid
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.Items, _ body: (Int, ApplicatorReach) -> Void) {
        for (position, index) in keyword.prefix.range.enumerated() { applied(lists[index], .item(position), body) }
        applied(keyword.rest, .items(from: keyword.prefix.range.count), body)
    }
}

extension ShapeCheckBuilder {
    /// One schema for every element (a positional prefix is left to the general path).
    mutating func lower(_ keyword: Keywords.Items, into node: Int, depth: Int) -> Bool {
        guard keyword.prefix.isEmpty else { return false }
        guard keyword.rest >= 0 else { return true }
        guard let child = add(Int(keyword.rest), depth: depth + 1) else { return false }
        nodes[node].items = child
        return true
    }
}
