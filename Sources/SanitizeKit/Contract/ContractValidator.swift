/// A per-thread validator that reuses its buffers: the parsed document, the node array and the
/// evaluation scratch space. After warm-up, validating a valid record allocates nothing.
///
/// ```swift
/// var validator = contract.makeValidator()
/// for line in lines { if !validator.isValid(line) { … } }
/// ```
/// A `ContractValidator` is not shared between threads; make one per worker (the
/// ``Contract`` itself is shared).
public struct ContractValidator {
    /// The contract this validator applies.
    package let contract: Contract
    /// The most recently parsed instance (after ``validate(_:)`` or ``isValid(_:)``).
    package private(set) var document: JSONDocument
    private var scope: [Int] = []
    private let sink = ViolationSink()
    /// The values a locating shape scan left to the evaluator, and the objects and arrays the
    /// parser may step over (``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``).
    private var faults: [UInt32] = []
    private var skippable: [UInt32] = []
    /// The scan's one fault when it is a value that evaluates alone
    /// (``Contract/validate(leaf:value:limits:document:into:)``).
    private var leaf = ShapeCheck.Leaf()

    /// Creates a validator for a contract.
    /// - Parameter contract: the compiled contract.
    package init(contract: Contract) {
        self.contract = contract
        // An empty placeholder; every call parses into it first.
        self.document = JSONDocument.empty
        scope.reserveCapacity(8)
    }

    /// Parses and validates one JSON text, collecting violations per the contract's options.
    ///
    /// ```swift
    /// var validator = contract.makeValidator()
    /// let result = validator.validate(Array(#"{"id":7}"#.utf8))
    /// ```
    /// - Parameter bytes: the instance's JSON text: `[UInt8]`, `Data`, `String.UTF8View`, any
    ///   collection of bytes (contiguous ones are read in place).
    /// - Returns: the verdict and violations (a parse failure is one violation at the root).
    @inlinable
    public mutating func validate(_ bytes: some Collection<UInt8>) -> ValidationResult {
        ContiguousInput.with(bytes) { validate($0) }
    }

    /// Parses and validates one JSON text, collecting violations per the contract's options.
    /// - Parameter bytes: the instance's JSON text.
    /// - Returns: the verdict and violations (a parse failure is one violation at the root).
    @usableFromInline
    package mutating func validate(_ bytes: UnsafeRawBufferPointer) -> ValidationResult {
        do {
            try document.reparse(bytes, limits: contract.options.limits)
        } catch {
            return ValidationResult(isValid: false, violations: [Contract.parseViolation(error)])
        }
        return validateDocument(quiet: false)
    }

    /// As ``validate(_:)``, but an instance that the contract's one-pass check passes (most
    /// valid ones, when the contract is made of the common keywords) is not parsed: then
    /// ``document`` is left as it was, and one it finds faults in is parsed only in part (the
    /// values the evaluator reads), or not at all when its one fault is a value that evaluates
    /// alone (then ``document`` holds that value alone).
    /// - Parameter bytes: the instance's JSON text (contiguous bytes are read in place).
    /// - Returns: the verdict and violations, as ``validate(_:)`` gives them.
    package mutating func validateQuickly(_ bytes: some Collection<UInt8>) -> ValidationResult {
        let (isValid, violations) = ContiguousInput.with(bytes) { decideQuickly($0) }
        return ValidationResult(isValid: isValid, violations: isValid ? [] : violations.all)
    }

