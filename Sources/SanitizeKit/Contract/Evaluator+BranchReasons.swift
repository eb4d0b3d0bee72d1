extension Evaluator {
    /// Most branches a failed `anyOf`/`oneOf` message names one by one.
    static let maxBranchReasons = 16
    /// Longest text kept of one branch's reason (a branch's own `anyOf` nests its reasons).
    static let maxBranchReasonLength = 240

    /// Why each branch of a failed `anyOf`/`oneOf` failed: each branch evaluated again, this
    /// time reporting and stopping at its first violation, which is taken back out of the
    /// sink. Runs only when the failure is reported (never inside another applicator's quiet
    /// evaluation), so valid instances and `isValid` never pay for it.
    /// - Parameters:
    ///   - list: the branches' schema indices.
    ///   - node: the instance node.
    /// - Returns: `" (0: /a: reason [code]; 1: …)"`, or `""` when nothing was reported.
    mutating func branchReasons(_ list: PoolRange, _ node: Int) -> String {
        var parts: [String] = []
        let savedFailFast = failFast
        failFast = true
        explaining += 1
        defer {
            failFast = savedFailFast
            explaining -= 1
        }
        for (position, index) in list.range.enumerated() {
            guard position < Self.maxBranchReasons else {
                parts.append("and \(Int(list.count) - position) more")
                break
            }
            let before = sink.items.count
            var ignored = Annotations()
            _ = evaluate(Int(lists[index]), node, &ignored, collect: false)
            guard sink.items.count > before else { continue }
            let first = sink.items[before]
            sink.items.removeSubrange(before...)
            var reason = String(position)
            reason.reserveCapacity(first.instanceLocation.utf8.count + first.message.utf8.count + 32)
            reason += ": "
            if !first.instanceLocation.isEmpty {
                reason += first.instanceLocation
                reason += ": "
            }
            reason += first.message
            // Characters are counted only past as many bytes (no more bytes, no more characters).
            if reason.utf8.count > Self.maxBranchReasonLength && reason.count > Self.maxBranchReasonLength {
                reason = String(reason.prefix(Self.maxBranchReasonLength)) + "…"
            }
            reason += " ["
            reason += first.code.rawValue
            reason += "]"
            parts.append(reason)
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }
}
