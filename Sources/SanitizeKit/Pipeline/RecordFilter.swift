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
/// let filter = try RecordFilter(contract: Contract(contentsOf: schemaURL))
/// var document = JSONDocument.empty
/// let outcome = filter.process(Array(line.utf8), reusing: &document)
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
    }

    /// The contract records are checked against, if any.
    public let contract: Contract?
    /// Steps applied to every string value when there is no contract.
    public let stringSteps: [SanitizeStep]
    /// Parsing limits for records.
    public let limits: JSONLimits
    /// The contract's `x-sanitize` lists, compiled once, by the contract's own numbering.
    private let contractSteps: [[SanitizeStep]]

    /// Creates a filter with a contract.
    /// - Parameters:
    ///   - contract: the compiled contract; its `x-sanitize` lists are compiled now.
    ///   - limits: parsing limits for records (nesting depth, duplicate keys).
    /// - Throws: ``SanitizeError`` `configuration` for an `x-sanitize` list that is not valid,
    ///   naming the step.
    public init(contract: Contract, limits: JSONLimits = .default) throws {
        self.contract = contract
        self.stringSteps = []
        self.limits = limits
        self.contractSteps = try contract.sanitizeStepLists.map { try SanitizeStep.list($0) }
    }

    /// Creates a filter without a contract: `stringSteps` run on every string value.
    /// - Parameters:
    ///   - stringSteps: the steps, in order.
    ///   - limits: parsing limits for records.
    public init(stringSteps: [SanitizeStep], limits: JSONLimits = .default) {
        self.contract = nil
        self.stringSteps = stringSteps
        self.limits = limits
        self.contractSteps = []
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
    /// - Throws: ``SanitizeError`` `configuration` for an unknown key or a bad step.
    public static func policy(fromJSON text: String) throws -> RecordFilter {
        guard case .object(let members) = try JSONValue(parsing: text) else {
            throw SanitizeError(.configuration, "a filter policy is a JSON object")
        }
        var steps: [SanitizeStep] = []
        for member in members {
            switch member.key {
            case "$comment": continue
            case "stringSteps": steps = try SanitizeStep.list(member.value)
            default:
                throw SanitizeError(
                    .configuration, "unknown key in filter policy", at: .init(pointer: "/\(member.key)"))
            }
        }
        return RecordFilter(stringSteps: steps)
    }

    /// Sanitizes and validates one record.
    /// - Parameters:
    ///   - record: the record's bytes (one NDJSON line, without the newline).
    ///   - document: a document to parse into, reused across calls to avoid allocation.
    /// - Returns: the sanitized record and its violations.
    public func process(_ record: UnsafeRawBufferPointer, reusing document: inout JSONDocument) -> Outcome {
        do throws(SanitizeError) {
            try document.reparse(record, limits: limits)
        } catch {
            return Outcome(sanitized: nil, violations: [Self.violation(for: error)])
        }
        var violations: [Violation] = []
        if let contract {
            applyContractSteps(contract, to: &document, violations: &violations)
        } else if !stringSteps.isEmpty {
            for node in document.stringValueNodes() {
                apply(stringSteps, at: node, of: &document, violations: &violations)
            }
        }
        var sanitized: [UInt8] = []
        sanitized.reserveCapacity(record.count + 16)
        document.write(to: &sanitized)
        if let contract, violations.isEmpty {
            violations = contract.validate(document).violations
        }
        return Outcome(sanitized: sanitized, violations: violations)
    }

    /// Sanitizes and validates one record given as bytes.
    /// - Parameter record: one JSON text.
    /// - Returns: the sanitized record and its violations.
    public func process(_ record: [UInt8]) -> Outcome {
        var document = JSONDocument.empty
        return record.withUnsafeBytes { process($0, reusing: &document) }
    }

    private func applyContractSteps(_ contract: Contract, to document: inout JSONDocument, violations: inout [Violation]) {
        var applied = Set<Int>()  // (node, list) pairs reached twice run once
        for (node, list) in contract.sanitizeStepIndices(for: document) {
            let key = node &* 65_537 &+ list
            guard applied.insert(key).inserted else { continue }
            apply(contractSteps[list], at: node, of: &document, violations: &violations)
        }
    }

    private func apply(_ steps: [SanitizeStep], at node: Int, of document: inout JSONDocument, violations: inout [Violation]) {
        guard document.kind(node) == .string, let original = document.string(node) else { return }
        var text = original
        do {
            for step in steps { text = try step.apply(to: text) }
        } catch {
            let reason = (error as? SanitizeError)?.reason ?? "\(error)"
            violations.append(
                Violation(
                    instanceLocation: document.pointer(to: node), keywordLocation: "", absoluteKeywordLocation: "",
                    code: .sanitizeStepFailed, message: "x-sanitize step failed: \(reason)"))
            return
        }
        if text != original { document.setString(text, at: node) }
    }

    /// A record that is not JSON, as a violation at the record's root.
    static func violation(for error: SanitizeError) -> Violation {
        var place = ""
        if let location = error.location {
            place = " (column \(location.column ?? 0), byte \(location.byteOffset ?? 0))"
        }
        return Violation(
            instanceLocation: "", keywordLocation: "", absoluteKeywordLocation: "",
            code: Violation.Code(rawValue: error.code.rawValue),
            message: "not a JSON record: \(error.reason)\(place)")
    }
}

extension Violation.Code {
    /// An `x-sanitize` step refused the value (for example a NUL byte for `strip sql`).
    public static let sanitizeStepFailed = Self(rawValue: "sanitize-step-failed")
    /// A record longer than the filter's `--max-record-bytes`.
    public static let recordTooLarge = Self(rawValue: "record-too-large")
}
