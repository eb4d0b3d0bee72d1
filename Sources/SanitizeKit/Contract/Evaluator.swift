/// Annotation results that `unevaluatedProperties` / `unevaluatedItems` read: which members
/// (of an object) or items (of an array) of the current instance some successful keyword
/// already evaluated.
///
/// One optional array rather than one per kind: an instance is either an object or an array,
/// and a fresh value (one per child evaluation) then holds nothing to release.
struct Annotations {
    /// Per member or item: whether it was evaluated; `nil` while none is.
    private var marks: [Bool]?

    mutating func markProperty(_ index: Int, of count: Int) {
        markItems(index..<(index + 1), of: count)
    }

    mutating func markItems(_ range: Range<Int>, of count: Int) {
        guard !range.isEmpty else { return }
        if marks == nil { marks = Array(repeating: false, count: count) }
        for index in range { marks![index] = true }
    }

    /// Whether member or item `index` was evaluated.
    func isEvaluated(_ index: Int) -> Bool {
        marks?[index] ?? false
    }

    mutating func merge(_ other: Annotations) {
        guard let theirs = other.marks else { return }
        guard marks != nil else {
            marks = theirs
            return
        }
        for index in theirs.indices where theirs[index] { marks![index] = true }
    }
}

/// Walks one instance against a compiled buffers.program. Never throws: failures become violations.
///
/// It owns no memory: it exists only inside ``with(buffers:document:failFast:sink:_:)``, which
/// lends it the program's tables (owned by ``ProgramBuffers``, held in `buffers` for the call)
/// and the document's nodes and text (owned by ``JSONDocument``, pinned by
/// ``JSONDocument/withReadView(_:)`` for the call) as plain pointers.
struct Evaluator {
    /// Base pointers of `buffers`' tables, lent for the call.
    let schemas: UnsafeBufferPointer<CompiledSchema>
    let checks: UnsafeBufferPointer<Check>
    let lists: UnsafeBufferPointer<Int32>
    let fastBounds: UnsafeBufferPointer<ProgramBuffers.FastBound>
    let buffers: ProgramBuffers
    let usesDynamicScope: Bool
    let document: JSONDocument
    /// Stop at the first violation (set for a while by ``branchReasons(_:_:)``).
    var failFast: Bool
    /// The values a locating shape scan could not pass (``ShapeCheck/Scanner/locate(_:faults:skippable:)``), as
    /// pairs of byte offsets; when set, a member or element that overlaps none of them is
    /// valid without being read. Empty otherwise.
    var faults: [UInt32] = []
    /// > 0 while ``branchReasons(_:_:)`` re-evaluates branches: nested `anyOf`/`oneOf` then
    /// report without reasons of their own, so a failure costs at most one more evaluation.
    var explaining = 0
    /// Collected violations, the instance path and the references crossed; a reference so that
    /// reporting does not need `mutating` and evaluator frames stay small (messages and
    /// locations are built lazily from this state, only when reported).
    let sink: ViolationSink
    var violations: [Violation] { sink.violations(in: buffers) }
    /// > 0 inside `anyOf`/`oneOf`/`not`/`if`/`contains`/`propertyNames`: nothing is reported.
    var quiet = 0
    /// Depth of the instance path held in `sink.path`.
    var pathCount = 0
    var dynamicScope: [Int] = []
    var sensitive = 0
    var depth = 0
    /// Schemas entered at the current instance location without consuming input (a `$ref`
    /// cycle such as `a → b → a` grows only this).
    var inPlaceDepth = 0
    /// Past ``StackBudget/threshold`` levels, whether the thread's stack has room for more.
    var stack = StackBudget()
    /// The depth up to which the stack is known to have room: a check at depth d that finds
    /// room R vouches for the R / ``StackBudget/levelBound`` levels below d on the same path,
    /// so a deep record is checked every few dozen levels instead of at each one.
    var stackRoomUntil = StackBudget.threshold
    /// The depth of the check that set ``stackRoomUntil``: returning above it drops the vouch
    /// (a sibling path was not measured).
    var stackCheckedAt = Int.max
    /// When set, `x-sanitize` values met on the way are collected with their instance node.
    var collectSteps = false
    var steps: [(node: Int, steps: Int)] = []
    /// With ``collectSteps``: every schema entered is recorded with its instance node (the
    /// tests' oracle for where schemas apply, against ``ContractProgram/schemasApplying(along:)``).
    var traceSchemas = false
    var trace: [(node: Int, schema: Int)] = []
    /// Set while a reported `anyOf`/`oneOf` probes one of its branches: a failure at the
    /// branch's level is recorded in ``ViolationSink/branchRecording``.
    var recordingBranch = false

