extension Keywords {
    /// `oneOf`: the value is valid against exactly one branch. When every branch pins one
    /// member to distinct constants (a ``OneOfDiscriminator``), a pass is taken from the branch
    /// that member names without trying the others.
    struct OneOf: Sendable {
        /// Schema indices in ``ContractProgram/lists``.
        let branches: PoolRange
        /// Index into ``ContractProgram/discriminators``, or -1.
        let discriminator: Int32

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard let list = try compiler.schemaList("oneOf", in: scope) else { return nil }
            guard case .array(let items)? = scope["oneOf"], let found = compiler.discriminator(scope.entry, items) else {
                return Self(branches: list, discriminator: -1)
            }
            compiler.program.discriminators.append(found)
            return Self(branches: list, discriminator: Int32(compiler.program.discriminators.count - 1))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.OneOf, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        // Only a pass is taken from the branch the discriminator names; anything else runs
        // the plain oneOf (which reports, and collects steps from every branch).
        if keyword.discriminator >= 0, !collect && !collectSteps, let chosen = discriminatedBranch(keyword.discriminator, node) {
            // Not collecting: the branch leaves `annotations` alone.
            if probe(Int(lists[keyword.branches.range.lowerBound + chosen]), node, &annotations, collect: false) { return true }
        }
        let list = keyword.branches
        var matches = 0
        var firstMatch = 0
        var secondMatch = 0
        var kept = Annotations()
        let recording = startRecordingBranches()
        for (position, index) in list.range.enumerated() {
            let branchSchema = Int(lists[index])
            if !recording && failsOnTypeAlone(branchSchema, node) { continue }
            let passed: Bool
            if collect {
                var branch = Annotations()
                passed = probeBranch(branchSchema, node, &branch, collect: true, recording: recording)
                if passed && matches == 0 { kept = branch }
            } else {
                // Not collecting: the branch leaves `annotations` alone.
                passed = probeBranch(branchSchema, node, &annotations, collect: false, recording: recording)
            }
            if passed {
                matches += 1
                if matches > 1 {
                    secondMatch = position
                    break
                }
                firstMatch = position
            }
        }
        if matches == 1 {
            if collect { annotations.merge(kept) }
            return true
        }
        guard quiet == 0 else { return false }
        if matches == 0 {
            let reasons = explaining == 0 ? branchReasons(list, node) : ""
            report(s, "oneOf", .oneOf, "value matches none of the \(list.count) schemas\(reasons)")
        } else {
            report(s, "oneOf", .oneOf, "value matches more than one schema (\(firstMatch) and \(secondMatch))")
        }
        return false
    }

    /// The branch a ``OneOfDiscriminator`` names for an object node, if it names one.
    func discriminatedBranch(_ table: Int32, _ node: Int) -> Int? {
        guard kindOf(node) == .object else { return nil }
        let key = buffers.program.discriminators[Int(table)].key
        let wanted = buffers.keySpans[key].count
        var child = node + 1
        let end = afterOf(node)
        while child < end {
            let name = nodes[child]
            let plainMismatch = name.flags & JSONNode.Flags.escaped == 0 && Int(name.end - name.start) != wanted
            if !plainMismatch, withString(child, { buffers.keyEquals(key, $0) }) {
                guard kindOf(child + 1) == .string else { return nil }
                return withString(child + 1) { buffers.discriminatedBranch(Int(table), for: $0) }
            }
            child = afterOf(child + 1)
        }
        return nil
    }
}

extension ContractProgram {
    /// Every branch, discriminated or not: which one applies depends on the instance.
    func forEachApplied(by keyword: Keywords.OneOf, _ body: (Int, ApplicatorReach) -> Void) {
        applied(each: keyword.branches, .here, body)
    }
}
