public import Foundation

/// Sanitizes and validates one JSON record at a time: the engine of `sanitize filter`.
///
/// For each record it parses the bytes (strict RFC 8259), applies the `x-sanitize` steps of
/// the contract to the string values they annotate (or, without a contract, the policy's
/// steps to every string value), validates the result against the contract, and hands back
/// the sanitized record as minimal JSON together with any violations.
///
/// A `RecordFilter` is immutable and `Sendable`: build it once, share it between threads.
///
/// ```swift
/// let filter = try RecordFilter(contractAt: schemaURL)
/// var workspace = RecordFilter.Workspace()  // one per thread, reused for every record
/// let outcome = filter.process(line.utf8, in: &workspace)
/// if outcome.isValid { send(outcome.sanitized!) }
/// ```
public struct RecordFilter: Sendable {
    /// What became of one record.
    public struct Outcome: Sendable {
        /// The sanitized record as minimal JSON; `nil` when the record could not be parsed.
        public var sanitized: [UInt8]?
        /// Everything wrong with the record: parse errors, failed steps, contract violations.
        public var violations: [Violation]
        /// Whether the record passed.
        public var isValid: Bool { violations.isEmpty }

        /// An outcome from its parts (the command's report builds one for `--on-invalid annotate`).
        package init(sanitized: [UInt8]?, violations: [Violation]) {
            self.sanitized = sanitized
            self.violations = violations
        }
    }

    /// The contract records are checked against, if any.
    package let contract: Contract?
    /// Steps applied to every string value when there is no contract.
    package let stringSteps: [SanitizeStep]
    /// Parsing limits for records.
    package let limits: JSONLimits
    /// Where the contract's steps apply, when that follows from the schema's shape alone.
    private let plan: StepPlan?
    /// The one-pass check that lets most clean, valid records skip the general path, when
    /// the contract is made of keywords it reads.
    let shapeCheck: ShapeCheck?
    /// The check's scanner, asked per record (a plain value: no reference counting on a
    /// filter that several threads share); valid while `shapeCheck` holds the check.
    private let shapeScanner: ShapeCheck.Scanner?
    /// Whether the shape check locates faults (there is a contract to evaluate them): kept
    /// apart, since asking `contract` per record copies it (a retain per stored reference).
    private let locatesFaults: Bool
    /// The compiled violations of the faults the check locates where they follow from the
    /// fault's place and cause alone; `nil` without a contract's shape check.
    private let faultVerdicts: FaultVerdicts?

    /// Creates a filter for a contract given as a parsed schema.
    ///
    /// The schema is compiled into a ``Contract`` and its `x-sanitize` lists are compiled
    /// now, so that a bad step is reported once, at start-up, with its place.
    /// - Parameters:
    ///   - schema: the JSON Schema (2020-12, or draft-07 by `$schema`).
    ///   - resources: documents that `$ref`s may name.
    ///   - options: contract options (formats, draft, limits).
    ///   - limits: parsing limits for records.
    /// - Throws: ``SanitizeError`` from the contract compiler, or `configuration` for an
    ///   `x-sanitize` list that is not valid, located by JSON Pointer.
    public init(
        schema: JSONValue, resources: ContractResources = ContractResources(),
        options: Contract.Options = Contract.Options(), limits: JSONLimits = .default
    ) throws {
        try self.init(schema: schema, resources: resources, options: options, limits: limits, planning: true)
    }

    /// As the public initializer; `planning: false` always asks the evaluator where steps
    /// apply, and `shapeChecking: false` sends every record down the general path (tests
    /// compare the ways).
    init(
        schema: JSONValue, resources: ContractResources, options: Contract.Options, limits: JSONLimits, planning: Bool,
        shapeChecking: Bool = true
    ) throws {
        let contract = try Contract(schema: schema, resources: resources, options: options)
        self.init(contract: contract, limits: limits, planning: planning, shapeChecking: shapeChecking)
    }