    /// As ``validateQuickly(_:)``, leaving the violations where the evaluation put them: for a
    /// caller that writes them out as text, with no ``Violation`` built. What `sanitize
    /// validate` runs per line.
    /// - Parameter bytes: the instance's JSON text.
    /// - Returns: the verdict, and the violations until the next call (a parse failure is one
    ///   violation at the root).
    package mutating func decideQuickly(_ bytes: UnsafeRawBufferPointer) -> (isValid: Bool, violations: ReportedViolations) {
        do throws(SanitizeError) {
            if let shortcut = contract.buffers.shortcut {
                switch shortcut.scanner.locate(bytes, faults: &faults, skippable: &skippable, leaf: &leaf) {
                case .passes:
                    return (true, ReportedViolations(listed: []))
                case .faults:
                    // Only the located values are evaluated; the verdict and violations are the same.
                    let valid = try contract.validateLocated(
                        bytes, faults: faults, skippable: skippable, leaf: leaf, limits: contract.options.limits,
                        parsingInto: &document, sink: sink)
                    return (valid, ReportedViolations(sink: sink, buffers: contract.buffers))
                case .compiled:
                    preconditionFailure("answered only to a caller that gives the verdicts")
                case .unsure:
                    break
                }
            }
            try document.reparse(bytes, limits: contract.options.limits)
        } catch {
            return (false, ReportedViolations(listed: [Contract.parseViolation(error)]))
        }
        return (decideDocument(quiet: false), ReportedViolations(sink: sink, buffers: contract.buffers))
    }

    /// ``isValid(_:)``, passing most valid instances in one read of their bytes when the
    /// contract has a validation shortcut (the same verdict, sooner; `document` is then not
    /// updated).
    /// - Parameter bytes: the instance's JSON text.
    /// - Returns: whether it is valid JSON that satisfies the contract.
    package mutating func isValidQuickly(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let shortcut = contract.buffers.shortcut, shortcut.passes(bytes) { return true }
        return isValid(bytes)
    }

    /// Parses and checks one JSON text, stopping at the first violation and building no message.
    /// - Parameter bytes: the instance's JSON text: `[UInt8]`, `Data`, `String.UTF8View`, any
    ///   collection of bytes (contiguous ones are read in place).
    /// - Returns: whether it is valid JSON that satisfies the contract.
    @inlinable
    public mutating func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        ContiguousInput.with(bytes) { isValid($0) }
    }

    /// Parses and checks one JSON text, stopping at the first violation and building no message.
    /// - Parameter bytes: the instance's JSON text.
    /// - Returns: whether it is valid JSON that satisfies the contract.
    @usableFromInline
    package mutating func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        do {
            try document.reparse(bytes, limits: contract.options.limits)
        } catch {
            return false
        }
        return decideDocument(quiet: true)
    }

    /// Validates the current ``document`` again (e.g. after the caller changed it with
    /// ``JSONDocument/setString(_:at:)`` through ``withDocument(_:)``).
    /// - Returns: the verdict and violations.
    package mutating func revalidate() -> ValidationResult {
        validateDocument(quiet: false)
    }

    /// Lets the caller change the parsed document in place (for sanitizing steps).
    /// - Parameter body: receives the document.
    /// - Returns: what `body` returns.
    package mutating func withDocument<R>(_ body: (inout JSONDocument) throws -> R) rethrows -> R {
        try body(&document)
    }

    private mutating func validateDocument(quiet: Bool) -> ValidationResult {
        let valid = decideDocument(quiet: quiet)
        return ValidationResult(isValid: valid, violations: valid ? [] : sink.violations(in: contract.buffers))
    }

    /// Evaluates the current ``document``, its violations left in the sink.
    private mutating func decideDocument(quiet: Bool) -> Bool {
        sink.removeAll()
        // Moved out, not copied: `removeAll(keepingCapacity:)` below must find the buffer
        // uniquely referenced, or it allocates a new one for every instance.
        var scope: [Int] = []
        swap(&scope, &self.scope)
        let root = contract.program.root
        let valid = Evaluator.with(
            buffers: contract.buffers, document: document, failFast: quiet || contract.options.stopAtFirstError, sink: sink
        ) { evaluator in
            if quiet { evaluator.quiet = 1 }
            swap(&evaluator.dynamicScope, &scope)
            var annotations = Annotations()
            let valid = evaluator.evaluate(root, 0, &annotations, collect: false)
            swap(&evaluator.dynamicScope, &scope)
            return valid
        }
        if !scope.isEmpty { scope.removeAll(keepingCapacity: true) }
        self.scope = scope
        return valid
    }
}

extension Contract {
    /// A validator with reusable buffers, for validating many instances on one thread.
    /// - Returns: a new validator.
    public func makeValidator() -> ContractValidator {
        ContractValidator(contract: self)
    }
}
