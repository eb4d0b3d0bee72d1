/// The fast paths of a compiled contract, each derived from its compiled program (never from
/// the schema's JSON): the validation shortcut (held by ``ProgramBuffers``), and for the
/// record filter the step plan, the `x-sanitize` values and the shape check with steps.
extension Contract {
    /// Where the contract's `x-sanitize` steps apply, when that follows from the compiled
    /// schemas' shape alone (see ``StepPlan``); `nil` when the evaluator must say.
    func stepPlan() -> StepPlan? {
        StepPlan(program: program)
    }

    /// Every `x-sanitize` value the compiled contract holds, once each, with the JSON Pointer
    /// of the schema that holds it inside its document, in compiled order.
    func stepValues() -> [(pointer: String, value: JSONValue)] {
        var seen = Set<JSONValue>()
        var found: [(pointer: String, value: JSONValue)] = []
        for (index, schema) in program.schemas.enumerated() where schema.kind == .checks && schema.sanitizeSteps >= 0 {
            let value = program.sanitizeSteps[Int(schema.sanitizeSteps)]
            if seen.insert(value).inserted { found.append((program.locations[index].documentPointer, value)) }
        }
        return found
    }

    /// The filter's one-pass check, derived from the compiled contract (see ``ShapeCheck``).
    /// - Parameters:
    ///   - stepLists: every value of ``stepValues()``, compiled.
    ///   - limits: the record parser's limits.
    /// - Returns: the check (which owns its tables), or `nil` when the contract uses a keyword
    ///   the check does not read.
    func shapeCheck(stepLists: [JSONValue: [SanitizeStep]], limits: JSONLimits) -> ShapeCheck? {
        ShapeCheck.build(program: program, stepLists: stepLists, limits: limits)
    }
}
