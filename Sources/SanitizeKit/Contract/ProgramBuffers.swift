/// The hot tables of a ``ContractProgram`` copied once into memory that the evaluator reads
/// through plain pointers, so walking checks costs no reference counting.
///
/// This object owns every buffer below: each is allocated in `init` (by ``copy(_:)``), never
/// changed afterwards, and freed in `deinit`. Readers borrow: an ``Evaluator`` exists only
/// inside ``Evaluator/with(buffers:document:failFast:sink:_:)``, holds this object for that
/// call and reads the buffers through it (or through copies of their base pointers made there).
///
/// `@unchecked Sendable`: nothing is written after `init`; readers only read.
final class ProgramBuffers: @unchecked Sendable {
    /// The whole program, for the colder tables (reached through this object, never copied).
    let program: ContractProgram
    /// The one-pass check that passes most valid instances without parsing them, when the
    /// program is made of keywords it reads (derived from `program`, never from the schema).
    let shortcut: ValidationShortcut?
    let schemas: UnsafeBufferPointer<CompiledSchema>
    let checks: UnsafeBufferPointer<Check>
    /// ``ContractProgram/lists``, then per shape its key indices, schemas, `patternProperties`
    /// entries and hash index (``FastShape``).
    let lists: UnsafeBufferPointer<Int32>
    let fastBounds: UnsafeBufferPointer<FastBound>
    /// Every key of ``ContractProgram/keys`` as bytes in one buffer, with spans and hashes.
    let keyBytes: UnsafeBufferPointer<UInt8>
    let keySpans: UnsafeBufferPointer<KeySpan>
    /// Per constant of ``ContractProgram/constants`` (`const`, `enum`): where its unescaped
    /// bytes are in `constantBytes` when it is a string; `count` is -1 for other kinds.
    let constantSpans: UnsafeBufferPointer<KeySpan>
    let constantBytes: UnsafeBufferPointer<UInt8>
    /// The compiled `pattern`s of ``ContractProgram/patterns``, unretained (the program holds
    /// them), so that matching one costs no reference counting.
    let patterns: UnsafeBufferPointer<Unmanaged<PCRE2Pattern>>
    /// Per pattern, what decides it without PCRE2 when it has such a form: its literal prefix
    /// (``LiteralPrefixPattern``), exact on any string, or its bit set (``ASCIIClassPattern``),
    /// exact on ASCII strings.
    let patternShortcuts: UnsafeBufferPointer<PatternShortcut?>

    /// The hot part of each ``ObjectShape`` as plain values: property hashes, key indices and
    /// schemas live in ``hashes`` and ``lists``.
    let shapes: UnsafeBufferPointer<FastShape>
    let hashes: UnsafeBufferPointer<UInt64>

    /// What a violation's locations take from its schema, known before any evaluation: per
    /// schema, the evaluation path from the root when no reference is crossed (`nil` for a
    /// schema outside the root's document pointer, reached only through references), and
    /// `resourceURI#pointer`. Read only when a violation is reported.
    let rootPaths: [String?]
    let absoluteLocations: [String]
    /// By `type` mask (256 entries), ``TypeBits/mismatchMessages(_:)`` for the masks of the
    /// program's schemas, empty for the others (which no schema checks).
    let typeMismatchMessages: [[String]]

    struct FastShape {
        /// Property i: hash at `hashes[first + i]`, key index at `lists[keys.start + i]`,
        /// schema at `lists[schemas.start + i]`.
        var first: Int
        var count: Int
        var keys: Int
        var schemas: Int
        var additional: Int32
        var requiredMask: UInt64
        /// With more than ``indexedShapeCount`` properties, the shape's hash index: where its
        /// slots start in ``lists`` and how many there are, less one (a power of two, less one;
        /// 0 without an index). Open addressing: a slot holds a property's position in the
        /// shape, or -1.
        var slots: Int = 0
        var slotMask: Int = 0
        /// The shape's `patternProperties` in ``lists``: where they start and how many, each
        /// entry a pattern and the schema of the members whose names it matches.
        var patterns: Int = 0
        var patternCount: Int = 0
    }

