/// A one-pass check of a record against a contract made of the common keywords (or against
/// the policy of a filter without a contract): it reads the bytes once, with no parse tree,
/// and answers "the record is valid, and every `x-sanitize` step leaves it as it is" or "not
/// sure".
///
/// Most records a filter sees are already clean and valid. For them the general path (parse
/// into nodes, walk the step plan, write, evaluate) is several passes of work whose result is
/// the input line itself. This check reads the line once and says so; on "not sure" (an
/// invalid record, a value a step would change, an escape, whitespace between tokens, a
/// fraction where a bound applies, a name `additionalProperties: false` refuses, more than 16
/// unlisted names in one object, …) the caller runs the general path, which alone reports
/// violations and rewrites values. So the check changes speed, never output: a "yes" is given
/// only where the general path would write the record unchanged and report nothing.
///
/// It exists for contracts built only from `type`, `properties`, `required`,
/// `additionalProperties` (true or false), `items` (one schema), `minLength`, `maxLength`,
/// `pattern`, `format`, integer-valued `minimum`/`maximum`/`exclusiveMinimum`/`exclusiveMaximum`,
/// `minItems`, `maxItems`, `uniqueItems`, `minProperties`, `maxProperties`, `enum`/`const` of
/// strings, annotations and `x-sanitize` (see ``build(program:stepLists:limits:)``, which reads the compiled contract), and for policies
/// (``build(policySteps:limits:)``).
///
/// One owner for every table the check reads: this object allocates them in `init`, never
/// changes them afterwards and frees them in `deinit` (so it may be read from several threads
/// at once). ``passes(_:)`` lends them to a ``ShapeScan`` as plain base pointers for the
/// duration of the call only, so that the scan costs no reference counting; nothing else holds
/// a pointer into them.
final class ShapeCheck: @unchecked Sendable {
    /// One schema, reduced to what the check reads.
    struct Node {
        /// ``TypeBits`` of the types allowed; 0 for the `false` schema.
        var types: UInt8 = TypeBits.any
        var minLength = 0
        var maxLength = Int.max
        /// Index into ``patterns``, or -1.
        var pattern = -1
        /// The pattern, when it is a simple character class checked without PCRE2.
        var classPattern: ASCIIClassPattern?
        var format: FormatKind?
        /// Inclusive integer bounds.
        var minimum = Int64.min
        var maximum = Int64.max
        /// The node's properties: `propertyCount` entries of ``properties`` from `firstProperty`.
        var firstProperty = 0
        var propertyCount = 0
        /// Bit `i` set: property `i` of the node is required.
        var requiredMask: UInt64 = 0
        var minProperties = 0
        var maxProperties = Int.max
        /// The node members with names the node does not list are checked against (0: anything),
        /// or -1 when such a member makes the record "not sure" (`additionalProperties: false`).
        var openMembers = 0
        /// The node every array element is checked against (0: anything).
        var items = 0
        var minItems = 0
        var maxItems = Int.max
        var uniqueItems = false
        /// Index into ``stepLists`` and ``guards``, or -1 when no step applies here.
        var steps = -1
        /// `enum` (or `const`) of strings only: `enumCount` entries of ``enumStrings`` from
        /// `firstEnum`; 0 when the node has none.
        var firstEnum = 0
        var enumCount = 0
        /// A step list applies here or at a node below (set by the check's `init`): a value
        /// of this node that the scan did not read may hold a string a step changes.
        var stepsWithin = false
        /// The compiled schema the node reads, or -1 (node 0, a policy's nodes).
        var schema: Int32 = -1
        /// A value of this node that fails may be evaluated alone, as a ``Leaf`` (set by
        /// ``ShapeCheckBuilder/markLeaves()``): the node is reached from the root by one path of
        /// members and elements, on which no array compares its elements (`uniqueItems`, whose
        /// verdict the scan takes from the elements' bytes, escapes and all), so that every
        /// object and array around such a value passes its own checks exactly when the scan
        /// says so.
        var evaluatesAlone = false
        /// A schema on the path to the node (not the node's own) hides values from messages
        /// (`writeOnly`, `x-sensitive`).
        var underSensitive = false
    }

