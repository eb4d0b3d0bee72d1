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

    /// Appends the instance location of violation `index`, as it is or escaped for the inside
    /// of a JSON string.
    package func appendInstanceLocation(_ index: Int, escaped: Bool, to out: inout [UInt8]) {
        if let sink {
            Self.append(sink.text[sink.pointerRange(index)], escaped: escaped, to: &out)
        } else {
            Self.append(listed[index].instanceLocation.utf8, escaped: escaped, to: &out)
        }
    }

    /// Appends the message of violation `index`, as it is or escaped for the inside of a JSON
    /// string.
    package func appendMessage(_ index: Int, escaped: Bool, to out: inout [UInt8]) {
        if let sink {
            if let message = sink.records[index].message {
                Self.append(message.utf8, escaped: escaped, to: &out)
            } else {
                Self.append(sink.text[sink.messageRange(index)], escaped: escaped, to: &out)
            }
        } else {
            Self.append(listed[index].message.utf8, escaped: escaped, to: &out)
        }
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
        if let sink, let buffers { return sink.violations(in: buffers) }
        return listed
    }
}