    /// What decides a pattern without PCRE2 (``patternShortcuts``).
    enum PatternShortcut {
        case literalPrefix(LiteralPrefixPattern)
        case asciiClass(ASCIIClassPattern)

        init?(_ source: String) {
            if let prefix = LiteralPrefixPattern(source) {
                self = .literalPrefix(prefix)
            } else if let simple = ASCIIClassPattern(source) {
                self = .asciiClass(simple)
            } else {
                return nil
            }
        }
    }

    /// The most properties a shape has without a hash index (``FastShape/slots``): a name is
    /// looked for from the property found last, then by its hash through the list.
    static let indexedShapeCount = 8

    /// The slot of a property name's hash in an index of `mask + 1` slots.
    @inline(__always)
    static func slot(of hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: hash >> 32) & mask
    }

    struct KeySpan {
        var start: Int
        var count: Int
        var hash: UInt64
    }

    /// The parts of a ``NumberBound`` needed on the fast paths, as plain values.
    struct FastBound {
        var int: Int64?
        var double: Double?
    }

    /// - Parameters:
    ///   - program: the compiled contract.
    ///   - limits: the instance parser's limits, for the ``shortcut``.
    init(_ program: ContractProgram, limits: JSONLimits) {
        self.program = program
        shortcut = ValidationShortcut(program: program, limits: limits)
        schemas = ProgramBuffers.copy(program.schemas)
        checks = ProgramBuffers.copy(program.checks)
        fastBounds = ProgramBuffers.copy(program.bounds.map { FastBound(int: $0.int, double: $0.double) })
        var bytes: [UInt8] = []
        var spans: [KeySpan] = []
        for key in program.keys {
            spans.append(KeySpan(start: bytes.count, count: key.bytes.count, hash: key.hash))
            bytes.append(contentsOf: key.bytes)
        }
        keyBytes = ProgramBuffers.copy(bytes)
        keySpans = ProgramBuffers.copy(spans)
        var constantBytes: [UInt8] = []
        constantSpans = ProgramBuffers.copy(
            program.constants.map { constant -> KeySpan in
                guard constant.kind(0) == .string else { return KeySpan(start: 0, count: -1, hash: 0) }
                let start = constantBytes.count
                constant.withStringBytes(0) { constantBytes.append(contentsOf: $0) }
                return KeySpan(start: start, count: constantBytes.count - start, hash: 0)
            })
        self.constantBytes = ProgramBuffers.copy(constantBytes)
        patterns = ProgramBuffers.copy(program.patterns.map { Unmanaged.passUnretained($0.compiled) })
        patternShortcuts = ProgramBuffers.copy(program.patterns.map { PatternShortcut($0.source) })
        var allHashes: [UInt64] = []
        var fast: [FastShape] = []
        var lists = program.lists
        for shape in program.shapes {
            let keys = lists.count
            lists.append(contentsOf: shape.keyIndices)
            let schemas = lists.count
            lists.append(contentsOf: shape.schemas)
            var entry = FastShape(
                first: allHashes.count, count: shape.hashes.count, keys: keys, schemas: schemas, additional: shape.additional,
                requiredMask: shape.requiredMask)
            entry.patterns = lists.count
            entry.patternCount = shape.patterns.count
            for pattern in shape.patterns { lists += [pattern.pattern, pattern.schema] }
            if shape.hashes.count > Self.indexedShapeCount {
                // At most half full: a name that is not there meets an empty slot soon.
                var size = 1
                while size < 2 * shape.hashes.count { size <<= 1 }
                entry.slots = lists.count
                entry.slotMask = size - 1
                lists.append(contentsOf: repeatElement(-1, count: size))
                for (position, hash) in shape.hashes.enumerated() {
                    var slot = Self.slot(of: hash, mask: size - 1)
                    while lists[entry.slots + slot] >= 0 { slot = (slot + 1) & (size - 1) }
                    lists[entry.slots + slot] = Int32(position)
                }
            }
            fast.append(entry)
            allHashes.append(contentsOf: shape.hashes)
        }
        self.lists = ProgramBuffers.copy(lists)
        shapes = ProgramBuffers.copy(fast)
        hashes = ProgramBuffers.copy(allHashes)
        let root = program.locations[program.root]
        rootPaths = program.locations.map { Evaluator.relativePointer($0, from: root) }
        absoluteLocations = program.locations.map { $0.resourceURI + "#" + $0.pointer }
        var messages = [[String]](repeating: [], count: 256)
        for schema in program.schemas where schema.typeMask != TypeBits.any && messages[Int(schema.typeMask)].isEmpty {
            messages[Int(schema.typeMask)] = TypeBits.mismatchMessages(schema.typeMask)
        }
        typeMismatchMessages = messages
    }

    /// The position in `shape` of the property named `key` (whose hash is `hash`), found
    /// through the shape's hash index; -1 when it has none of that name. Out of line: the
    /// evaluation of `properties` stays small enough to be inlined where it is called.
    @inline(never)
    func indexedProperty(_ shape: FastShape, _ key: UnsafeRawBufferPointer, hash: UInt64) -> Int {
        var slot = Self.slot(of: hash, mask: shape.slotMask)
        while true {
            let index = Int(lists[shape.slots + slot])
            if index < 0 { return -1 }
            if hashes[shape.first + index] == hash && keyEquals(Int(lists[shape.keys + index]), key) { return index }
            slot = (slot + 1) & shape.slotMask
        }
    }

    /// Whether `bytes` equal program key `index`.
    @inline(__always)
    func keyEquals(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let span = keySpans[index]
        guard span.count == bytes.count else { return false }
        return bytesEqual(keyBytes.baseAddress! + span.start, bytes.baseAddress!, count: span.count)
    }

    /// Matches pattern `index` anywhere in the UTF-8 text: by its first bytes when it is a
    /// literal prefix, by its bit set when it has one and the text is ASCII, else by PCRE2.
    @inline(__always)
    func matchPattern(_ index: Int, _ utf8: UnsafeRawBufferPointer) -> PatternMatcher.Outcome {
        switch patternShortcuts[index] {
        case .literalPrefix(let prefix)?:
            return prefix.matches(utf8) ? .matched : .notMatched
        case .asciiClass(let simple)? where PCRE2Pattern.isASCII(utf8):
            return simple.matches(ascii: utf8) ? .matched : .notMatched
        default:
            break
        }
        return patterns[index]._withUnsafeGuaranteedRef { PatternMatcher.match($0, utf8) }
    }

    /// Whether constant `index` is a string whose bytes are `bytes` (unescaped UTF-8).
    @inline(__always)
    func constantIsString(_ index: Int, equalTo bytes: UnsafeRawBufferPointer) -> Bool {
        let span = constantSpans[index]
        guard span.count == bytes.count else { return false }
        return bytesEqual(constantBytes.baseAddress! + span.start, bytes.baseAddress!, count: span.count)
    }

    /// A new buffer holding `values`, owned by this object (freed in `deinit`). Only plain
    /// values (no references, nothing to deinitialize) are copied, so freeing is all `deinit`
    /// has to do.
    private static func copy<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
        precondition(_isPOD(T.self), "ProgramBuffers holds plain values only")
        let memory = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
        _ = memory.initialize(from: values)
        return UnsafeBufferPointer(rebasing: memory[0..<values.count])
    }

    /// Frees a buffer made by ``copy(_:)``.
    private static func free<T>(_ buffer: UnsafeBufferPointer<T>) {
        UnsafeMutablePointer(mutating: buffer.baseAddress)?.deallocate()
    }

    deinit {
        Self.free(schemas)
        Self.free(checks)
        Self.free(lists)
        Self.free(fastBounds)
        Self.free(keyBytes)
        Self.free(keySpans)
        Self.free(constantSpans)
        Self.free(constantBytes)
        Self.free(patterns)
        Self.free(patternShortcuts)
        Self.free(shapes)
        Self.free(hashes)
    }
}