    /// The one fault of a record that the scan located at a value it read alone
    /// (``Scanner/locate(_:faults:skippable:leaf:)``): enough to evaluate that value without
    /// parsing the rest of the record (``Contract/validate(leaf:value:limits:document:into:)``).
    struct Leaf {
        /// The compiled schema of the value, or -1 when there is no such fault (more than one
        /// fault, an object's or array's own, a value no schema reads alone).
        var schema = -1
        /// Whether a schema around the value hides values from messages.
        var underSensitive = false
        /// How many objects and arrays enclose the value.
        var depth = 0
        /// Where the value is in the record, as byte offsets.
        var value: Range<Int> = 0..<0
        /// The value's instance location, as the bytes of its JSON Pointer (`/address/country`),
        /// from the keys and indices of the path the scan noted (``ShapeScan/leafPointer(_:)``);
        /// for a fault whose ``cause`` is ``Cause/refused(name:)``, the refused member's.
        var pointer: [UInt8] = []
        /// The node of the record's one fault, a value's or an object's own, when that node is
        /// reached alone (``Node/evaluatesAlone``) and the fault's ``pointer`` is set; -1 otherwise.
        var node = -1
        /// Why that fault fails, as far as the scan can tell (``FaultVerdicts`` looks its
        /// violation up by the node and this).
        var cause = Cause.unknown
    }

    /// Why the one fault of a record fails, as far as the scan can tell. With the fault's node
    /// this is all the fault's violation depends on, but for its instance location, when the
    /// node's schema asserts nothing else about such a value (``FaultVerdicts``).
    enum Cause: Equatable {
        /// Nothing the scan can tell (the fault is looked at by the evaluator).
        case unknown
        /// A value of this type (its index in ``TypeBits/foundNames``), read as strict JSON:
        /// `null`, `true` or `false`, an integer without fraction or exponent, or a string
        /// without escapes (valid UTF-8).
        case value(foundType: Int)
        /// A string, read as strict JSON, of a type the node allows, that fails one check of
        /// the node's and passes all the others.
        case string(failing: StringCheck)
        /// An object whose only fault is one required property missing: its slot among the
        /// node's properties. Every member is valid and the member count is within bounds.
        case missing(slot: Int)
        /// An object whose only fault is one member its schema refuses
        /// (`additionalProperties: false`): the member's name, an escape-free key, at these
        /// offsets in the record. Every other member is valid, none is missing and the member
        /// count is within bounds.
        case refused(name: Range<Int>)
    }

    /// A check of a string whose violation shows the value (``Cause/string(failing:)``).
    enum StringCheck: Int, CaseIterable {
        /// `pattern`: the string does not match (PCRE2 did not give up).
        case pattern
        /// `format`.
        case format
    }

    /// One named property of an object node.
    struct Property {
        /// The name's bytes: `nameCount` bytes of the check's name buffer from `nameStart`.
        var nameStart: Int
        var nameCount: Int
        var node: Int
        /// The name has no quote, backslash or control byte, so a record's key that holds the
        /// same bytes between quotes is this name (no escape can hide in it).
        var isPlain: Bool
    }

    /// The tables as a scan reads them, each allocated once here (at least one element), never
    /// changed afterwards, freed in `deinit`.
    private let tables: Tables
    /// The memory behind `tables`, for `deinit`.
    private let owned: [UnsafeMutableRawPointer]
    /// The compiled patterns, held here; the tables' `patterns` lets the scan match without
    /// reference counting.
    private let patterns: [PCRE2Pattern]
    /// How many step lists the tables hold (initialized, so deinitialized in `deinit`).
    private let stepListCount: Int
    /// The tables and the size limit as a plain value that scans a record (``Scanner``).
    let scanner: Scanner
    /// The nodes and the properties as the tables hold them, for what is compiled from them
    /// at start-up (``FaultVerdicts``).
    let nodeList: [Node]
    let propertyList: [(name: [UInt8], node: Int)]