    /// Creates a filter for a compiled contract (an OpenAPI component compiled for requests,
    /// say). The compiler has compiled its `x-sanitize` lists with the other keywords (a bad
    /// list is its error, located by JSON Pointer); everything here is derived from the
    /// compiled contract.
    package init(contract: Contract, limits: JSONLimits = .default, planning: Bool = true, shapeChecking: Bool = true) {
        let plan = planning ? contract.stepPlan() : nil
        self.contract = contract
        self.stringSteps = []
        self.limits = limits
        self.plan = plan
        self.shapeCheck = plan != nil && shapeChecking ? contract.shapeCheck(limits: limits) : nil
        shapeScanner = shapeCheck?.scanner
        locatesFaults = true
        faultVerdicts = shapeCheck.map { contract.faultVerdicts(for: $0) }
    }

    /// Creates a filter for a contract file.
    /// - Parameters:
    ///   - url: the schema file.
    ///   - resources: documents that `$ref`s may name.
    ///   - options: contract options.
    /// - Throws: ``SanitizeError`` naming the file, as ``init(schema:resources:options:limits:)``.
    public init(
        contractAt url: URL, resources: ContractResources = ContractResources(),
        options: Contract.Options = Contract.Options()
    ) throws {
        let file = url.path
        do {
            let schema = JSONValue(try JSONDocument(parsing: try FileBytes.read(path: file, what: "contract")))
            try self.init(schema: schema, resources: resources, options: options)
        } catch let error as SanitizeError {
            var location = error.location ?? .init()
            location.file = location.file ?? file
            throw SanitizeError(error.code, error.reason, at: location)
        } catch {
            throw SanitizeError(.io, "cannot read the contract", at: .init(file: file))
        }
    }

    /// Creates a filter without a contract: `stringSteps` run on every string value.
    /// - Parameters:
    ///   - stringSteps: the steps, in order.
    ///   - limits: parsing limits for records.
    package init(stringSteps: [SanitizeStep], limits: JSONLimits = .default) {
        self.init(stringSteps: stringSteps, limits: limits, shapeChecking: true)
    }

    /// As the public initializer; `shapeChecking: false` sends every record down the general
    /// path (tests compare both ways).
    init(stringSteps: [SanitizeStep], limits: JSONLimits, shapeChecking: Bool) {
        self.contract = nil
        self.stringSteps = stringSteps
        self.limits = limits
        self.plan = nil
        self.shapeCheck = shapeChecking ? ShapeCheck.build(policySteps: stringSteps, limits: limits) : nil
        shapeScanner = shapeCheck?.scanner
        locatesFaults = false
        faultVerdicts = nil
    }

    /// The filter `sanitize filter` uses without `--contract`: the compiled-in copy of
    /// `Rules/policy/filter-default.json`.
    public static func defaultPolicy() -> RecordFilter {
        // The compiled-in policy is checked by a test, so reading it cannot fail at run time.
        (try? policy(fromJSON: DefaultFilterPolicy.json)) ?? RecordFilter(stringSteps: [])
    }

    /// Reads a filter policy file: `{"stringSteps": [step, …]}` (plus an optional `$comment`).
    /// - Parameter text: the policy's JSON text.
    /// - Returns: a filter without a contract that applies those steps to every string.
    /// - Throws: ``SanitizeError`` `configuration` for an unknown key (its pointer and the keys
    ///   allowed) or a bad step.
    public static func policy(fromJSON text: String) throws(SanitizeError) -> RecordFilter {
        try policy(fromJSON: Array(text.utf8), file: nil)
    }

