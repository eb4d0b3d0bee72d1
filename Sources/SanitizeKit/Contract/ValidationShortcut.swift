/// The one-pass shape check of a compiled contract, set up for plain validation: an instance
/// it passes is valid, with nothing to report; for any other the caller runs the contract's
/// evaluator. `x-sanitize` is an annotation here, since no step runs. ``Contract`` builds it
/// once, from its compiled program, and takes it in ``Contract/validate(_:)-(UnsafeRawBufferPointer)``
/// and ``ContractValidator/validateQuickly(_:)``.
struct ValidationShortcut: @unchecked Sendable {
    /// The check, owner of the tables `scanner` reads.
    let check: ShapeCheck
    /// The check's scanner, for passing and locating faults (``ShapeCheck/Scanner``): asked
    /// with no reference counting, since a contract is often shared by several threads.
    let scanner: ShapeCheck.Scanner

    /// The shortcut for a compiled contract, or `nil` when the contract uses a keyword the
    /// shape check does not read (see ``ShapeCheck``).
    /// - Parameters:
    ///   - program: the compiled contract.
    ///   - limits: the instance parser's limits (a deeper or longer instance is "not sure").
    init?(program: ContractProgram, limits: JSONLimits) {
        guard let check = ShapeCheck.build(program: program, withSteps: false, limits: limits) else { return nil }
        self.check = check
        scanner = check.scanner
    }

    /// Whether the instance is certainly valid; `false` means "not sure".
    /// - Parameter instance: one JSON text.
    func passes(_ instance: UnsafeRawBufferPointer) -> Bool {
        scanner.passes(instance)
    }

}
