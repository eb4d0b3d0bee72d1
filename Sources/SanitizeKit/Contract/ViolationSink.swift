/// The violations of one evaluation, with the two stacks a report reads: the instance path and
/// the references crossed on the way to the current schema. Plain memory in one allocation,
/// reused by a ``ContractValidator`` across instances.
///
/// The violations are kept as ``ViolationRecord``s, their instance pointers (and the messages
/// written from a value) as bytes in one reused buffer: a report appends bytes and a record,
/// and a ``Violation`` (seven strings) is built only for a caller that asks for one
/// (``violations(in:)``). `sanitize filter` writes its report lines from the records
/// (``ReportedViolations``).
///
/// The evaluator keeps the depth of the instance path itself (``Evaluator/pathCount``); the
/// reference trail keeps its own count here, so that evaluator frames do not grow.
final class ViolationSink {
    /// The violations reported, in order. (These two are read and written from one thread at a
    /// time, never with an access open across a call that could reach the sink again
    /// (``takeText()``): unchecked, they cost no runtime exclusivity bookkeeping per report.)
    @exclusivity(unchecked) private(set) var records: [ViolationRecord] = []
    /// Every record's instance pointer and written message, as valid UTF-8, back to back.
    @exclusivity(unchecked) private(set) var text: [UInt8] = []
    /// The storage of the last ``violations(in:)``, kept for the next.
    private var built: [Violation] = []
    /// Where each branch of a reported `anyOf`/`oneOf` failed, while it probes them
    /// (``Evaluator/branchReasons(_:_:)`` renders the reasons from it); kept here so that its
    /// storage is reused across instances.
    var branchRecording = BranchRecording()
    /// Written before every instance pointer: the location of the value evaluation started
    /// at, when that is not the instance's root (a value evaluated alone,
    /// ``Contract/validate(leaf:value:limits:document:into:)``); empty otherwise. (Read and
    /// written from one thread at a time, as ``records``.)
    @exclusivity(unchecked) var instancePrefix: [UInt8] = []
    /// Room for each stack: evaluation nests at most ``Evaluator/depthLimit`` schemas (each
    /// child and each reference is one), plus one.
    static let pathCapacity = 1_024
    let path: UnsafeMutablePointer<PathStep>
    /// The references crossed, outermost first; entries past ``pathCapacity`` are counted, not kept.
    let trail: UnsafeMutablePointer<ReferenceStep>
    /// How many references are crossed now (in `trailCount.pointee`).
    let trailCount: UnsafeMutablePointer<Int>
    private let memory: UnsafeMutableRawPointer

    init() {
        let capacity = ViolationSink.pathCapacity
        let pathBytes = capacity * MemoryLayout<PathStep>.stride
        let trailStart = Self.aligned(pathBytes, MemoryLayout<ReferenceStep>.alignment)
        let countStart = Self.aligned(trailStart + capacity * MemoryLayout<ReferenceStep>.stride, MemoryLayout<Int>.alignment)
        let alignment = max(MemoryLayout<PathStep>.alignment, MemoryLayout<ReferenceStep>.alignment, MemoryLayout<Int>.alignment)
        memory = .allocate(byteCount: countStart + MemoryLayout<Int>.stride, alignment: alignment)
        path = memory.bindMemory(to: PathStep.self, capacity: capacity)
        trail = (memory + trailStart).bindMemory(to: ReferenceStep.self, capacity: capacity)
        trailCount = (memory + countStart).bindMemory(to: Int.self, capacity: 1)
        trailCount.initialize(to: 0)
    }

    deinit { memory.deallocate() }

    /// How many violations were reported.
    var count: Int { records.count }

    /// Forgets every violation, keeping the storage. (Asked first: an instance that was valid
    /// left nothing, and `removeAll(keepingCapacity:)` costs about 50 instructions an array.)
    func removeAll() {
        if !records.isEmpty { records.removeAll(keepingCapacity: true) }
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
    }

    /// Forgets the violations from `index` on.
    func removeViolations(from index: Int) {
        guard index < records.count else { return }
        text.removeSubrange(records[index].pointerStart...)
        records.removeSubrange(index...)
    }

    /// Takes ``text`` out, to append a violation's instance pointer and message to it with no
    /// access to the sink between; ``append(schema:keyword:code:keywordLocation:text:pointerStart:messageStart:)``
    /// puts it back. Its storage is kept.
    func takeText() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &text)
        return taken
    }

    /// Puts back the text ``takeText()`` took, with a violation's instance pointer from
    /// `pointerStart` to `messageStart` and, unless `message` is given, its message from there
    /// to the end, and adds the violation. Each is made valid UTF-8 here, as a string built from
    /// its bytes holds it (the parser admits none that is not, so this is a guard that costs a
    /// pass over ASCII).
    func append(
        schema: Int, keyword: String, code: Violation.Code, keywordLocation: String?, message: String? = nil, text taken: inout [UInt8],
        pointerStart: Int, messageStart: Int
    ) {
        Self.makeValidUTF8(&taken, messageStart..<taken.count)
        let messageMoved = Self.makeValidUTF8(&taken, pointerStart..<messageStart)
        swap(&taken, &text)
        records.append(
            ViolationRecord(
                schema: schema, keyword: keyword, code: code, keywordLocation: keywordLocation, message: message,
                pointerStart: pointerStart, messageStart: messageMoved, end: text.count))
    }

    /// Replaces `text[range]` by its bytes as `String(decoding:as:)` reads them, when they are
    /// not valid UTF-8 (ASCII, the common case, is seen in one pass).
    /// - Returns: where the range ends now.
    @discardableResult
    private static func makeValidUTF8(_ text: inout [UInt8], _ range: Range<Int>) -> Int {
        var high: UInt8 = 0
        for byte in text[range] { high |= byte }
        if high < 0x80 || UTF8Validation.firstInvalidByteOffset(in: text[range]) == nil { return range.upperBound }
        let repaired = String(decoding: text[range], as: UTF8.self)
        text.replaceSubrange(range, with: repaired.utf8)
        return range.lowerBound + repaired.utf8.count
    }

    private static func aligned(_ offset: Int, _ alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }

    /// Records that evaluation crosses a reference (until the matching ``leave()``).
    @inline(__always)
    func enter(_ step: ReferenceStep) {
        let count = trailCount.pointee
        if count < ViolationSink.pathCapacity { trail[count] = step }
        trailCount.pointee = count + 1
    }

    /// Ends the innermost reference that ``enter(_:)`` recorded.
    @inline(__always)
    func leave() { trailCount.pointee -= 1 }

    /// The references crossed now, outermost first.
    var crossed: UnsafeBufferPointer<ReferenceStep> {
        UnsafeBufferPointer(start: trail, count: min(trailCount.pointee, ViolationSink.pathCapacity))
    }
}

