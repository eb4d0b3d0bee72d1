/// The violation of a record's one fault, compiled for the places where it follows from the
/// fault's node and cause alone (``ShapeCheck/Cause``): a filter that locates such a fault
/// reports it with no parse and no evaluation (``RecordFilter``), the way Ajv's compiled code
/// reports an error whose parts are constants at its place.
///
/// Nothing here restates a keyword: each violation is the evaluator's own, made once at start-up
/// by evaluating the node's schema on a stand-in instance (``Contract/faultVerdicts(for:)``),
/// and kept only where every instance of the cause gets the same violation but for its instance
/// location:
///
/// - a value of a type the schema refuses, when no check of the schema applies to that type
///   but `type` (the compiled schema's `general`, `inPlace` and per-type runs are empty: the
///   evaluator has nothing else to read of the value);
/// - an object lacking one required property, and an object with one member its schema
///   refuses (`additionalProperties: false`), its other members valid and its member count
///   within bounds (the scan checks all three): the object checks a shape check reads
///   (``ShapeCheckBuilder``: `properties`, the `required` names among them,
///   `additionalProperties`, `minProperties`, `maxProperties`) read the member names and their
///   count, and nothing of a valid member's value;
/// - a string that fails only its pattern or only its format and passes its schema's other
///   checks (the scan tries them all: ``ShapeCheck/Cause/string(failing:)``): such a violation's
///   message is written by ``Evaluator/report(_:_:_:_:showing:_:)`` as a start that depends on
///   the schema alone, then the value as ``Evaluator/appendShown(string:to:)`` shows it (or
///   nothing, where values are hidden), so the verdict keeps the start and the value is shown
///   per record.
///
/// Where the stand-in's evaluation gives anything but one violation at the expected place, no
/// verdict is kept and the fault goes to the evaluator.
struct FaultVerdicts: Sendable {
    /// One compiled violation: the evaluator's record (its message given as a string), for
    /// whatever instance location the fault has. A class: a report holds it by one reference
    /// (a record's decision reads only the plain values of ``codes`` and ``showsValue``).
    final class Verdict: Sendable {
        let record: ViolationRecord
        /// The message, or, when ``showsValue``, its start, which the value shown follows
        /// (``Evaluator/appendShown(string:to:)``).
        let message: String
        /// The message (or its start) escaped for the inside of a JSON string, as report
        /// lines write it.
        let escapedMessage: [UInt8]
        /// Whether the message ends with the value, shown as the evaluator shows it.
        let showsValue: Bool

        init(record: ViolationRecord, message: String, showsValue: Bool) {
            self.record = record
            self.message = message
            self.showsValue = showsValue
            var escaped: [UInt8] = []
            JSONWriter.appendEscaped(message, to: &escaped)
            escapedMessage = escaped
        }
    }

    private(set) var verdicts: [Verdict] = []
    /// Per verdict, what a record's decision reads of it (plain values: reading a verdict of
    /// this table, which every worker thread shares, would retain and release it per record,
    /// its count one cache line that both cores write).
    private(set) var codes: [Violation.Code] = []
    private(set) var showsValue: [Bool] = []
    /// Per node and found type (`node * foundTypeCount + type`): the verdict's index, or -1.
    private var byValue: [Int32]
    /// Per property of the check (a node's first property + the slot): the verdict's index, or -1.
    private var byMissing: [Int32]
    /// Per node: the verdict's index for one refused member, or -1.
    private var byRefused: [Int32]
    /// Per node and string check (`node * stringCheckCount + check`): the verdict's index, or -1.
    private var byString: [Int32]
    /// The first property of each node (the slots of ``ShapeCheck/Cause/missing(slot:)`` count from it).
    private let firstProperty: [Int]

    private static let foundTypeCount = TypeBits.foundNames.count
    private static let stringCheckCount = ShapeCheck.StringCheck.allCases.count

    /// The verdict for a fault of node `node` with cause `cause`, if one was compiled.
    func verdict(node: Int, cause: ShapeCheck.Cause) -> Int? {
        let index: Int32
        switch cause {
        case .unknown: return nil
        case .value(let type): index = byValue[node * Self.foundTypeCount + type]
        case .missing(let slot): index = byMissing[firstProperty[node] + slot]
        case .refused: index = byRefused[node]
        case .string(let check): index = byString[node * Self.stringCheckCount + check.rawValue]
        }
        return index >= 0 ? Int(index) : nil
    }

