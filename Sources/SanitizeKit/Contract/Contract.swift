public import Foundation

/// A JSON Schema compiled once into an immutable validator that any thread may share.
///
/// Supports draft 2020-12 (the default), 2019-09, draft-07, draft-06 and draft-04, chosen per
/// resource by `$schema` (see ``Draft``).
/// Remote references are never fetched: register documents with ``ContractResources``.
///
/// ```swift
/// let contract = try Contract(schema: #"{"type":"object","required":["id"]}"#)
/// let result = contract.validate(#"{"id":7}"#)
/// if !result.isValid { print(result.violations) }
/// ```
public struct Contract: Sendable {
    /// How a contract is compiled and applied.
    public struct Options: Sendable {
        /// Check `format` as an assertion (`date`, `email`, `uri`, …). The default, `true`, is
        /// what `sanitize filter` and `sanitize validate` do: a sanitizer refuses a malformed
        /// date. `false` makes `format` an annotation, the JSON Schema 2020-12 default (§7.2.1).
        public var assertFormats: Bool
        /// Report every violation (default) or stop at the first one.
        public var stopAtFirstError: Bool
        /// The dialect of schemas without `$schema` (default 2020-12).
        public var defaultDraft: Draft
        /// The base URI of the root schema (its retrieval URI, RFC 3986 §5.1.3): an absolute
        /// `$id` in the root replaces it, a relative one resolves against it, and relative
        /// `$ref`s resolve against it even where the root's `$id` is ignored (beside `$ref` in
        /// draft-04 to draft-07). The command's `validate --base-uri`.
        public var baseURI: String
        /// Parser limits for instances.
        public var limits: JSONLimits

        /// Creates options.
        /// - Parameters:
        ///   - assertFormats: check `format` as an assertion (default `true`).
        ///   - stopAtFirstError: stop at the first violation.
        ///   - defaultDraft: dialect of schemas without `$schema`.
        ///   - baseURI: base URI of the root schema.
        ///   - limits: parser limits for instances.
        public init(
            assertFormats: Bool = true, stopAtFirstError: Bool = false, defaultDraft: Draft = .draft2020_12,
            baseURI: String = "urn:sanitize:contract", limits: JSONLimits = .default
        ) {
            self.assertFormats = assertFormats
            self.stopAtFirstError = stopAtFirstError
            self.defaultDraft = defaultDraft
            self.baseURI = baseURI
            self.limits = limits
        }
    }

    /// The compiled program and its flat copies, in one reference: a `Contract` is copied
    /// wherever it is passed (a record filter does it per record), and copying one reference
    /// is cheaper than retaining each of the program's arrays.
    let buffers: ProgramBuffers
    /// The compiled program.
    @inline(__always) var program: ContractProgram { buffers.program }
    /// The options the contract was compiled with.
    package let options: Options

    /// Compiles a schema.
    /// - Parameters:
    ///   - schema: the schema as a parsed value.
    ///   - resources: documents that `$ref`s may name (nothing is fetched).
    ///   - options: compile and validation options.
    /// - Throws: ``SanitizeError`` (``SanitizeError/Code/contractInvalid``,
    ///   ``SanitizeError/Code/contractUnresolvedRef``, ``SanitizeError/Code/contractUnknownDialect``,
    ///   ``SanitizeError/Code/contractDuplicateResource``) when the schema cannot be compiled.
    public init(schema: JSONValue, resources: ContractResources = ContractResources(), options: Options = Options()) throws(SanitizeError) {
        guard URIReference(options.baseURI).scheme != nil else {
            throw SanitizeError(.contractInvalid, "the base URI \(JSONValue.string(options.baseURI).jsonText) is not an absolute URI (it needs a scheme, as in https://example.com/schema.json)")
        }
        var compiler = ContractCompiler(options: options)
        try compiler.checkClaims(root: schema, registered: resources.documents)
        // Registered documents, then the bundled meta-schemas (a registered copy wins), are
        // indexed when a reference or `$schema` reaches them, in the referrer's dialect
        // unless they name their own.
        for (uri, document) in resources.documents { compiler.addPending(document: document, uri: uri) }
        for (uri, document) in MetaSchemas.documents { compiler.addPending(document: document, uri: uri) }
        compiler.index(document: schema, uri: options.baseURI)
        buffers = ProgramBuffers(try compiler.compileRoot(uri: options.baseURI), limits: options.limits)
        self.options = options
    }

