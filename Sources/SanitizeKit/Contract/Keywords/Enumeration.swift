extension Keywords {
    /// `enum`: the value equals one of the constants (JSON equality).
    struct Enumeration: Sendable {
        /// Constant indices in ``ContractProgram/lists``.
        let values: PoolRange

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard let value = scope["enum"] else { return nil }
            guard case .array(let items) = value else { throw compiler.invalid("enum", "must be an array", in: scope) }
            var indices: [Int] = []
            for item in items { indices.append(Int(try compiler.constant(item))) }
            return Self(values: compiler.program.list(indices))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Enumeration, _ s: Int, _ node: Int) -> Bool {
        for index in keyword.values.range where equalsConstant(Int(lists[index]), node) {
            return true
        }
        report(s, "enum", .enum, "value is not one of the \(keyword.values.count) allowed values\(shown(node))")
        return false
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.Enumeration, into node: Int, depth: Int) -> Bool {
        lowerStrings(constants: keyword.values.range.map { Int(program.lists[$0]) }, into: node)
    }

    /// `enum` or `const` of strings only (compared byte for byte), and one of the two per schema.
    mutating func lowerStrings(constants: [Int], into node: Int) -> Bool {
        guard !constants.isEmpty, nodes[node].enumCount == 0 else { return false }  // `enum: []` allows nothing
        var strings: [[UInt8]] = []
        for constant in constants {
            let document = program.constants[constant]
            guard document.kind(document.root) == .string, let text = document.string(document.root) else { return false }
            strings.append(Array(text.utf8))
        }
        nodes[node].firstEnum = enumStrings.count
        nodes[node].enumCount = strings.count
        enumStrings.append(contentsOf: strings)
        return true
    }
}
