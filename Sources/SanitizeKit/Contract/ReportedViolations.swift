/// The violations of one decision (``RecordFilter/reportedViolations(of:in:)``,
/// ``ContractValidator/decideQuickly(_:)``), read where they are kept: a list of
/// ``Violation``s, or the records of the contract's ``ViolationSink``, whose instance pointers
/// and messages are bytes there. A caller that writes them out as text (`sanitize filter`'s
/// report lines, `sanitize validate`'s lines on standard error) reads the parts it needs with
/// no ``Violation`` built; ``all`` builds them.
///
/// Valid until the workspace or validator decides its next instance.
package struct ReportedViolations {
    private let listed: [Violation]
    private let sink: ViolationSink?
    private let buffers: ProgramBuffers?
    /// A fault's compiled violation, the only one, at ``verdictPointer``. (Optional fields,
    /// not an enum of the three sources: binding an enum's payloads retained and released each
    /// of them per call, 2 % of a record whose fault is evaluated.)
    private let verdict: FaultVerdicts.Verdict?
    private let verdictPointer: [UInt8]
    /// The string the verdict's message shows, when it does (``FaultVerdicts/Verdict/showsValue``):
    /// its bytes, rendered where the message is written (``Evaluator/appendShown(string:to:)``).
    private let verdictShown: [UInt8]

    /// Violations given as a list.
    package init(listed: [Violation]) {
        self.listed = listed
        sink = nil
        buffers = nil
        verdict = nil
        verdictPointer = []
        verdictShown = []
    }

    init(sink: ViolationSink, buffers: ProgramBuffers) {
        listed = []
        self.sink = sink
        self.buffers = buffers
        verdict = nil
        verdictPointer = []
        verdictShown = []
    }

    /// The one violation of a fault the shape scan located, compiled (``FaultVerdicts``), at
    /// the instance location `pointer` (a JSON Pointer's bytes), with the bytes of the string
    /// its message shows (unescaped; ignored when it shows none).
    init(verdict: FaultVerdicts.Verdict, pointer: [UInt8], shown: [UInt8], buffers: ProgramBuffers) {
        listed = []
        sink = nil
        self.buffers = buffers
        self.verdict = verdict
        verdictPointer = pointer
        verdictShown = shown
    }

    /// How many violations there are.
    package var count: Int {
        if verdict != nil { return 1 }
        return sink?.count ?? listed.count
    }

    /// The code of violation `index`.
    package func code(_ index: Int) -> Violation.Code {
        if let verdict { return verdict.record.code }
        if let sink { return sink.records[index].code }
        return listed[index].code
    }

    /// The keyword location of violation `index` in its two parts
    /// (``Violation/keywordLocationParts``).
    package func keywordLocationParts(_ index: Int) -> (path: String, keyword: String) {
        if let verdict, let buffers { return verdict.record.keywordLocationParts(in: buffers) }
        if let sink, let buffers { return sink.keywordLocationParts(index, in: buffers) }
        return listed[index].keywordLocationParts
    }

    /// Appends the instance location of violation `index`, as it is or escaped for the inside
    /// of a JSON string.
    package func appendInstanceLocation(_ index: Int, escaped: Bool, to out: inout [UInt8]) {
        if verdict != nil {
            Self.append(verdictPointer, escaped: escaped, to: &out)
        } else if let sink {
            Self.append(sink.text[sink.pointerRange(index)], escaped: escaped, to: &out)
        } else {
            Self.append(listed[index].instanceLocation.utf8, escaped: escaped, to: &out)
        }
    }

    /// Appends the message of violation `index`, as it is or escaped for the inside of a JSON
    /// string.
    package func appendMessage(_ index: Int, escaped: Bool, to out: inout [UInt8]) {
        if let verdict {
            if escaped {
                out.append(contentsOf: verdict.escapedMessage)
            } else {
                out.append(contentsOf: verdict.message.utf8)
            }
            if verdict.showsValue { Self.append(Self.shown(verdictShown), escaped: escaped, to: &out) }
        } else if let sink {
            if let message = sink.records[index].message {
                Self.append(message.utf8, escaped: escaped, to: &out)
            } else {
                Self.append(sink.text[sink.messageRange(index)], escaped: escaped, to: &out)
            }
        } else {
            Self.append(listed[index].message.utf8, escaped: escaped, to: &out)
        }
    }

    /// The end of a compiled message that shows the string `bytes`, as the evaluator shows it.
    private static func shown(_ bytes: [UInt8]) -> [UInt8] {
        var shown: [UInt8] = []
        Evaluator.appendShown(string: bytes, to: &shown)
        return shown
    }

    @inline(__always)
    private static func append(_ bytes: some Collection<UInt8>, escaped: Bool, to out: inout [UInt8]) {
        if escaped {
            JSONWriter.appendEscaped(bytes, to: &out)
        } else {
            out.append(contentsOf: bytes)
        }
    }

    /// Every violation, built.
    package var all: [Violation] {
        if let verdict, let buffers {
            let location = String(decoding: verdictPointer, as: UTF8.self)
            let message = verdict.message + (verdict.showsValue ? String(decoding: Self.shown(verdictShown), as: UTF8.self) : "")
            return [verdict.record.violation(instanceLocation: location, message: message, in: buffers)]
        }
        if let sink, let buffers { return sink.violations(in: buffers) }
        return listed
    }
}