    /// Compiles a schema from JSON text.
    /// - Parameters:
    ///   - schema: the schema's JSON text.
    ///   - resources: documents that `$ref`s may name.
    ///   - options: compile and validation options.
    /// - Throws: ``SanitizeError`` when the text is not JSON or the schema cannot be compiled.
    public init(schema: String, resources: ContractResources = ContractResources(), options: Options = Options()) throws(SanitizeError) {
        try self.init(schema: try JSONValue(parsing: schema), resources: resources, options: options)
    }

    /// Compiles a schema from JSON bytes.
    /// - Parameters:
    ///   - schema: the schema's JSON bytes.
    ///   - resources: documents that `$ref`s may name.
    ///   - options: compile and validation options.
    /// - Throws: ``SanitizeError`` when the bytes are not JSON or the schema cannot be compiled.
    public init(schema: Data, resources: ContractResources = ContractResources(), options: Options = Options()) throws(SanitizeError) {
        try self.init(schema: JSONValue(try JSONDocument(parsing: [UInt8](schema))), resources: resources, options: options)
    }

    /// Compiles a schema file.
    /// - Parameters:
    ///   - url: the schema file.
    ///   - resources: documents that `$ref`s may name.
    ///   - options: compile and validation options.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/io`` when the file cannot be
    ///   read, or as ``init(schema:resources:options:)-(JSONValue,_,_)``, located at the file.
    public init(contentsOf url: URL, resources: ContractResources = ContractResources(), options: Options = Options()) throws(SanitizeError) {
        self = try Self.compile(contentsOf: url, resources: resources, options: options).contract
    }

    /// Reads and compiles a schema file, as ``init(contentsOf:resources:options:)``, and hands
    /// back the parsed schema too, for callers that build more from it than the contract.
    package static func compile(
        contentsOf url: URL, resources: ContractResources, options: Options
    ) throws(SanitizeError) -> (contract: Contract, schema: JSONValue) {
        let data = try FileBytes.read(path: url.path, what: "schema")
        do {
            let schema = JSONValue(try JSONDocument(parsing: data))
            return (try Contract(schema: schema, resources: resources, options: options), schema)
        } catch {
            throw error.located(inFile: url.path)
        }
    }

    // MARK: validating

    /// Validates a parsed instance.
    /// - Parameter document: the instance.
    /// - Returns: the verdict and, when invalid, the violations.
    package func validate(_ document: JSONDocument) -> ValidationResult {
        Evaluator.with(buffers: buffers, document: document, failFast: options.stopAtFirstError) { evaluator in
            var annotations = Annotations()
            let valid = evaluator.evaluate(program.root, document.root, &annotations, collect: false)
            return ValidationResult(isValid: valid, violations: evaluator.violations)
        }
    }

    /// Validates a parsed instance into a sink reused across instances: one evaluation that
    /// decides and, when the instance fails, leaves its violations in `sink` (as
    /// ``validate(_:)-(JSONDocument)`` reports them).
    /// - Parameters:
    ///   - document: the instance.
    ///   - sink: the reused sink; its violations are replaced.
    /// - Returns: whether the instance is valid.
    func validate(_ document: JSONDocument, into sink: ViolationSink) -> Bool {
        sink.removeAll()
        return Evaluator.with(buffers: buffers, document: document, failFast: options.stopAtFirstError, sink: sink) { evaluator in
            var annotations = Annotations()
            return evaluator.evaluate(program.root, document.root, &annotations, collect: false)
        }
    }

    /// As ``validate(_:into:)`` for an instance that a locating shape scan has read
    /// (``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``): only the values that overlap `faults` are evaluated,
    /// every other member or element being valid already. The verdict and the violations, in
    /// their order, are those of the whole evaluation.
    /// - Parameters:
    ///   - document: the instance, parsed from the bytes the scan read.
    ///   - sink: the reused sink; its violations are replaced.
    ///   - faults: the scan's faults, two offsets each (not empty).
    /// - Returns: whether the instance is valid.
    func validate(_ document: JSONDocument, into sink: ViolationSink, faults: [UInt32]) -> Bool {
        sink.removeAll()
        return Evaluator.with(buffers: buffers, document: document, failFast: options.stopAtFirstError, sink: sink) { evaluator in
            evaluator.faults = faults
            var annotations = Annotations()
            return evaluator.evaluate(program.root, document.root, &annotations, collect: false)
        }
    }

