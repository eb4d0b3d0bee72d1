extension Keywords {
    /// `anyOf`: the value is valid against at least one branch.
    struct AnyOf: Sendable {
        /// Schema indices in ``ContractProgram/lists``.
        let branches: PoolRange

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            try compiler.schemaList("anyOf", in: scope).map(Self.init)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.AnyOf, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        let list = keyword.branches
        var matched = false
        let recording = startRecordingBranches()
        for index in list.range {
            let branchSchema = Int(lists[index])
            if !recording && failsOnTypeAlone(branchSchema, node) { continue }
            if !collect {
                // Not collecting: the branch leaves `annotations` alone.
                if probeBranch(branchSchema, node, &annotations, collect: false, recording: recording) {
                    matched = true
                    break
                }
                continue
            }
            var branch = Annotations()
            if probeBranch(branchSchema, node, &branch, collect: true, recording: recording) {
                matched = true
                annotations.merge(branch)
            }
        }
        if !matched && quiet == 0 {
            let reasons = explaining == 0 ? branchReasons(list, node) : ""
            report(s, "anyOf", .anyOf, "value matches none of the \(list.count) allowed schemas\(reasons)")
        }
        return matched
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.AnyOf, _ body: (Int, ApplicatorReach) -> Void) {
        applied(each: keyword.branches, .here, body)
    }
}
