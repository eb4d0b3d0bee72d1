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
/// A plain value with raw pointers, so that copying it and reading it from several threads
/// costs no reference counting; ``Storage`` owns what the pointers point at and must outlive
/// every copy.
struct ShapeCheck: @unchecked Sendable {
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
    }

    /// One named property of an object node.
    struct Property {
        var name: UnsafeRawBufferPointer
        var node: Int
        /// The name has no quote, backslash or control byte, so a record's key that holds the
        /// same bytes between quotes is this name (no escape can hide in it).
        var isPlain: Bool
    }

    /// Owns the memory the check's pointers point at.
    final class Storage: @unchecked Sendable {
        let nodes: UnsafeMutableBufferPointer<Node>
        let properties: UnsafeMutableBufferPointer<Property>
        let names: UnsafeMutableRawBufferPointer
        let patterns: [PCRE2Pattern]
        let unretainedPatterns: UnsafeMutableBufferPointer<Unmanaged<PCRE2Pattern>>
        let enumStrings: UnsafeMutableBufferPointer<UnsafeRawBufferPointer>
        let enumBytes: UnsafeMutableRawBufferPointer
        let stepLists: UnsafeMutableBufferPointer<[SanitizeStep]>
        /// How many of `stepLists` are initialized (the buffer has room for one when none are).
        let stepListCount: Int
        let guards: UnsafeMutableBufferPointer<ASCIIStepGuard>

        init(
            nodes: [Node], properties: [(name: [UInt8], node: Int)], enumStrings: [[UInt8]] = [], patterns: [PCRE2Pattern],
            stepLists: [[SanitizeStep]]
        ) {
            self.nodes = Self.copy(nodes)
            names = .allocate(byteCount: max(1, properties.reduce(0) { $0 + $1.name.count }), alignment: 8)
            var offset = 0
            var entries: [Property] = []
            for property in properties {
                let name = UnsafeMutableRawBufferPointer(rebasing: names[offset..<offset + property.name.count])
                name.copyBytes(from: property.name)
                let isPlain = !property.name.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
                entries.append(Property(name: UnsafeRawBufferPointer(name), node: property.node, isPlain: isPlain))
                offset += property.name.count
            }
            self.properties = Self.copy(entries)
            enumBytes = .allocate(byteCount: max(1, enumStrings.reduce(0) { $0 + $1.count }), alignment: 8)
            var enumOffset = 0
            var strings: [UnsafeRawBufferPointer] = []
            for string in enumStrings {
                let bytes = UnsafeMutableRawBufferPointer(rebasing: enumBytes[enumOffset..<enumOffset + string.count])
                bytes.copyBytes(from: string)
                strings.append(UnsafeRawBufferPointer(bytes))
                enumOffset += string.count
            }
            self.enumStrings = Self.copy(strings)
            self.patterns = patterns
            unretainedPatterns = Self.copy(patterns.map { Unmanaged.passUnretained($0) })
            self.stepLists = Self.copy(stepLists)
            stepListCount = stepLists.count
            guards = Self.copy(stepLists.map(ASCIIStepGuard.init))
        }

        deinit {
            nodes.deallocate()
            properties.deallocate()
            names.deallocate()
            enumStrings.deallocate()
            enumBytes.deallocate()
            unretainedPatterns.deallocate()
            stepLists.baseAddress!.deinitialize(count: stepListCount)
            stepLists.deallocate()
            guards.deallocate()
        }

        private static func copy<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, values.count))
            _ = buffer.initialize(from: values)
            return buffer
        }
    }

    let nodes: UnsafePointer<Node>
    let properties: UnsafePointer<Property>
    let enumStrings: UnsafePointer<UnsafeRawBufferPointer>
    let patterns: UnsafePointer<Unmanaged<PCRE2Pattern>>
    let stepLists: UnsafePointer<[SanitizeStep]>
    let guards: UnsafePointer<ASCIIStepGuard>
    /// The deepest nesting checked; deeper records go to the general path (which has the
    /// parser's own limit), so the check's recursion stays shallow. The contract's evaluator
    /// descends no deeper than the schema and the record both go, so at 32 levels its stack
    /// budget (``StackBudget``) could refuse a record only on a thread with a stack of a few
    /// dozen KiB; the filter's workers have 8 MiB.
    let maxDepth: Int
    /// The parser's size limit: a longer record goes to the general path, which refuses it.
    let maxBytes: Int

    init(_ storage: Storage, limits: JSONLimits) {
        nodes = UnsafePointer(storage.nodes.baseAddress!)
        properties = UnsafePointer(storage.properties.baseAddress!)
        enumStrings = UnsafePointer(storage.enumStrings.baseAddress!)
        patterns = UnsafePointer(storage.unretainedPatterns.baseAddress!)
        stepLists = UnsafePointer(storage.stepLists.baseAddress!)
        guards = UnsafePointer(storage.guards.baseAddress!)
        maxDepth = min(limits.maxDepth, 32)
        maxBytes = limits.maxBytes
    }

    /// Whether the record is certainly valid and left unchanged by every step (so that the
    /// filter's output is the record's bytes as they are); `false` means "not sure".
    /// - Parameter record: one JSON text, the root schema being node 1.
    func passes(_ record: UnsafeRawBufferPointer) -> Bool {
        guard let base = record.baseAddress, record.count <= maxBytes else { return false }
        var scan = ShapeScan(check: self, cursor: base.assumingMemoryBound(to: UInt8.self), end: base.assumingMemoryBound(to: UInt8.self) + record.count)
        return scan.value(at: 1, depth: 0) && scan.cursor == scan.end
    }
}