    /// Whether a parsed instance is valid (stops at the first violation; builds no messages).
    /// - Parameter document: the instance.
    /// - Returns: `true` when valid.
    package func isValid(_ document: JSONDocument) -> Bool {
        Evaluator.with(buffers: buffers, document: document, failFast: true) { evaluator in
            var annotations = Annotations()
            evaluator.quiet = 1
            return evaluator.evaluate(program.root, document.root, &annotations, collect: false)
        }
    }

    /// Parses and validates JSON bytes. Text that is not JSON is reported as a violation with
    /// code `json-syntax` (or the parser's code) at the root.
    ///
    /// When the contract is made of the common keywords, most valid instances are passed in
    /// one read of their bytes, without parsing, and most invalid ones are evaluated only where
    /// that read found them failing (the same verdict and violations, sooner:
    /// ``ContractValidator/validateQuickly(_:)``).
    /// - Parameter bytes: the instance's JSON text.
    /// - Returns: the verdict and violations.
    package func validate(_ bytes: UnsafeRawBufferPointer) -> ValidationResult {
        if let shortcut = buffers.shortcut {
            var faults: [UInt32] = []
            var skippable: [UInt32] = []
            var leaf = ShapeCheck.Leaf()
            switch shortcut.scanner.locate(bytes, faults: &faults, skippable: &skippable, leaf: &leaf) {
            case .passes:
                return ValidationResult(isValid: true, violations: [])
            case .faults:
                var document = JSONDocument.empty
                let sink = ViolationSink()
                return ValidationResult(sink: sink, buffers: buffers) { () throws(SanitizeError) in
                    try validateLocated(
                        bytes, faults: faults, skippable: skippable, leaf: leaf, limits: options.limits, parsingInto: &document,
                        sink: sink)
                }
            case .compiled:
                preconditionFailure("answered only to a caller that gives the verdicts")
            case .unsure:
                break
            }
        }
        do {
            return validate(try JSONDocument(parsing: bytes, limits: options.limits))
        } catch {
            return ValidationResult(isValid: false, violations: [Contract.parseViolation(error)])
        }
    }

    /// Decides an instance in which the shape check located faults
    /// (``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``): from its one fault alone when it
    /// is a value that evaluates alone (``validate(leaf:value:limits:document:into:)``), otherwise
    /// parsed in part and evaluated only where the faults are (``validate(_:into:faults:)``).
    /// What `sanitize validate` and `sanitize filter` both run for such an instance.
    /// - Parameters:
    ///   - bytes: the instance's JSON text, as the scan read it.
    ///   - faults: the scan's faults.
    ///   - skippable: the objects and arrays the scan read without a fault.
    ///   - leaf: the scan's one fault, when it evaluates alone.
    ///   - limits: the parser's limits.
    ///   - keepingDocument: whether `document` must hold the instance (parsed in part) afterwards
    ///     even when its one value decided it (the filter's `--report-key` reads it there).
    ///   - document: the document to parse into (reused).
    ///   - sink: the sink to collect into; it holds the violations when it is invalid.
    /// - Returns: whether the instance is valid, as a whole evaluation decides.
    /// - Throws: the parser's error when the instance is not JSON within `limits`.
    func validateLocated(
        _ bytes: UnsafeRawBufferPointer, faults: [UInt32], skippable: [UInt32], leaf: ShapeCheck.Leaf, limits: JSONLimits,
        keepingDocument: Bool = false, parsingInto document: inout JSONDocument, sink: ViolationSink
    ) throws(SanitizeError) -> Bool {
        var decidedAlone: Bool?
        if leaf.schema >= 0, leaf.value.upperBound <= bytes.count,
            let valid = validate(leaf: leaf, value: bytes[leaf.value], limits: limits, document: &document, into: sink)
        {
            guard keepingDocument else { return valid }
            decidedAlone = valid
        }
        try document.reparse(bytes, limits: limits, skipping: skippable, namesComparedOutside: faults)
        return decidedAlone ?? validate(document, into: sink, faults: faults)
    }

    /// Parses and validates JSON bytes.
    /// - Parameter data: the instance's JSON text.
    /// - Returns: the verdict and violations.
    public func validate(_ data: Data) -> ValidationResult {
        ContiguousInput.with(data) { validate($0) }
    }

    /// Parses and validates a JSON string.
    /// - Parameter text: the instance's JSON text.
    /// - Returns: the verdict and violations.
    public func validate(_ text: String) -> ValidationResult {
        ContiguousInput.with(text.utf8) { validate($0) }
    }