    init(
        nodes: [Node], properties: [(name: [UInt8], node: Int)], enumStrings: [[UInt8]] = [], patterns: [PCRE2Pattern],
        stepLists: [[SanitizeStep]], limits: JSONLimits
    ) {
        var owned: [UnsafeMutableRawPointer] = []
        /// A new buffer (room for at least one element) holding `values`, recorded in `owned`.
        func copy<T>(_ values: [T]) -> UnsafePointer<T> {
            let memory = UnsafeMutablePointer<T>.allocate(capacity: max(1, values.count))
            memory.initialize(from: values, count: values.count)
            owned.append(.init(memory))
            return .init(memory)
        }
        var nameBytes: [UInt8] = []
        var entries: [Property] = []
        for property in properties {
            let isPlain = !property.name.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            entries.append(Property(nameStart: nameBytes.count, nameCount: property.name.count, node: property.node, isPlain: isPlain))
            nameBytes.append(contentsOf: property.name)
        }
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for string in enumStrings {
            ranges.append(bytes.count..<bytes.count + string.count)
            bytes.append(contentsOf: string)
        }
        // The deepest nesting checked; deeper records go to the general path (which has the
        // parser's own limit), so the check's recursion stays shallow. The contract's evaluator
        // descends no deeper than the schema and the record both go, so at 32 levels its stack
        // budget (``StackBudget``) could refuse a record only on a thread with a stack of a few
        // dozen KiB; the filter's workers have 8 MiB.
        let marked = Self.markingSteps(nodes, properties: properties)
        nodeList = marked
        propertyList = properties
        tables = Tables(
            nodes: copy(marked), properties: copy(entries), names: copy(nameBytes),
            enumStrings: copy(ranges), enumBytes: copy(bytes), patterns: copy(patterns.map { Unmanaged.passUnretained($0) }),
            stepLists: copy(stepLists), guards: copy(stepLists.map(ASCIIStepGuard.init)), maxDepth: min(limits.maxDepth, ShapeCheck.maxScanDepth))
        self.owned = owned
        self.patterns = patterns
        stepListCount = stepLists.count
        scanner = Scanner(tables: tables, maxBytes: limits.maxBytes)
    }

    deinit {
        // The step lists hold arrays: the only table with anything to deinitialize.
        UnsafeMutablePointer(mutating: tables.stepLists).deinitialize(count: stepListCount)
        for memory in owned { memory.deallocate() }
    }

    /// `nodes` with ``Node/stepsWithin`` set: repeated until nothing changes, since a policy's
    /// node is its own child.
    private static func markingSteps(_ nodes: [Node], properties: [(name: [UInt8], node: Int)]) -> [Node] {
        var nodes = nodes
        for index in nodes.indices { nodes[index].stepsWithin = nodes[index].steps >= 0 }
        var changed = true
        while changed {
            changed = false
            for index in nodes.indices where !nodes[index].stepsWithin {
                let node = nodes[index]
                let members = properties[node.firstProperty..<node.firstProperty + node.propertyCount].map(\.node)
                let children = members + [node.items] + (node.openMembers > 0 ? [node.openMembers] : [])
                if children.contains(where: { nodes[$0].stepsWithin }) {
                    nodes[index].stepsWithin = true
                    changed = true
                }
            }
        }
        return nodes
    }

    /// The tables as a ``ShapeScan`` reads them: base pointers lent by the check for the
    /// duration of one ``ShapeCheck/Scanner/passes(_:)`` or ``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``
    /// call, never stored beyond it.
    struct Tables {
        let nodes: UnsafePointer<Node>
        let properties: UnsafePointer<Property>
        let names: UnsafePointer<UInt8>
        let enumStrings: UnsafePointer<Range<Int>>
        let enumBytes: UnsafePointer<UInt8>
        let patterns: UnsafePointer<Unmanaged<PCRE2Pattern>>
        let stepLists: UnsafePointer<[SanitizeStep]>
        let guards: UnsafePointer<ASCIIStepGuard>
        let maxDepth: Int