    /// Most nested schema evaluations in all: a recursive schema over a deeply nested instance
    /// stops here with a `depth-limit` violation (about 300 levels of `items`/`$ref`). The
    /// thread's stack may end sooner: ``StackBudget`` stops evaluation the same way before it does.
    static let depthLimit = 600
    /// Most schemas entered at one instance location.
    static let inPlaceDepthLimit = 64

    /// The instance's nodes and text, read through plain pointers while evaluating (valid for
    /// the duration of ``with(buffers:document:failFast:sink:_:)``'s body).
    let nodes: UnsafePointer<JSONNode>
    let text: UnsafePointer<UInt8>

    /// Runs `body` with an evaluator over `document`, its nodes and text pinned for the call.
    static func with<R>(
        buffers: ProgramBuffers, document: JSONDocument, failFast: Bool, sink: ViolationSink = ViolationSink(),
        _ body: (inout Evaluator) -> R
    ) -> R {
        document.withReadView { view in
            var evaluator = Evaluator(
                buffers: buffers, document: document, failFast: failFast, sink: sink, nodes: view.nodes, text: view.text)
            return body(&evaluator)
        }
    }

    private init(
        buffers: ProgramBuffers, document: JSONDocument, failFast: Bool, sink: ViolationSink,
        nodes: UnsafePointer<JSONNode>, text: UnsafePointer<UInt8>
    ) {
        self.nodes = nodes
        self.text = text
        self.schemas = buffers.schemas
        self.checks = buffers.checks
        self.lists = buffers.lists
        self.fastBounds = buffers.fastBounds
        self.buffers = buffers
        self.usesDynamicScope = buffers.program.usesDynamicScope
        self.document = document
        self.failFast = failFast
        self.sink = sink
    }

    /// Whether a failed check ends the schema's evaluation; never while collecting
    /// `x-sanitize` steps, which must reach every subschema that applies.
    var stopEarly: Bool { !collectSteps && (failFast || quiet > 0) }

    // MARK: instance access through the pinned pointers

    @inline(__always) func kindOf(_ node: Int) -> JSONKind { nodes[node].kind }
    @inline(__always) func countOf(_ node: Int) -> Int { Int(nodes[node].count) }
    @inline(__always) func afterOf(_ node: Int) -> Int { Int(nodes[node].next) }

    /// The raw text of a node (string content without quotes, number text).
    @inline(__always) func rawText(_ node: Int) -> UnsafeRawBufferPointer {
        let n = nodes[node]
        return UnsafeRawBufferPointer(start: text + Int(n.start), count: Int(n.end - n.start))
    }

    /// Calls `body` with a string node's unescaped bytes (no copy without escapes).
    @inline(__always)
    func withString<R>(_ node: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let raw = rawText(node)
        if nodes[node].flags & JSONNode.Flags.escaped == 0 { return body(raw) }
        return JSONDocument.decodeString(raw, escaped: true).withUnsafeBytes(body)
    }