    /// No verdicts, for a check of `nodeCount` nodes and `propertyCount` properties.
    init(nodeCount: Int, propertyCount: Int, firstProperty: [Int]) {
        byValue = Array(repeating: -1, count: nodeCount * Self.foundTypeCount)
        byMissing = Array(repeating: -1, count: propertyCount)
        byRefused = Array(repeating: -1, count: nodeCount)
        byString = Array(repeating: -1, count: nodeCount * Self.stringCheckCount)
        self.firstProperty = firstProperty
    }

    fileprivate mutating func add(_ record: ViolationRecord, message: String, showsValue: Bool = false) -> Int32 {
        verdicts.append(Verdict(record: record, message: message, showsValue: showsValue))
        codes.append(record.code)
        self.showsValue.append(showsValue)
        return Int32(verdicts.count - 1)
    }

    fileprivate mutating func setValue(_ verdict: Int32, node: Int, type: Int) { byValue[node * Self.foundTypeCount + type] = verdict }
    fileprivate mutating func setMissing(_ verdict: Int32, property: Int) { byMissing[property] = verdict }
    fileprivate mutating func setRefused(_ verdict: Int32, node: Int) { byRefused[node] = verdict }
    fileprivate mutating func setString(_ verdict: Int32, node: Int, check: ShapeCheck.StringCheck) {
        byString[node * Self.stringCheckCount + check.rawValue] = verdict
    }
}

extension Contract {
    /// The verdicts of the faults a shape check of this contract can locate (``FaultVerdicts``).
    func faultVerdicts(for check: ShapeCheck) -> FaultVerdicts {
        let nodes = check.nodeList
        let properties = check.propertyList
        var verdicts = FaultVerdicts(
            nodeCount: nodes.count, propertyCount: properties.count, firstProperty: nodes.map(\.firstProperty))
        let sink = ViolationSink()  // one for every stand-in (28 KiB each otherwise)
        for (index, node) in nodes.enumerated() where index > 0 && node.schema >= 0 && node.evaluatesAlone {
            let schema = program.schemas[Int(node.schema)]
            // A value of a refused type, when `type` is all that applies to it.
            let onlyType = schema.kind == .alwaysInvalid
                || schema.kind == .checks && schema.general.isEmpty && schema.inPlace.isEmpty && !schema.needsAnnotations
            let standIns: [(type: Int, text: String, checks: PoolRange)] = [
                (TypeBits.foundNull, "null", PoolRange()), (TypeBits.foundBoolean, "true", PoolRange()),
                (TypeBits.foundInteger, "0", schema.numbers), (TypeBits.foundString, "\"\"", schema.strings),
            ]
            for standIn in standIns where onlyType && standIn.checks.isEmpty {
                if let (record, message) = soleViolation(of: Int(node.schema), on: standIn.text, node: node, at: "", sink: sink) {
                    verdicts.setValue(verdicts.add(record, message: message), node: index, type: standIn.type)
                }
            }
            // A string that fails one check whose message shows it, and passes the others.
            if schema.kind == .checks && node.types & TypeBits.string != 0 && schema.general.isEmpty && schema.inPlace.isEmpty {
                for check in ShapeCheck.StringCheck.allCases where Self.hasCheck(check, node) {
                    if let (verdict, message, showsValue) = stringVerdict(check, node: node, sink: sink) {
                        verdicts.setString(verdicts.add(verdict, message: message, showsValue: showsValue), node: index, check: check)
                    }
                }
            }
            // An object's own faults: its members stand in as `0`, never read (the evaluator
            // reads only values overlapping a fault, and the fault is the object's opening brace).
            guard schema.kind == .checks, node.types & TypeBits.object != 0, schema.general.isEmpty else { continue }
            let names = properties[node.firstProperty..<node.firstProperty + node.propertyCount].map { String(decoding: $0.name, as: UTF8.self) }
            let requiredSlots = names.indices.filter { node.requiredMask & (1 << UInt64($0)) != 0 }
            // A count the stand-in must have (the bounds may be such that none does).
            func fits(_ count: Int) -> Bool { node.minProperties <= count && count <= node.maxProperties }
            for slot in requiredSlots where fits(requiredSlots.count - 1) {
                let present = requiredSlots.filter { $0 != slot }.map { names[$0] }
                if let (record, message) = soleViolation(of: Int(node.schema), on: Self.object(present), node: node, at: "", sink: sink) {
                    verdicts.setMissing(verdicts.add(record, message: message), property: node.firstProperty + slot)
                }
            }
            if node.openMembers < 0 && fits(requiredSlots.count + 1) {
                var refused = "x"
                while names.contains(refused) { refused += "x" }
                let present = requiredSlots.map { names[$0] } + [refused]
                if let (record, message) = soleViolation(of: Int(node.schema), on: Self.object(present), node: node, at: "/" + refused, sink: sink) {
                    verdicts.setRefused(verdicts.add(record, message: message), node: index)
                }
            }
        }
        return verdicts
    }