    /// Reads a filter policy file from its bytes (so that bad UTF-8 is refused, not repaired).
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - file: its path for error locations.
    /// - Returns: a filter without a contract that applies those steps to every string.
    /// - Throws: ``SanitizeError`` as `policy(fromJSON:)` does, naming the file, the
    ///   pointer, the line and the column.
    package static func policy(fromJSON bytes: [UInt8], file path: String?) throws(SanitizeError) -> RecordFilter {
        let file = try RuleFile(bytes: bytes, file: path, what: "filter policy file")
        var steps: [SanitizeStep] = []
        for (key, value) in try file.members(of: file.root, allowing: ["$comment", "stringSteps"]) where key == "stringSteps" {
            // A list of steps, or a single step (as `x-sanitize` accepts).
            let isList = file.document.kind(value.node) == .array
            steps = []
            for (index, item) in (isList ? try file.elements(value) : [value]).enumerated() {
                do {
                    steps.append(try SanitizeStep(file.tree(item)))
                } catch {
                    throw file.problem(isList ? "x-sanitize step \(index): \(error.reason)" : error.reason, at: item, code: error.code)
                }
            }
        }
        return RecordFilter(stringSteps: steps)
    }

    /// Sanitizes and validates one record with buffers reused from call to call: the fastest
    /// way to run many records on one thread (one workspace per thread).
    ///
    /// ```swift
    /// var workspace = RecordFilter.Workspace()
    /// let outcome = filter.process(line.utf8, in: &workspace)
    /// ```
    /// - Parameters:
    ///   - record: the record's bytes (one NDJSON line, without the newline): `[UInt8]`, `Data`,
    ///     `String.UTF8View`, any collection of bytes (contiguous ones are read in place).
    ///   - workspace: the reused buffers.
    /// - Returns: the sanitized record and its violations.
    @inlinable
    public func process(_ record: some Collection<UInt8>, in workspace: inout Workspace) -> Outcome {
        ContiguousInput.with(record) { process($0, in: &workspace) }
    }

    /// Sanitizes and validates one record with buffers reused from call to call: the fastest
    /// way to run many records on one thread (one workspace per thread).
    /// - Parameters:
    ///   - record: the record's bytes (one NDJSON line, without the newline).
    ///   - workspace: the reused buffers.
    /// - Returns: the sanitized record and its violations.
    @usableFromInline
    package func process(_ record: UnsafeRawBufferPointer, in workspace: inout Workspace) -> Outcome {
        let decision = decide(record, in: &workspace)
        var sanitized: [UInt8] = []
        sanitized.reserveCapacity(record.count + 16)
        let wrote = write(decision, record, from: workspace, to: &sanitized)
        return Outcome(sanitized: wrote ? sanitized : nil, violations: violations(of: decision, in: workspace))
    }

    /// Buffers reused from record to record on one thread: the parsed document, the lists of
    /// the step walk and the contract's violation sink, so that a record that passes allocates
    /// nothing but its output.
    public struct Workspace {
        package var document = JSONDocument.empty
        var applicable: [(node: Int, list: Int)] = []
        var pending: [(plan: Int, node: Int)] = []
        /// The values a locating shape scan left to the evaluator, and the objects and arrays
        /// the parser may step over (``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``).
        var faults: [UInt32] = []
        var skippable: [UInt32] = []
        /// The scan's one fault when it is a value that may be evaluated alone
        /// (``Contract/validate(leaf:value:limits:document:into:)``).
        var leaf = ShapeCheck.Leaf()
        /// The located string's bytes (between its quotes, with no escape), when a compiled
        /// violation's message shows the value (``FaultVerdicts/Verdict/showsValue``): rendered
        /// only when a message is written (``ReportedViolations``).
        var shown: [UInt8] = []
        /// The contract's violation sink with its instance-path and reference buffers (28 KiB),
        /// allocated the first time a record needs an evaluation (never, while every record
        /// passes the shape check: a one-record workspace costs no 28 KiB), then reused.
        private var allocatedSink: ViolationSink?

        /// The sink, when a record has needed it.
        var existingSink: ViolationSink? { allocatedSink }

        /// The sink, allocated on first use.
        var sink: ViolationSink {
            mutating get {
                if let allocatedSink { return allocatedSink }
                let sink = ViolationSink()
                allocatedSink = sink
                return sink
            }
        }

        /// Creates empty buffers.
        public init() {}
    }

