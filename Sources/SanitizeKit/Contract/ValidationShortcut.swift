/// The one-pass shape check of a compiled contract, set up for plain validation: an instance
/// it passes is valid, with nothing to report; for any other the caller runs the contract's
/// evaluator. `x-sanitize` is an annotation here, since no step runs. ``Contract`` builds it
/// once, from its compiled program, and takes it in ``Contract/validate(_:)-(UnsafeRawBufferPointer)``
/// and ``ContractValidator/validateQuickly(_:)``.
struct ValidationShortcut: @unchecked Sendable {
    /// The check, for locating faults too (``ShapeCheck/locate(_:faults:skippable:)``).
    let check: ShapeCheck

    /// The shortcut for a compiled contract, or `nil` when the contract uses a keyword the
    /// shape check does not read (see ``ShapeCheck``).
    /// - Parameters:
    ///   - program: the compiled contract.
    ///   - limits: the instance parser's limits (a deeper or longer instance is "not sure").
    init?(program: ContractProgram, limits: JSONLimits) {
        guard let check = ShapeCheck.build(program: program, withSteps: false, limits: limits) else { return nil }
        self.check = check
    }

    /// Whether the instance is certainly valid; `false` means "not sure".
    /// - Parameter instance: one JSON text.
    func passes(_ instance: UnsafeRawBufferPointer) -> Bool {
        check.passes(instance)
    }

}