    /// The one violation of schema `schema` on the stand-in instance `text`, evaluated as the
    /// value of `node` is when located alone (``validate(leaf:value:limits:document:into:)``),
    /// with only the instance's root read (its opening byte is the fault), when that
    /// violation is at `pointer`; `nil` otherwise.
    private func soleViolation(
        of schema: Int, on text: String, node: ShapeCheck.Node, at pointer: String, sink: ViolationSink
    ) -> (ViolationRecord, String)? {
        guard let found = soleViolationRecord(of: schema, on: text, node: node, at: pointer, sink: sink), found.record.message != nil else {
            return nil
        }
        return (found.record, found.message)
    }

    /// As ``soleViolation(of:on:node:at:sink:)``, the record as the sink kept it (its message
    /// `nil` when written from the value) and the message.
    private func soleViolationRecord(
        of schema: Int, on text: String, node: ShapeCheck.Node, at pointer: String, sink: ViolationSink
    ) -> (record: ViolationRecord, message: String)? {
        guard let document = try? JSONDocument(parsing: Array(text.utf8)) else { return nil }
        sink.removeAll()
        let valid = Evaluator.with(buffers: buffers, document: document, failFast: options.stopAtFirstError, sink: sink) { evaluator in
            if node.underSensitive { evaluator.sensitive = 1 }
            evaluator.faults = [0, 1]
            var annotations = Annotations()
            return evaluator.evaluate(schema, document.root, &annotations, collect: false)
        }
        guard !valid, sink.count == 1, sink.instanceLocation(0) == pointer else { return nil }
        return (sink.records[0].detached(), sink.message(0))
    }

    /// Whether node `node` has the string check `check`.
    private static func hasCheck(_ check: ShapeCheck.StringCheck, _ node: ShapeCheck.Node) -> Bool {
        switch check {
        case .pattern: return node.pattern >= 0 || node.classPattern != nil
        case .format: return node.format != nil
        }
    }

    /// The violation of a string that fails only `check` at `node`, made from a stand-in that
    /// does (a few short strings are tried): the evaluator's record, when its one violation
    /// is that check's and its message was written from the value
    /// (``Evaluator/report(_:_:_:_:showing:_:)``, whose message is a start that depends on the
    /// schema alone, then the value shown unless values are hidden there), with that start
    /// and whether the value is shown; `nil` when no stand-in fails that check alone.
    private func stringVerdict(_ check: ShapeCheck.StringCheck, node: ShapeCheck.Node, sink: ViolationSink) -> (ViolationRecord, String, Bool)? {
        let (keyword, code): (String, Violation.Code) = check == .pattern ? ("pattern", .pattern) : ("format", .format)
        var candidates: [String] = node.minLength == 0 ? [""] : []
        for fill in ["x", "0", " ", "-", "~", "@", ".", "é"] {
            for count in [max(node.minLength, 1), node.minLength + 1] where count <= node.maxLength && count <= 64 {
                candidates.append(String(repeating: fill, count: count))
            }
        }
        let hidden = node.underSensitive || program.schemas[Int(node.schema)].sensitive
        for candidate in candidates {
            guard let found = soleViolationRecord(of: Int(node.schema), on: JSONValue.string(candidate).jsonText, node: node, at: "", sink: sink),
                found.record.keyword == keyword, found.record.code == code, found.record.message == nil
            else { continue }
            // The message ends with the value shown exactly where values are not hidden.
            var shown: [UInt8] = []
            Evaluator.appendShown(string: candidate.utf8, to: &shown)
            let message = Array(found.message.utf8)
            let showsValue = message.count >= shown.count && message.suffix(shown.count).elementsEqual(shown)
            guard showsValue != hidden else { continue }
            return (found.record, String(decoding: message.dropLast(showsValue ? shown.count : 0), as: UTF8.self), showsValue)
        }
        return nil
    }

    /// An object with these member names, each valued `0`, as JSON text.
    private static func object(_ names: [String]) -> String {
        JSONValue.object(names.map { JSONValue.Member($0, .number("0")) }).jsonText
    }
}
