extension ShapeCheck {
    /// Builds the check for a filter without a contract: any JSON passes whose string values
    /// (not member names) every one of `steps` leaves as they are.
    /// - Parameters:
    ///   - steps: the policy's steps.
    ///   - limits: the record parser's limits.
    /// - Returns: the check, which owns its tables.
    static func build(policySteps steps: [SanitizeStep], limits: JSONLimits) -> ShapeCheck {
        var policy = Node()  // node 1, the root: any value; members and elements are node 1 again
        policy.openMembers = 1
        policy.items = 1
        policy.steps = steps.isEmpty ? -1 : 0
        return ShapeCheck(
            nodes: [Node(), policy], properties: [], patterns: [], stepLists: steps.isEmpty ? [] : [steps], limits: limits)
    }
}