    /// What ``decide(_:in:)`` made of a record: the verdict, taken before anything is written.
    package enum Decision {
        /// The record passed as it came (the shape check read it in one pass): its bytes are
        /// the sanitized record.
        case passedAsIs
        /// The record was parsed, sanitized and evaluated once; the workspace's document holds
        /// the sanitized record.
        case parsed(Findings)
        /// The record is not JSON (within the filter's limits).
        case unparsable(Violation)
        /// The shape check located the values that may fail and only they were evaluated
        /// (``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``): no step changes the record,
        /// so its bytes, parsed whole, are the sanitized record (the workspace's document is
        /// partial: the record parsed in part, or only its one located value).
        case located(Findings)
        /// The shape check located one fault whose violation is compiled (``FaultVerdicts``):
        /// the verdict's index. Nothing was evaluated, no step changes the record, and the scan
        /// read all of it as strict JSON without whitespace, so its bytes are the sanitized
        /// record (the workspace's document holds it parsed in part only when the caller asked
        /// for the document).
        case refusedAtScan(Int)

        /// Whether the record passed.
        package var isValid: Bool {
            switch self {
            case .passedAsIs, .parsed(.none), .located(.none): return true
            case .parsed, .located, .unparsable, .refusedAtScan: return false
            }
        }
    }

    /// What was found wrong with a record that parsed.
    package enum Findings {
        /// Nothing: it passed.
        case none
        /// A step refused a value (or, in a filter without a contract, a string step did).
        case refusedBySteps([Violation])
        /// The contract refused it; its violations are in the workspace's sink
        /// (``violations(of:in:)``, ``reportedViolations(of:in:)``).
        case refusedByContract
    }

    /// Everything wrong with a record, as ``Violation``s; empty when it passed.
    /// - Parameters:
    ///   - decision: what ``decide(_:in:needingDocument:)`` returned.
    ///   - workspace: the workspace it decided in, before the next record.
    package func violations(of decision: Decision, in workspace: Workspace) -> [Violation] {
        reportedViolations(of: decision, in: workspace).all
    }

    /// Everything wrong with a record, read where the decision left it: for a caller that
    /// writes the violations out as text, with no ``Violation`` built for those the contract
    /// found (``ViolationSink``).
    /// - Parameters:
    ///   - decision: what ``decide(_:in:needingDocument:)`` returned.
    ///   - workspace: the workspace it decided in, before the next record.
    package func reportedViolations(of decision: Decision, in workspace: borrowing Workspace) -> ReportedViolations {
        switch decision {
        case .passedAsIs, .parsed(.none), .located(.none): return ReportedViolations(listed: [])
        case .parsed(.refusedBySteps(let violations)), .located(.refusedBySteps(let violations)):
            return ReportedViolations(listed: violations)
        case .unparsable(let violation): return ReportedViolations(listed: [violation])
        case .parsed(.refusedByContract), .located(.refusedByContract):
            guard let contract, let sink = workspace.existingSink else { preconditionFailure("the contract refused the record into the sink") }
            return ReportedViolations(sink: sink, buffers: contract.buffers)
        case .refusedAtScan(let verdict):
            guard let contract, let faultVerdicts else { preconditionFailure("only a filter with fault verdicts refuses at the scan") }
            let compiled = faultVerdicts.verdicts[verdict]
            return ReportedViolations(
                verdict: compiled, pointer: workspace.leaf.pointer, shown: compiled.showsValue ? workspace.shown : [], buffers: contract.buffers)
        }
    }

    /// Calls `body` with the place of compiled violation `verdict` (``Decision/refusedAtScan(_:)``),
    /// the one violation of the record the workspace decided last: its instance location (a
    /// JSON Pointer's bytes) and the bytes of the string its message shows (empty where it
    /// shows none). The same verdict at the same place gives the same violation, word for word,
    /// so a writer of report lines may keep a line's end by its place.
    /// - Parameters:
    ///   - verdict: the decision's verdict.
    ///   - workspace: the workspace it decided in, before the next record (`inout` only so that
    ///     its buffers are lent to `body`, not copied: it is not changed).
    ///   - body: reads the place; the buffers are valid only during the call.
    package func withCompiledPlace<Result>(
        of verdict: Int, in workspace: inout Workspace, _ body: (_ pointer: [UInt8], _ shown: [UInt8]) -> Result
    ) -> Result {
        // Lent as they are kept: a place built of them retained and released each buffer per
        // record, each an atomic operation.
        if faultVerdicts?.showsValue[verdict] == true { return body(workspace.leaf.pointer, workspace.shown) }
        return body(workspace.leaf.pointer, [])
    }

