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

    /// Violations given as a list.
    package init(listed: [Violation]) {
        self.listed = listed
        sink = nil
        buffers = nil
    }

    init(sink: ViolationSink, buffers: ProgramBuffers) {
        listed = []
        self.sink = sink
        self.buffers = buffers
    }

    /// How many violations there are.
    package var count: Int { sink?.count ?? listed.count }

    /// The code of violation `index`.
    package func code(_ index: Int) -> Violation.Code {
        if let sink { return sink.records[index].code }
        return listed[index].code
    }

    /// The keyword location of violation `index` in its two parts
    /// (``Violation/keywordLocationParts``).
    package func keywordLocationParts(_ index: Int) -> (path: String, keyword: String) {
        if let sink, let buffers { return sink.keywordLocationParts(index, in: buffers) }
        return listed[index].keywordLocationParts
    }

    /// Appends the instance location of violation `index`, escaped for a JSON string.
    package func appendInstanceLocation(_ index: Int, escapedTo out: inout [UInt8]) {
        guard let sink else {
            JSONWriter.appendEscaped(listed[index].instanceLocation, to: &out)
            return
        }
        JSONWriter.appendEscaped(sink.text[sink.pointerRange(index)], to: &out)
    }

    /// Appends the instance location of violation `index` as it is.
    package func appendInstanceLocation(_ index: Int, to out: inout [UInt8]) {
        guard let sink else {
            out.append(contentsOf: listed[index].instanceLocation.utf8)
            return
        }
        out.append(contentsOf: sink.text[sink.pointerRange(index)])
    }

    /// Appends the message of violation `index` as it is.
    package func appendMessage(_ index: Int, to out: inout [UInt8]) {
        guard let sink else {
            out.append(contentsOf: listed[index].message.utf8)
            return
        }
        if let message = sink.records[index].message {
            out.append(contentsOf: message.utf8)
        } else {
            out.append(contentsOf: sink.text[sink.messageRange(index)])
        }
    }

    /// Appends the message of violation `index`, escaped for a JSON string.
    package func appendMessage(_ index: Int, escapedTo out: inout [UInt8]) {
        guard let sink else {
            JSONWriter.appendEscaped(listed[index].message, to: &out)
            return
        }
        if let message = sink.records[index].message {
            JSONWriter.appendEscaped(message, to: &out)
        } else {
            JSONWriter.appendEscaped(sink.text[sink.messageRange(index)], to: &out)
        }
    }

    /// Every violation, built.
    package var all: [Violation] {
        if let sink, let buffers { return sink.violations(in: buffers) }
        return listed
    }
}