    static func parseViolation(_ error: SanitizeError) -> Violation {
        Violation(
            instanceLocation: "", keywordLocation: "", absoluteKeywordLocation: "",
            code: Violation.Code(rawValue: error.code.rawValue),
            message: "not valid JSON: \(error.reason)" + (error.location.map { " (\($0))" } ?? ""))
    }

    /// The `x-sanitize` lists of the schemas that apply to each node of an instance.
    ///
    /// The instance is evaluated once; every schema reached that has an `x-sanitize` keyword
    /// contributes `(node, list)`, in evaluation order, whether or not the instance is valid.
    /// The NDJSON filter applies these steps to string nodes and validates the result.
    /// - Parameter document: the instance.
    /// - Returns: pairs of instance node index and the compiled list's index (``stepList(_:)``).
    package func sanitizeSteps(for document: JSONDocument) -> [(node: Int, list: Int)] {
        guard !program.stepLists.isEmpty else { return [] }
        let steps = Evaluator.with(buffers: buffers, document: document, failFast: false) { evaluator in
            evaluator.collectSteps = true
            evaluator.quiet = 1
            var annotations = Annotations()
            _ = evaluator.evaluate(program.root, document.root, &annotations, collect: false)
            return evaluator.steps
        }
        return steps.map { ($0.node, $0.steps) }
    }

    /// The `x-sanitize` lists that apply to each node of an instance (as ``sanitizeSteps(for:)``)
    /// and, from the same evaluation, the instance's verdict and violations as it stands, before
    /// any step runs: when no step changes a value, that is the verdict of the sanitized
    /// instance too, and no second evaluation is needed.
    ///
    /// Collecting steps goes on past failures, so the violations are those of a full
    /// evaluation; with ``Options/stopAtFirstError`` use ``sanitizeSteps(for:)`` and
    /// ``validate(_:into:)`` instead.
    /// - Parameters:
    ///   - document: the instance.
    ///   - sink: the reused sink; its violations are replaced by the instance's.
    /// - Returns: the (node, list) pairs in evaluation order, and whether the instance is valid.
    func sanitizeStepsAndValidate(_ document: JSONDocument, into sink: ViolationSink) -> (steps: [(node: Int, list: Int)], valid: Bool) {
        sink.removeAll()
        let (steps, valid) = Evaluator.with(buffers: buffers, document: document, failFast: false, sink: sink) { evaluator in
            evaluator.collectSteps = true
            var annotations = Annotations()
            let valid = evaluator.evaluate(program.root, document.root, &annotations, collect: false)
            return (evaluator.steps, valid)
        }
        return (steps.map { ($0.node, $0.steps) }, valid)
    }

    /// Whether the contract has any `x-sanitize` keyword at all.
    /// Every schema an evaluation enters, with the instance node it is entered at: the
    /// evaluation that collects `x-sanitize` steps (it goes on past failures), recording all.
    /// Tests hold the static reach of the applicators (``ContractProgram/schemasApplying(along:)``)
    /// to it.
    /// - Parameter document: the instance.
    /// - Returns: (node, schema index) pairs in the order entered.
    package func schemasEntered(for document: JSONDocument) -> [(node: Int, schema: Int)] {
        Evaluator.with(buffers: buffers, document: document, failFast: false) { evaluator in
            evaluator.collectSteps = true
            evaluator.traceSchemas = true
            evaluator.quiet = 1
            var annotations = Annotations()
            _ = evaluator.evaluate(program.root, document.root, &annotations, collect: false)
            return evaluator.trace
        }
    }

    package var hasSanitizeSteps: Bool { !program.stepLists.isEmpty }

    /// A compiled `x-sanitize` list, by the index ``sanitizeSteps(for:)`` gives.
    package func stepList(_ index: Int) -> [SanitizeStep] { program.stepLists[index] }
}

extension ValidationResult {
    /// The result of a verdict that `decide` collects into `sink` (as
    /// ``Contract/validateLocated(_:faults:skippable:leaf:limits:keepingDocument:parsingInto:sink:)``
    /// does): the sink's violations, or the parse error's when it throws (what `sanitize
    /// validate` and ``Contract/validate(_:)`` report).
    init(sink: ViolationSink, buffers: ProgramBuffers, _ decide: () throws(SanitizeError) -> Bool) {
        do throws(SanitizeError) {
            let valid = try decide()
            self.init(isValid: valid, violations: valid ? [] : sink.violations(in: buffers))
        } catch {
            self.init(isValid: false, violations: [Contract.parseViolation(error)])
        }
    }
}