    /// Whether a key node's unescaped bytes equal `bytes`.
    @inline(__always)
    func keyMatches(_ node: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = nodes[node]
        if n.flags & JSONNode.Flags.escaped == 0 {
            guard Int(n.end - n.start) == bytes.count else { return false }
            return bytesEqual(text + Int(n.start), bytes.baseAddress!, count: bytes.count)
        }
        return withString(node) { $0.elementsEqual(bytes) }
    }

    // MARK: reporting

    /// Appends the JSON Pointer to the value being checked.
    func appendInstancePointer(to bytes: inout [UInt8]) {
        if !sink.instancePrefix.isEmpty { bytes.append(contentsOf: sink.instancePrefix) }
        for step in UnsafeBufferPointer(start: sink.path, count: min(pathCount, ViolationSink.pathCapacity)) {
            bytes.append(UInt8(ascii: "/"))
            switch step {
            case .index(let index): JSONWriter.appendDecimal(index, to: &bytes)
            case .key(let node): withString(node) { JSONPointer.appendEscaped($0, to: &bytes) }
            }
        }
    }

    /// Whether a failure here is reported (no enclosing quiet evaluation). Hot call sites ask
    /// it before calling ``report(_:_:_:_:)``: that call, from a `mutating` evaluation, hands
    /// over a copy of the evaluator (some 280 bytes, and a retain per reference it holds),
    /// which a quiet probe would pay for nothing.
    var reports: Bool { quiet == 0 }

    /// Reports a violation of `keyword` in schema `schema` at the current instance location,
    /// unless evaluation is quiet (`message` is then not built).
    func report(_ schema: Int, _ keyword: String, _ code: Violation.Code, _ message: @autoclosure () -> String) {
        guard quiet == 0 else { return }
        let message = message()  // before the sink's text is taken out: a message may evaluate more
        var text = sink.takeText()
        let pointerStart = text.count
        appendInstancePointer(to: &text)
        sink.append(
            schema: schema, keyword: keyword, code: code, keywordLocation: recordedKeywordLocation(schema, keyword), message: message,
            text: &text, pointerStart: pointerStart, messageStart: text.count)
    }

    /// As ``report(_:_:_:_:)`` with the message `first`, `second` and then ``shown(_:)`` of
    /// `node`, written straight into the sink's text (no string is built).
    func report(_ schema: Int, _ keyword: String, _ code: Violation.Code, _ node: Int, showing first: String, _ second: String = "") {
        guard quiet == 0 else { return }
        var text = sink.takeText()
        let pointerStart = text.count
        appendInstancePointer(to: &text)
        let messageStart = text.count
        text.append(contentsOf: first.utf8)
        text.append(contentsOf: second.utf8)
        appendShown(node, to: &text)
        sink.append(
            schema: schema, keyword: keyword, code: code, keywordLocation: recordedKeywordLocation(schema, keyword), text: &text,
            pointerStart: pointerStart, messageStart: messageStart)
    }

    /// The keyword location a ``ViolationRecord`` keeps: `nil` when it is the schema's path
    /// from the root and the keyword, else built (``keywordLocation(_:_:)``).
    private func recordedKeywordLocation(_ schema: Int, _ keyword: String) -> String? {
        sink.crossed.isEmpty && buffers.rootPaths[schema] != nil ? nil : keywordLocation(schema, keyword)
    }