    /// The code of compiled violation `verdict` (``Decision/refusedAtScan(_:)``).
    package func code(ofVerdict verdict: Int) -> Violation.Code {
        guard let faultVerdicts else { preconditionFailure("only a filter with fault verdicts refuses at the scan") }
        return faultVerdicts.codes[verdict]
    }

    /// Sanitizes and validates one record in a single pass, writing nothing: the steps are
    /// applied, then one evaluation decides and collects the violations into the workspace's
    /// reused sink. The caller writes what the verdict calls for (``write(_:_:from:to:)``).
    /// - Parameters:
    ///   - record: the record's bytes (one NDJSON line, without the newline).
    ///   - workspace: the reused buffers; afterwards its document holds the sanitized record
    ///     when the decision is ``Decision/parsed(_:)``, and the record parsed in part
    ///     or, unless `needingDocument`, only the located value when it is
    ///     ``Decision/located(_:)`` (and, with `needingDocument`, the record parsed in part when
    ///     it is ``Decision/refusedAtScan(_:)``).
    ///   - needingDocument: whether the caller reads the record from the workspace's document
    ///     afterwards (`--report-key`): a located record is then always parsed (in part).
    /// - Returns: the decision.
    package func decide(_ record: UnsafeRawBufferPointer, in workspace: inout Workspace, needingDocument: Bool = false) -> Decision {
        // A clean, valid record passes as it came, after one pass over its bytes.
        if let shapeScanner {
            if locatesFaults {
                // A fault with a compiled violation is answered at once, unless the caller reads
                // the record's document (which ``decideLocated(_:in:needingDocument:)`` parses).
                switch shapeScanner.locate(
                    record, faults: &workspace.faults, skippable: &workspace.skippable, leaf: &workspace.leaf,
                    verdicts: needingDocument ? nil : faultVerdicts)
                {
                case .passes: return .passedAsIs
                case .compiled(let verdict): return refusedAtScan(verdict, record, in: &workspace)
                case .faults: return decideLocated(record, in: &workspace, needingDocument: needingDocument)
                case .unsure: break
                }
            } else if shapeScanner.passes(record) {
                return .passedAsIs
            }
        }
        do throws(SanitizeError) {
            try workspace.document.reparse(record, limits: limits)
        } catch {
            return .unparsable(Contract.parseViolation(error))
        }
        var violations: [Violation] = []
        if let contract {
            // A failed step is the record's verdict; otherwise one evaluation decides and explains.
            let decided = applyContractSteps(contract, workspace: &workspace, violations: &violations)
            if violations.isEmpty {
                let sink = workspace.sink
                let valid = decided ?? contract.validate(workspace.document, into: sink)
                return .parsed(valid ? .none : .refusedByContract)
            }
        } else if !stringSteps.isEmpty {
            for node in workspace.document.stringValueNodes() {
                apply(stringSteps, at: node, of: &workspace.document, violations: &violations)
            }
        }
        return .parsed(violations.isEmpty ? .none : .refusedBySteps(violations))
    }