/// One reported violation as a ``ViolationSink`` keeps it: plain values and ranges of the
/// sink's ``ViolationSink/text``. `keyword` and `code` are the evaluator's literals (strings
/// with no storage to count); the locations come from the program's tables by `schema`.
struct ViolationRecord {
    /// The schema holding the keyword.
    let schema: Int
    /// The keyword's name, `""` for the schema itself (a `false` schema).
    let keyword: String
    let code: Violation.Code
    /// The keyword location with the keyword in it, when evaluation crossed a reference on
    /// the way or the schema has no path from the root (built then); `nil` when it is the
    /// schema's path from the root (``ProgramBuffers/rootPaths``) and the keyword.
    let keywordLocation: String?
    /// The message, when it was given as a string (kept as it is: most are the contract's own,
    /// shared by every violation of a kind); `nil` when it was written into the sink's text.
    let message: String?
    /// Where the instance pointer starts in the sink's text; a written message follows it from
    /// `messageStart` to `end`.
    let pointerStart: Int
    let messageStart: Int
    let end: Int
}

extension ViolationRecord {
    /// The record without its ranges in a sink's text (kept out of the sink: ``FaultVerdicts``).
    func detached() -> ViolationRecord {
        ViolationRecord(
            schema: schema, keyword: keyword, code: code, keywordLocation: keywordLocation, message: message, pointerStart: 0,
            messageStart: 0, end: 0)
    }

    /// The keyword location in its two parts, as ``Violation`` keeps them: the path to the
    /// keyword's schema and the keyword, or the whole location and `""`.
    func keywordLocationParts(in buffers: ProgramBuffers) -> (path: String, keyword: String) {
        if let keywordLocation { return (keywordLocation, "") }
        return (buffers.rootPaths[schema] ?? "", keyword)
    }

    /// The violation with its strings, at `instanceLocation` with `message`.
    func violation(instanceLocation: String, message: String, in buffers: ProgramBuffers) -> Violation {
        Violation(
            instanceLocation: instanceLocation, keywordPath: keywordLocation ?? buffers.rootPaths[schema] ?? "",
            schemaLocation: buffers.absoluteLocations[schema], keyword: keyword, code: code, message: message,
            keywordIsInPath: keywordLocation != nil)
    }
}

extension ViolationSink {
    /// The instance pointer of violation `index`, as bytes of ``text``.
    func pointerRange(_ index: Int) -> Range<Int> { records[index].pointerStart..<records[index].messageStart }

    /// The message of violation `index` as bytes of ``text``, when it was written there (empty
    /// when it is ``ViolationRecord/message``).
    func messageRange(_ index: Int) -> Range<Int> { records[index].messageStart..<records[index].end }

    /// The instance pointer of violation `index`.
    func instanceLocation(_ index: Int) -> String { String(decoding: text[pointerRange(index)], as: UTF8.self) }

    /// The message of violation `index`.
    func message(_ index: Int) -> String {
        records[index].message ?? String(decoding: text[messageRange(index)], as: UTF8.self)
    }

    /// The keyword location of violation `index` in its two parts, as ``Violation`` keeps them:
    /// the path to the keyword's schema and the keyword, or the whole location and `""`.
    func keywordLocationParts(_ index: Int, in buffers: ProgramBuffers) -> (path: String, keyword: String) {
        records[index].keywordLocationParts(in: buffers)
    }

    /// Violation `index` with its strings.
    func violation(_ index: Int, in buffers: ProgramBuffers) -> Violation {
        records[index].violation(instanceLocation: instanceLocation(index), message: message(index), in: buffers)
    }

    /// Every violation, with their strings, in an array the sink reuses for the next call
    /// once the caller has let this one go (a validator's result per instance then allocates
    /// no array).
    func violations(in buffers: ProgramBuffers) -> [Violation] {
        built.removeAll(keepingCapacity: true)
        for index in records.indices { built.append(violation(index, in: buffers)) }
        return built
    }
}

/// One step of the path from the instance root to the value being checked.
enum PathStep {
    case key(Int)
    case index(Int)
}

/// A `$ref` or `$dynamicRef` crossed during evaluation: the schema holding the keyword, the
/// keyword, and the schema evaluation went on in (for `$dynamicRef`, the one the dynamic scope
/// chose). Plain values, so recording one costs a few stores.
struct ReferenceStep {
    var source: Int32
    var target: Int32
    var keyword: ReferenceKeyword
}