        /// The bytes of property `property`'s name.
        @inline(__always)
        func name(of property: Property) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: names + property.nameStart, count: property.nameCount)
        }

        /// The bytes of enumerated string `index`.
        @inline(__always)
        func enumString(_ index: Int) -> UnsafeRawBufferPointer {
            let range = enumStrings[index]
            return UnsafeRawBufferPointer(start: enumBytes + range.lowerBound, count: range.count)
        }
    }

    /// What ``Scanner/locate(_:faults:skippable:leaf:)`` found.
    enum Location: Equatable {
        /// As ``Scanner/passes(_:)``: valid, and every step leaves the record as it is.
        case passes
        /// Only the values in `faults` may fail; everything else is valid and left as it is.
        case faults
        /// The record's one fault has a compiled violation (``FaultVerdicts``): its index. The
        /// leaf holds the fault's node, cause and pointer; the lists are left as they were.
        case compiled(Int)
        /// Not sure: the general path decides.
        case unsure
    }

    /// The most places ``Scanner/locate(_:faults:skippable:leaf:)`` keeps; a record with more is "not sure".
    static let maxFaults = 8
    /// The most objects and arrays read to the end that it notes (the first ones to close).
    static let maxSpans = 16
    /// The deepest a scan reads (deeper records are "not sure").
    static let maxScanDepth = 32
    /// Where a locating scan's room holds the first fault's path, one step per level, after
    /// the faults' and the spans' pairs.
    static let pathSlotsStart = 2 * (maxFaults + maxSpans)

    /// The check as a caller runs it: the tables' base pointers and the size limit, a plain
    /// value, so that a filter shared by several threads scans with no reference counting (a
    /// retain and release of the check per record made its count one cache line that both
    /// cores wrote). It is valid only while its ``ShapeCheck`` lives: whoever keeps a scanner
    /// keeps the check beside it.
    struct Scanner: @unchecked Sendable {
        let tables: Tables
        /// The parser's size limit: a longer record goes to the general path, which refuses it.
        let maxBytes: Int

        /// Whether the record is certainly valid and left unchanged by every step (so that the
        /// filter's output is the record's bytes as they are); `false` means "not sure".
        /// - Parameter record: one JSON text, the root schema being node 1.
        func passes(_ record: UnsafeRawBufferPointer) -> Bool {
            guard let base = record.baseAddress, record.count <= maxBytes else { return false }
            let start = base.assumingMemoryBound(to: UInt8.self)
            var scan = ShapeScan(check: tables, cursor: start, end: start + record.count, origin: start)
            return scan.value(at: 1, depth: 0) && scan.cursor == scan.end
        }

        /// As ``passes(_:)``, but a value that fails (or that the scan cannot judge) is located
        /// instead of ending the scan, which goes on after it: `faults` receives, as pairs of byte
        /// offsets `[start, end)`, each such value (an object or array that fails a check of its
        /// own is the one byte of its opening bracket, its members having been read one by one).
        /// Every value that overlaps no pair is valid against the schema that applies to it, and
        /// every string a step applies to is left unchanged by it, so the contract's evaluator
        /// needs to read only the values that overlap a pair (``Evaluator/faults``). Whether the
        /// record is JSON at all is not settled: the caller parses it, and may step over the
        /// objects and arrays in `skippable` (``JSONDocument/reparse(_:limits:skipping:namesComparedOutside:)``).
        /// Every object the scan read member by member (each that does not start inside a
        /// fault of two bytes or more: such a fault is a value the scan stepped over whole) has
        /// distinct member names, since the scan compares them and gives up on a repeated one,
        /// so the parse need not check them again.
        /// - Parameters:
        ///   - record: one JSON text, the root schema being node 1.
        ///   - faults: replaced by the located values, two offsets each (left alone unless the
        ///     answer is ``Location/faults``).
        ///   - skippable: replaced by objects and arrays the scan read to the end, strict JSON
        ///     overlapping no fault, two offsets each (not all of them: the first few to close;
        ///     left alone unless the answer is ``Location/faults``).
        ///   - leaf: when the answer is ``Location/faults`` and the record's one fault is a
        ///     value of a node that evaluates alone (``Node/evaluatesAlone``), that value with
        ///     its path; otherwise its schema is -1. Its node and cause are set for such a value
        ///     and for an object of such a node whose own fault is the record's only one; its
        ///     node is -1 otherwise.
        ///   - verdicts: when given, a fault they have a violation for is answered
        ///     ``Location/compiled(_:)``, with the lists left alone.
        /// - Returns: what the scan found.
        func locate(
            _ record: UnsafeRawBufferPointer, faults: inout [UInt32], skippable: inout [UInt32], leaf: inout Leaf,
            verdicts: FaultVerdicts? = nil
        ) -> ShapeCheck.Location {
            guard let base = record.baseAddress, record.count <= maxBytes, record.count < Int(UInt32.max) else { return .unsure }
            let start = base.assumingMemoryBound(to: UInt8.self)
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: ShapeCheck.pathSlotsStart + ShapeCheck.maxScanDepth) { buffer in
                var scan = ShapeScan(check: tables, cursor: start, end: start + record.count, origin: start, found: buffer.baseAddress!)
                guard scan.value(at: 1, depth: 0) || scan.recover(0, 1), !scan.unsure, scan.cursor == scan.end else {
                    return .unsure
                }
                // The lists are filled only for faults: a record that passes costs them nothing.
                if scan.faultCount == 0 { return .passes }
                leaf.schema = -1
                leaf.node = -1
                leaf.cause = .unknown
                // A key's offset is a path step below 2³¹ (``ShapeScan/elementStep``). An empty fault
                // is a missing value (`[1,]`, `[,1]`): no leaf, the parse refuses the record (inside
                // its brackets alone, as `[]`, it would be JSON, and valid).
                let faultNode = scan.leafNode >= 0 ? scan.leafNode : scan.objectFaultNode
                if scan.faultCount == 1 && faultNode >= 0 && buffer[1] > buffer[0] && record.count <= Int(Int32.max)
                    && scan.leafPointer(&leaf.pointer)
                {
                    leaf.node = faultNode
                    leaf.cause = scan.cause
                    if case .refused(let name) = scan.cause {
                        leaf.pointer.append(UInt8(ascii: "/"))
                        JSONPointer.appendEscaped(record[name], to: &leaf.pointer)
                    }
                    if scan.leafNode >= 0 {
                        let node = tables.nodes[scan.leafNode]
                        leaf.underSensitive = node.underSensitive
                        leaf.depth = scan.pathLength
                        leaf.value = Int(buffer[0])..<Int(buffer[1])
                        leaf.schema = Int(node.schema)
                    }
                    if let verdict = verdicts?.verdict(node: faultNode, cause: scan.cause) { return .compiled(verdict) }
                }
                return collect(scan, faults: &faults, skippable: &skippable)
            }
        }

        /// Copies a scan's faults, and the spans it read that overlap none of them, to the lists.
        private func collect(_ scan: ShapeScan, faults: inout [UInt32], skippable: inout [UInt32]) -> ShapeCheck.Location {
            let buffer = scan.found!
            faults.removeAll(keepingCapacity: true)
            skippable.removeAll(keepingCapacity: true)
            for index in 0..<2 * scan.faultCount { faults.append(buffer[index]) }
            for span in ShapeCheck.maxFaults..<ShapeCheck.maxFaults + scan.spanCount {
                let low = buffer[2 * span]
                let high = buffer[2 * span + 1]
                if !stride(from: 0, to: faults.count, by: 2).contains(where: { faults[$0] < high && low < faults[$0 + 1] }) {
                    skippable.append(low)
                    skippable.append(high)
                }
            }
            return .faults
        }
    }
}