    /// Decides a record the locating shape scan has read (``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``):
    /// every step leaves it as it is, and only the located values need the evaluator, which
    /// reads them alone, so no step is applied, and the contract decides it from its one value
    /// alone or from a parse that steps over what the scan found valid
    /// (``Contract/validateLocated(_:faults:skippable:leaf:limits:keepingDocument:parsingInto:sink:)``).
    /// (Only a filter with a contract locates faults, ``locatesFaults``. The contract is read in
    /// place, not bound to a local: a copy of it is a retain and a release per record of the
    /// reference that every worker thread shares.)
    private func decideLocated(_ record: UnsafeRawBufferPointer, in workspace: inout Workspace, needingDocument: Bool) -> Decision {
        // One fault whose violation is compiled: nothing to evaluate, the record parsed (in
        // part) for the caller that reads it.
        if workspace.leaf.node >= 0, let verdict = faultVerdicts?.verdict(node: workspace.leaf.node, cause: workspace.leaf.cause) {
            do throws(SanitizeError) {
                try workspace.document.reparse(record, limits: limits, skipping: workspace.skippable, namesComparedOutside: workspace.faults)
            } catch {
                return .unparsable(Contract.parseViolation(error))
            }
            return refusedAtScan(verdict, record, in: &workspace)
        }
        let sink = workspace.sink
        let valid: Bool?
        do throws(SanitizeError) {
            valid = try contract?.validateLocated(
                record, faults: workspace.faults, skippable: workspace.skippable, leaf: workspace.leaf, limits: limits,
                keepingDocument: needingDocument, parsingInto: &workspace.document, sink: sink)
        } catch {
            return .unparsable(Contract.parseViolation(error))
        }
        guard let valid else { preconditionFailure("only a filter with a contract locates faults") }
        return .located(valid ? .none : .refusedByContract)
    }

    /// The decision for a record whose one fault has compiled violation `verdict`: the value
    /// its message shows, if it does, kept in the workspace.
    private func refusedAtScan<Bytes: RandomAccessCollection<UInt8>>(_ verdict: Int, _ record: Bytes, in workspace: inout Workspace) -> Decision
    where Bytes.Index == Int {
        if faultVerdicts?.showsValue[verdict] == true {
            // A string the scan read: its bytes between the quotes, with no escape.
            let value = workspace.leaf.value
            workspace.shown.removeAll(keepingCapacity: true)
            workspace.shown.append(contentsOf: record[value.lowerBound + 1..<value.upperBound - 1])
        }
        return .refusedAtScan(verdict)
    }

    /// Appends the sanitized record of a decision to `output`.
    /// - Parameters:
    ///   - decision: what ``decide(_:in:)`` returned for `record`.
    ///   - record: the record's bytes as given to ``decide(_:in:)``.
    ///   - workspace: the workspace ``decide(_:in:)`` filled.
    ///   - output: where the record goes.
    /// - Returns: `false` when there is no sanitized record (it is not JSON).
    @discardableResult
    package func write(
        _ decision: Decision, _ record: UnsafeRawBufferPointer, from workspace: borrowing Workspace, to output: inout [UInt8]
    ) -> Bool {
        switch decision {
        case .passedAsIs:
            output.append(contentsOf: record)
        case .parsed:
            workspace.document.write(to: &output)
        case .located:
            // Left as it came by every step, and JSON (it parsed): written as a whole parse
            // writes it. Without whitespace the record is that already: the parse read every
            // byte but what the scan read whole, with no whitespace (it leaves any to the
            // general path): the containers it stepped over, or all but the one located value.
            if workspace.document.isMinimalText {
                output.append(contentsOf: record)
                return true
            }
            guard let document = try? JSONDocument(parsing: record, limits: limits) else { return false }
            document.write(to: &output)
        case .refusedAtScan:
            output.append(contentsOf: record)
        case .unparsable:
            return false
        }
        return true
    }

    /// Sanitizes and validates one record given as bytes.
    /// - Parameter record: one JSON text.
    /// - Returns: the sanitized record and its violations.
    package func process(_ record: [UInt8]) -> Outcome {
        var workspace = Workspace()
        return process(record, in: &workspace)
    }