    /// A short rendering of a value for messages, or nothing under a sensitive schema.
    func shown(_ node: Int) -> String {
        var out: [UInt8] = []
        appendShown(node, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``shown(_:)`` of `node`: ` (got <value>)`, strings and numbers clipped at 40
    /// characters.
    func appendShown(_ node: Int, to out: inout [UInt8]) {
        guard sensitive == 0 else { return }
        switch kindOf(node) {
        case .string:
            withString(node) { Self.appendShown(string: $0, to: &out) }
        case .number:
            let text = document.numberText(node) ?? ""
            out.append(contentsOf: " (got ".utf8)
            out.append(contentsOf: (text.utf8.count <= 40 || text.count <= 40 ? text : String(text.prefix(40)) + "…").utf8)
            out.append(contentsOf: ")".utf8)
        case .bool, .null:
            out.append(contentsOf: " (got ".utf8)
            out.append(contentsOf: document.rawBytes(node))
            out.append(contentsOf: ")".utf8)
        case .array: out.append(contentsOf: " (got an array)".utf8)
        case .object: out.append(contentsOf: " (got an object)".utf8)
        }
    }

    /// Appends ``shown(_:)`` of a string, given by its (unescaped, valid UTF-8) bytes: ` (got "…")`,
    /// the string written as JSON and clipped at 40 characters. (Also the shown value of a
    /// compiled violation, ``FaultVerdicts``.)
    static func appendShown(string text: some Collection<UInt8>, to out: inout [UInt8]) {
        JSONWriter.appendLiteral(#" (got ""#, to: &out)
        if text.count <= 40 {
            // No more than 40 bytes means no more than 40 characters: escaped from the bytes.
            JSONWriter.appendEscaped(text, to: &out)
        } else {
            let string = String(decoding: text, as: UTF8.self)
            JSONWriter.appendEscaped(string.count <= 40 ? string : String(string.prefix(40)) + "…", to: &out)
        }
        JSONWriter.appendLiteral(#"")"#, to: &out)
    }

    // MARK: evaluation

    /// Evaluates schema `s` against instance node `node`.
    /// - Parameters:
    ///   - annotations: receives evaluated members/items when `collect` is set, and is neither
    ///     read nor written when it is not: a caller that collects nothing hands over any
    ///     annotations it holds rather than a fresh value (whose release would be paid for on
    ///     every evaluation).
    ///   - collect: whether the caller needs annotations for the same instance location.
    mutating func evaluate(_ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        // Read in place: the compiled schema is a few dozen bytes, and a copy per evaluation
        // (passed on to `evaluateChecks`) showed up as a `memcpy` per child in profiles.
        let schema = schemas.baseAddress.unsafelyUnwrapped + s
        switch schema.pointee.kind {
        case .alwaysValid:
            return true
        case .alwaysInvalid:
            guard reports else {
                if recordingBranch && quiet == 1 { noteBranchFailureBeforeEntry(s, node) }
                return false
            }
            switch schema.pointee.refusal {
            case .falseSchema: report(s, "", .falseSchema, "no value is allowed here")
            case .readOnly: report(s, "readOnly", .readOnly, "a readOnly value is not sent in a request")
            case .writeOnly: report(s, "writeOnly", .writeOnly, "a writeOnly value is not sent in a response")
            }
            return false
        case .checks:
            if quiet > 0 && failsOnTypeAlone(s, node) {
                if recordingBranch && quiet == 1 { noteBranchFailureBeforeEntry(s, node) }
                return false
            }
            // A leaf that asserts only its type, passed without entering it (no nesting to
            // count: the limits below are checked as entering would, and hold).
            if schema.pointee.assertsOnlyType && !collectSteps && depth < stackRoomUntil && depth < Evaluator.depthLimit
                && inPlaceDepth < Evaluator.inPlaceDepthLimit && matchesType(schema.pointee.typeMask, node)
            {
                return true
            }
        }
        depth += 1
        inPlaceDepth += 1
        defer {
            depth -= 1
            inPlaceDepth -= 1
            if depth < stackCheckedAt {
                stackRoomUntil = StackBudget.threshold
                stackCheckedAt = Int.max
            }
        }
        if depth > Evaluator.depthLimit || inPlaceDepth > Evaluator.inPlaceDepthLimit {
            report(s, "", .depthLimit, "evaluation is nested deeper than the limit (a $ref cycle that never reaches a value?)")
            if recordingBranch && quiet == 1 { noteBranchFailure(s, node, rerunnable: false) }
            return false
        }
        if depth > stackRoomUntil {
            if let room = stack.room() {
                guard room > 0 else {
                    report(s, "", .depthLimit, "evaluation is nested deeper than this thread's stack allows")
                    if recordingBranch && quiet == 1 { noteBranchFailure(s, node, rerunnable: false) }
                    return false
                }
                stackRoomUntil = depth + Int(room / StackBudget.levelBound)
                stackCheckedAt = depth
            } else {
                // Bounds unknown: only the depth limit applies (the budget stays unknown).
                stackRoomUntil = Int.max
                stackCheckedAt = 0
            }
        }
        let pushedScope = usesDynamicScope && dynamicScope.last != Int(schema.pointee.resource)
        if pushedScope { dynamicScope.append(Int(schema.pointee.resource)) }
        defer { if pushedScope { dynamicScope.removeLast() } }
        let isSensitive = schema.pointee.sensitive
        if isSensitive { sensitive += 1 }
        defer { if isSensitive { sensitive -= 1 } }
        if collectSteps {
            // A failed branch evaluated again for its reason (``branchReasons(_:_:)``) is not
            // a place the steps apply: the quiet pass that collects them never explains.
            if schema.pointee.sanitizeSteps >= 0 && explaining == 0 { steps.append((node, Int(schema.pointee.sanitizeSteps))) }
            if traceSchemas { trace.append((node, s)) }
        }

        let valid: Bool
        if schema.pointee.referenceOnly >= 0 && quiet > 0 && !collectSteps && !(recordingBranch && quiet == 1) {
            // A plain `$ref`, evaluated for its verdict alone: its target, entered as the
            // reference would enter it (the same depths), without the reference's step, which
            // only a reported or recorded failure's location reads.
            valid = evaluate(Int(schema.pointee.referenceOnly), node, &annotations, collect: collect)
        } else if schema.pointee.needsAnnotations && !collect {
            var local = Annotations()
            valid = evaluateChecks(s, schema, node, &local, collect: true)
        } else {
            valid = evaluateChecks(s, schema, node, &annotations, collect: collect)
        }
        if !valid && recordingBranch && quiet == 1 {
            // As it was entered; a schema that reads annotations it was handed cannot be
            // evaluated again without them.
            noteBranchFailure(
                s, node, depth: depth - 1, inPlaceDepth: inPlaceDepth - 1, sensitive: isSensitive ? sensitive - 1 : sensitive,
                rerunnable: !(schema.pointee.needsAnnotations && collect))
        }
        return valid
    }

    /// Whether a quiet evaluation of `schema` fails on `node`'s type alone: it wants only the
    /// verdict, so a value of a type the schema refuses fails before any bookkeeping (most
    /// `oneOf`/`anyOf` branches that fail, fail so, and their loops ask it before entering a
    /// branch). Never while collecting steps: every schema entered counts then.
    @inline(__always)
    func failsOnTypeAlone(_ s: Int, _ node: Int) -> Bool {
        let schema = schemas.baseAddress.unsafelyUnwrapped + s
        let typeMask = schema.pointee.typeMask
        return !collectSteps && schema.pointee.kind == .checks && typeMask != TypeBits.any && !matchesType(typeMask, node)
    }

    mutating func evaluateChecks(
        _ s: Int, _ schema: UnsafePointer<CompiledSchema>, _ node: Int, _ annotations: inout Annotations, collect: Bool
    ) -> Bool {
        var valid = true
        let typeMask = schema.pointee.typeMask
        if typeMask != TypeBits.any && !matchesType(typeMask, node) {
            if reports { reportTypeMismatch(s, typeMask, node) }
            valid = false
            if stopEarly { return false }
        }
        for index in schema.pointee.general.range {
            if !evaluate(checks[index], s, node, &annotations, collect: collect) {
                valid = false
                if stopEarly { return false }
            }
        }
        for index in schema.pointee.inPlace.range {
            if !evaluate(checks[index], s, node, &annotations, collect: collect) {
                valid = false
                if stopEarly { return false }
            }
        }
        switch kindOf(node) {
        case .string:
            for index in schema.pointee.strings.range {
                if !evaluate(checks[index], s, node, &annotations, collect: collect) {
                    valid = false
                    if stopEarly { return false }
                }
            }
        case .number:
            for index in schema.pointee.numbers.range {
                if !evaluate(checks[index], s, node, &annotations, collect: collect) {
                    valid = false
                    if stopEarly { return false }
                }
            }
        case .object:
            for index in schema.pointee.objects.range {
                if !evaluate(checks[index], s, node, &annotations, collect: collect) {
                    valid = false
                    if stopEarly { return false }
                }
            }
            if schema.pointee.unevaluatedProperties >= 0 {
                if !evaluateUnevaluatedProperties(s, Int(schema.pointee.unevaluatedProperties), node, &annotations) {
                    valid = false
                    if stopEarly { return false }
                }
            }
        case .array:
            for index in schema.pointee.arrays.range {
                if !evaluate(checks[index], s, node, &annotations, collect: collect) {
                    valid = false
                    if stopEarly { return false }
                }
            }
            if schema.pointee.unevaluatedItems >= 0 {
                if !evaluateUnevaluatedItems(s, Int(schema.pointee.unevaluatedItems), node, &annotations) {
                    valid = false
                    if stopEarly { return false }
                }
            }
        case .null, .bool:
            break
        }
        return valid
    }

    /// Reports a `type` violation; out of line, so that its message's temporaries stay out of
    /// the frame of ``evaluateChecks(_:_:_:_:collect:)``, which every nesting level holds.
    @inline(never)
    func reportTypeMismatch(_ s: Int, _ mask: UInt8, _ node: Int) {
        var found = foundType(node)
        // Draft-04's `integer` is a number written without a fraction or an exponent: a value
        // it refuses, such as `1.0`, is a number there, not an integer (found 2 → 3 in
        // ``TypeBits/foundNames``; "expected integer, found integer" said nothing).
        if found == TypeBits.foundInteger && mask & TypeBits.integerSyntax != 0 { found = TypeBits.foundNumber }
        report(s, "type", .type, buffers.typeMismatchMessages[Int(mask)][found])
    }

    /// Evaluates a subschema against another node with fresh annotations.
    @inline(__always)
    mutating func pushPath(_ step: PathStep) {
        if pathCount < ViolationSink.pathCapacity { sink.path[pathCount] = step }
        pathCount += 1
    }

    @inline(__always)
    mutating func popPath() { pathCount -= 1 }

    /// - Parameter unused: any annotations the caller holds; a child evaluation collects none,
    ///   so it neither reads nor writes them (``evaluate(_:_:_:collect:)``).
    mutating func evaluateChild(_ s: Int, _ node: Int, _ step: PathStep, passing unused: inout Annotations) -> Bool {
        if !faults.isEmpty && !overlapsFault(node) { return true }
        pushPath(step)
        let savedInPlace = inPlaceDepth
        inPlaceDepth = 0
        defer {
            popPath()
            inPlaceDepth = savedInPlace
        }
        return evaluate(s, node, &unused, collect: false)
    }

    /// Whether the value at `node` overlaps one of ``faults`` (a string's span counts its quotes).
    func overlapsFault(_ node: Int) -> Bool {
        let n = nodes[node]
        let isString = n.kind == .string
        let low = isString ? n.start - 1 : n.start
        let high = isString ? n.end + 1 : n.end
        var index = 0
        while index < faults.count {
            if faults[index] < high && low < faults[index + 1] { return true }
            index += 2
        }
        return false
    }

    /// Evaluates quietly: only the verdict matters (and annotations when collecting).
    mutating func probe(_ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        quiet += 1
        defer { quiet -= 1 }
        return evaluate(s, node, &annotations, collect: collect)
    }

    /// Whether the instance at `node` equals constant `index` (JSON equality). A string without
    /// escapes is compared by its bytes with the constant's, without touching the document
    /// objects; anything else goes through ``JSONEquality``.
    @inline(__always)
    func equalsConstant(_ index: Int, _ node: Int) -> Bool {
        let n = nodes[node]
        if n.kind == .string && n.flags & JSONNode.Flags.escaped == 0 {
            return buffers.constantIsString(index, equalTo: rawText(node))
        }
        return JSONEquality.equal(document, node, buffers.program.constants[index], 0)
    }

    /// Whether two nodes of the instance are equal (JSON equality). Two strings without escapes
    /// are compared by their bytes through the pinned text; anything else goes through
    /// ``JSONEquality``.
    @inline(__always)
    func instanceNodesEqual(_ x: Int, _ y: Int) -> Bool {
        let a = nodes[x]
        let b = nodes[y]
        guard a.kind == b.kind else { return false }
        if a.kind == .string && (a.flags | b.flags) & JSONNode.Flags.escaped == 0 {
            let count = Int(a.end - a.start)
            return count == Int(b.end - b.start)
                && bytesEqual(text + Int(a.start), text + Int(b.start), count: count)
        }
        return JSONEquality.equal(document, x, document, y)
    }

    /// The index in ``TypeBits/foundNames`` of the node's type, as messages name it.
    func foundType(_ node: Int) -> Int {
        switch kindOf(node) {
        case .null: return TypeBits.foundNull
        case .bool: return TypeBits.foundBoolean
        case .number: return isInteger(node) ? TypeBits.foundInteger : TypeBits.foundNumber
        case .string: return TypeBits.foundString
        case .array: return TypeBits.foundArray
        case .object: return TypeBits.foundObject
        }
    }

    @inline(__always)
    func matchesType(_ mask: UInt8, _ node: Int) -> Bool {
        switch kindOf(node) {
        case .null: return mask & TypeBits.null != 0
        case .bool: return mask & TypeBits.boolean != 0
        case .string: return mask & TypeBits.string != 0
        case .array: return mask & TypeBits.array != 0
        case .object: return mask & TypeBits.object != 0
        case .number:
            if mask & TypeBits.number != 0 { return true }
            if mask & TypeBits.integerSyntax != 0 && nodes[node].flags & JSONNode.Flags.integer != 0 { return true }
            return mask & TypeBits.integer != 0 && isInteger(node)
        }
    }

    @inline(__always)
    func isInteger(_ node: Int) -> Bool {
        if nodes[node].flags & JSONNode.Flags.integer != 0 { return true }
        return Self.isIntegerDecimal(rawText(node))
    }

    /// Whether a number written with a fraction or an exponent (`1.0`, `1e2`) is an integer.
    /// Out of line and static: the fast paths that inline ``isInteger(_:)`` keep small frames
    /// (debug and sanitizer builds recurse through them) and copy nothing.
    @inline(never)
    static func isIntegerDecimal(_ text: UnsafeRawBufferPointer) -> Bool {
        JSONDecimal(text: text)?.isInteger ?? false
    }

    func decimal(_ node: Int) -> JSONDecimal? {
        JSONDecimal(text: rawText(node))
    }

    /// The number at `node` as a Double when the conversion is exact (no allocation).
    @inline(__always)
    func exactDouble(_ node: Int) -> Double? {
        JSONDecimal.exactDouble(rawText(node))
    }

    /// A small integer's value without building a decimal (≤ 18 digits, no fraction/exponent).
    @inline(__always)
    func smallInteger(_ node: Int) -> Int64? {
        let n = nodes[node]
        guard n.flags & JSONNode.Flags.integer != 0, n.end - n.start <= 18 else { return nil }
        var index = Int(n.start)
        var negative = false
        if text[index] == 0x2D {
            negative = true
            index += 1
        }
        var value: Int64 = 0
        while index < Int(n.end) {
            value = value * 10 + Int64(text[index] &- 0x30)
            index += 1
        }
        return negative ? -value : value
    }
}
