/// The fast paths of a compiled contract, each derived from its compiled program (never from
/// the schema's JSON): the validation shortcut (held by ``ProgramBuffers``), and for the
/// record filter the step plan and the shape check with steps.
extension Contract {
    /// Where the contract's `x-sanitize` steps apply, when that follows from the compiled
    /// schemas' shape alone (see ``StepPlan``); `nil` when the evaluator must say.
    func stepPlan() -> StepPlan? {
        StepPlan(program: program)
    }

    /// The filter's one-pass check, derived from the compiled contract (see ``ShapeCheck``).
    /// - Parameters:
    ///   - limits: the record parser's limits.
    /// - Returns: the check (which owns its tables), or `nil` when the contract uses a keyword
    ///   the check does not read.
    func shapeCheck(limits: JSONLimits) -> ShapeCheck? {
        ShapeCheck.build(program: program, withSteps: true, limits: limits)
    }
}