    /// Applies the contract's steps to the workspace's document.
    /// - Returns: the sanitized record's verdict when the evaluation that found the steps
    ///   already decided it (into the workspace's sink), `nil` when it still has to be evaluated.
    private func applyContractSteps(_ contract: Contract, workspace: inout Workspace, violations: inout [Violation]) -> Bool? {
        if let plan {
            // The lists are moved out and back, so that they keep their storage.
            var applicable: [(node: Int, list: Int)] = []
            var pending: [(plan: Int, node: Int)] = []
            swap(&applicable, &workspace.applicable)
            swap(&pending, &workspace.pending)
            defer {
                swap(&applicable, &workspace.applicable)
                swap(&pending, &workspace.pending)
            }
            applicable.removeAll(keepingCapacity: true)
            plan.forEachApplicable(in: workspace.document, pending: &pending) { applicable.append(($0, $1)) }
            for (node, list) in applicable {
                apply(plan.lists[list], guard: plan.guards[list], at: node, of: &workspace.document, violations: &violations)
            }
            return nil
        }
        return applyEvaluatedSteps(contract, workspace: &workspace, violations: &violations)
    }

    /// The steps of a contract without a plan, where its evaluator says they apply. That
    /// evaluation also decides the record as it came; when no step changes a value, its verdict
    /// and violations stand, and the record is evaluated once in all.
    /// - Returns: the verdict when it stands, else `nil`.
    private func applyEvaluatedSteps(_ contract: Contract, workspace: inout Workspace, violations: inout [Violation]) -> Bool? {
        let steps: [(node: Int, list: Int)]
        var verdict: Bool?
        if contract.options.stopAtFirstError {
            steps = contract.sanitizeSteps(for: workspace.document)  // a full evaluation lists more than the first error
        } else {
            let sink = workspace.sink
            (steps, verdict) = contract.sanitizeStepsAndValidate(workspace.document, into: sink)
        }
        var applied = Set<AppliedSteps>()  // a (node, list) pair reached twice runs once
        for (node, list) in steps where applied.insert(AppliedSteps(node: node, list: list)).inserted {
            if apply(contract.stepList(list), at: node, of: &workspace.document, violations: &violations) { verdict = nil }
        }
        return verdict
    }

    /// Whether two strings hold the same UTF-8 bytes (``bytesEqual(_:_:count:)``, a word at a time).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { left in b.withUTF8 { right in bytesEqual(left.baseAddress!, right.baseAddress!, count: left.count) } }
    }

    /// Runs a step list on the string at `node`.
    /// - Returns: whether the value changed.
    @discardableResult
    private func apply(
        _ steps: [SanitizeStep], guard asciiGuard: ASCIIStepGuard? = nil, at node: Int, of document: inout JSONDocument,
        violations: inout [Violation]
    ) -> Bool {
        // Most values are already what every step would make of them: no String to build.
        // An unescaped string has no byte below U+0020, as the guard asks.
        if document.isUnescapedString(node),
            document.withStringBytes(node, { bytes in
                if let asciiGuard, let hasDelete = ASCIIStepGuard.asciiHasDelete(bytes),
                    asciiGuard.leavesUnchanged(bytes, hasDelete: hasDelete)
                {
                    return true
                }
                let profile = TextProfile(utf8: bytes)
                return steps.allSatisfy { $0.leavesUnchanged(profile, utf8: bytes) }
            })
        {
            return false
        }
        guard document.kind(node) == .string, let original = document.string(node) else { return false }
        var text = original
        do throws(SanitizeError) {
            for step in steps { text = try step.apply(to: text) }
        } catch {
            let reason = error.reason
            violations.append(
                Violation(
                    instanceLocation: document.pointer(to: node), keywordLocation: "", absoluteKeywordLocation: "",
                    code: .sanitizeStepFailed, message: "x-sanitize step failed: \(reason)"))
            return false
        }
        // Compare bytes: `==` on strings is canonical equivalence, which would hide NFC/NFKC changes.
        guard !Self.sameBytes(text, original) else { return false }
        document.setString(text, at: node)
        return true
    }
}

/// One step list applied at one node, for running each pair once.
private struct AppliedSteps: Hashable {
    var node: Int
    var list: Int
}

extension Violation.Code {
    /// An `x-sanitize` step refused the value (for example a NUL byte for `strip sql`).
    package static let sanitizeStepFailed = Self(rawValue: "sanitize-step-failed")
    /// A record longer than the filter's `--max-record-bytes`.
    package static let recordTooLarge = Self(rawValue: "record-too-large")
}
