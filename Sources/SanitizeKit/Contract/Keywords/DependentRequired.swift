extension Keywords {
    /// `dependentRequired` (and the array-valued members of draft-07's `dependencies`): where
    /// an object has the member, it has each of the listed members too.
    struct DependentRequired: Sendable {
        /// Index into ``ContractProgram/dependentRequired``.
        let table: Int32

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            var table: [(key: PropertyKey, required: [PropertyKey])] = []
            if case .object(let map)? = scope["dependencies"] {
                for member in map {
                    guard case .array = member.value else { continue }
                    table.append((PropertyKey(member.key), try compiler.keys(member.value, "dependencies", in: scope)))
                }
            }
            if scope.draft.hasVocabularies, case .object(let map)? = scope["dependentRequired"] {
                for member in map { table.append((PropertyKey(member.key), try compiler.keys(member.value, "dependentRequired", in: scope))) }
            }
            guard !table.isEmpty else { return nil }
            compiler.program.dependentRequired.append(table)
            return Self(table: Int32(compiler.program.dependentRequired.count - 1))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.DependentRequired, _ s: Int, _ node: Int) -> Bool {
        var valid = true
        for dependency in buffers.program.dependentRequired[Int(keyword.table)] where has(dependency.key, in: node) {
            for key in dependency.required where !has(key, in: node) {
                report(
                    s, "dependentRequired", .dependentRequired,
                    "member \(key.quoted) is required when \(dependency.key.quoted) is present")
                valid = false
                if stopEarly { return false }
            }
        }
        return valid
    }
}

extension ShapeCheckBuilder {
    /// Left to the general path.
    mutating func lower(_ keyword: Keywords.DependentRequired, into node: Int, depth: Int) -> Bool { false }
}
