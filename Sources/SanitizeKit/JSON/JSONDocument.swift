/// A parsed JSON text: the bytes plus a flat array of nodes, with no per-node allocation.
///
/// Nodes are addressed by `Int` indices; the root is node `0`. Strings are unescaped only
/// when asked, numbers keep their exact text. A document can be changed in place
/// (``setString(_:at:)``) and written back as minimal JSON (``write(to:)``).
///
/// ```swift
/// var document = try JSONDocument(parsing: #"{"name":"  Ada "}"#)
/// if let name = document.member("name", of: document.root) {
///     document.setString("Ada", at: name)
/// }
/// var out: [UInt8] = []
/// document.write(to: &out)   // {"name":"Ada"}
/// ```
package struct JSONDocument: Sendable {
    /// The text the nodes point into; replaced strings are appended at its end.
    @usableFromInline var storage: [UInt8]
    @usableFromInline var nodes: [JSONNode]
    /// The length of the parsed text when it had no whitespace (so that it is exactly what
    /// the writer would produce, as long as no string is replaced), otherwise -1.
    var minimalLength = -1
    /// Parsed with objects or arrays stepped over (``reparse(_:limits:skipping:namesComparedOutside:)``, spans a
    /// locating shape scan read already: ``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``): each is
    /// one node marked ``JSONNode/Flags/unread``, with no children, so the document is read
    /// only where the scan's faults lead (the evaluator's), and never written.
    package private(set) var isPartial = false

    /// One `null` node, for pointers that must not be nil.
    nonisolated(unsafe) static let emptyNodes: UnsafeMutablePointer<JSONNode> = {
        let pointer = UnsafeMutablePointer<JSONNode>.allocate(capacity: 1)
        pointer.initialize(to: JSONNode(kind: .null, flags: 0, start: 0, end: 0, count: 0, next: 1))
        return pointer
    }()

    /// A document holding `null`, to parse into with ``reparse(_:limits:)`` (which reuses its
    /// buffers), or as a placeholder before the first parse.
    package static let empty = JSONDocument(storage: [], nodes: [JSONNode(kind: .null, flags: 0, start: 0, end: 0, count: 0, next: 1)])

    init(storage: [UInt8], nodes: [JSONNode]) {
        self.storage = storage
        self.nodes = nodes
    }

    /// The root node's index (always `0`).
    package var root: Int { 0 }

    /// Parses a JSON text.
    /// - Parameters:
    ///   - bytes: the UTF-8 text.
    ///   - limits: nesting depth, size and duplicate-key policy.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/jsonSyntax``,
    ///   ``SanitizeError/Code/invalidUTF8``, ``SanitizeError/Code/jsonLoneSurrogate``,
    ///   ``SanitizeError/Code/jsonDuplicateKey`` or ``SanitizeError/Code/jsonTooDeep``, located by
    ///   line, column and byte offset.
    package init(parsing bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default) throws(SanitizeError) {
        storage = []
        nodes = []
        try reparse(bytes, limits: limits)
    }

    /// Parses a JSON text held in an array of bytes.
    /// - Parameters:
    ///   - bytes: the UTF-8 text.
    ///   - limits: nesting depth, size and duplicate-key policy.
    /// - Throws: ``SanitizeError`` as ``init(parsing:limits:)-(UnsafeRawBufferPointer,_)``.
    package init(parsing bytes: [UInt8], limits: JSONLimits = .default) throws(SanitizeError) {
        storage = []
        nodes = []
        var failure: SanitizeError?
        var copy = self
        bytes.withUnsafeBytes { raw in
            do throws(SanitizeError) { try copy.reparse(raw, limits: limits) } catch { failure = error }
        }
        if let failure { throw failure }
        self = copy
    }

    /// Parses a JSON text held in a string.
    /// - Parameters:
    ///   - text: the JSON text.
    ///   - limits: nesting depth, size and duplicate-key policy.
    /// - Throws: ``SanitizeError`` as ``init(parsing:limits:)-(UnsafeRawBufferPointer,_)``.
    package init(parsing text: String, limits: JSONLimits = .default) throws(SanitizeError) {
        try self.init(parsing: Array(text.utf8), limits: limits)
    }

    /// Parses a new text into this document, reusing its buffers (no allocation once warm).
    /// - Parameters:
    ///   - bytes: the UTF-8 text.
    ///   - limits: nesting depth, size and duplicate-key policy.
    ///   - skippable: objects and arrays to step over, from a locating shape scan only (see
    ///     ``isPartial``); by default none. The text outside them is checked as strictly.
    ///   - faults: from the same scan, its faults: every object the scan read member by
    ///     member (one that starts outside each fault of two bytes or more) has distinct member
    ///     names, so its duplicate-key check is left out. `nil` (the default): every object
    ///     is checked.
    /// - Throws: ``SanitizeError`` as ``init(parsing:limits:)-(UnsafeRawBufferPointer,_)``; the
    ///   document is then empty and must not be read.
    package mutating func reparse(
        _ bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default, skipping skippable: [UInt32] = [],
        namesComparedOutside faults: [UInt32]? = nil
    ) throws(SanitizeError) {
        isPartial = false
        // The node buffer moves into the parser, uniquely held, so that it is reused as it is.
        var reused: [JSONNode] = []
        swap(&reused, &nodes)
        var parser = JSONParser(bytes: bytes, limits: limits, reuse: consume reused)
        parser.skippable = skippable
        parser.namesComparedOutside = faults
        do {
            try parser.parse()
        } catch {
            nodes = parser.nodes
            nodes.removeAll(keepingCapacity: true)
            storage.removeAll(keepingCapacity: true)
            minimalLength = -1
            throw error
        }
        nodes = parser.nodes
        storage.removeAll(keepingCapacity: true)
        storage.append(contentsOf: bytes)
        minimalLength = parser.sawWhitespace ? -1 : bytes.count
        isPartial = !skippable.isEmpty
    }

    /// Whether the text is its own minimal JSON, what ``write(to:node:)`` would write of it: it
    /// was parsed without whitespace and no string has been replaced since. Of a partial
    /// document, this speaks for the text the parser read, not for the containers it stepped
    /// over (``isPartial``).
    package var isMinimalText: Bool { minimalLength >= 0 && storage.count == minimalLength }

    /// The number of nodes (every value and every object key is one node).
    package var nodeCount: Int { nodes.count }

    // MARK: reading

    /// The JSON type of a node.
    /// - Parameter node: a node index.
    /// - Returns: its kind.
    @inlinable package func kind(_ node: Int) -> JSONKind { nodes[node].kind }

    /// The number of elements of an array or members of an object (0 for a scalar).
    /// - Parameter node: a node index.
    /// - Returns: the child count.
    @inlinable package func count(_ node: Int) -> Int { Int(nodes[node].count) }

    /// The index just past a node's subtree (its next sibling, if it has one).
    /// - Parameter node: a node index.
    /// - Returns: the index after the subtree.
    @inlinable package func after(_ node: Int) -> Int { Int(nodes[node].next) }

    /// Whether a string node's text holds an escape (its bytes are decoded before they are read).
    /// - Parameter node: a node index.
    /// - Returns: `true` for a string written with an escape.
    @inlinable package func isEscaped(_ node: Int) -> Bool { nodes[node].flags & JSONNode.Flags.escaped != 0 }

    /// The value of a `true`/`false` node, or `nil` for another kind.
    /// - Parameter node: a node index.
    /// - Returns: the boolean.
    package func bool(_ node: Int) -> Bool? {
        nodes[node].kind == .bool ? nodes[node].flags & JSONNode.Flags.isTrue != 0 : nil
    }

    /// A number node's exact text (e.g. `1.50e3`), or `nil` for another kind.
    /// - Parameter node: a node index.
    /// - Returns: the text as written.
    package func numberText(_ node: Int) -> String? {
        guard nodes[node].kind == .number else { return nil }
        return String(decoding: storage[Int(nodes[node].start)..<Int(nodes[node].end)], as: UTF8.self)
    }

    /// A number node as a `Double` (nearest value; huge values become infinity), or `nil`.
    /// - Parameter node: a node index.
    /// - Returns: the value.
    package func double(_ node: Int) -> Double? {
        numberText(node).flatMap(Double.init)
    }

    /// A string node's unescaped text, or `nil` for another kind.
    /// - Parameter node: a node index (a value or an object key).
    /// - Returns: the string.
    package func string(_ node: Int) -> String? {
        guard nodes[node].kind == .string else { return nil }
        return withStringBytes(node) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with a string node's unescaped UTF-8 bytes (no copy when it has no escapes).
    /// - Parameters:
    ///   - node: a string node index.
    ///   - body: receives the bytes.
    /// - Returns: what `body` returns.
    @inlinable
    package func withStringBytes<R>(_ node: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withRawBytes(node) { raw in
            if !isEscaped(node) { return try body(raw) }
            return try JSONDocument.decodeString(raw, escaped: true).withUnsafeBytes(body)
        }
    }

    /// Calls `body` with the raw bytes of a node as written (``rawBytes(_:)``, with no slice
    /// of the storage to retain).
    /// - Parameters:
    ///   - node: a node index.
    ///   - body: receives the bytes.
    /// - Returns: what `body` returns.
    @inlinable
    package func withRawBytes<R>(_ node: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let n = nodes[node]
        return try storage.withUnsafeBytes { raw in try body(UnsafeRawBufferPointer(rebasing: raw[Int(n.start)..<Int(n.end)])) }
    }

    /// The raw bytes of a node as written (string content without quotes; containers whole).
    /// - Parameter node: a node index.
    /// - Returns: the bytes.
    package func rawBytes(_ node: Int) -> ArraySlice<UInt8> {
        storage[Int(nodes[node].start)..<Int(nodes[node].end)]
    }

    /// Whether a node is an object or array that a partial parse stepped over (it has no child
    /// nodes; ``rawBytes(_:)`` gives its text): ``isPartial``.
    /// - Parameter node: a node index.
    /// - Returns: `true` for a container stepped over.
    package func isUnread(_ node: Int) -> Bool {
        nodes[node].flags & JSONNode.Flags.unread != 0
    }

    /// The element indices of an array node (empty for another kind).
    /// - Parameter node: an array node index.
    /// - Returns: the child node indices, in order.
    package func elements(_ node: Int) -> [Int] {
        guard nodes[node].kind == .array else { return [] }
        var result: [Int] = []
        var child = node + 1
        let end = Int(nodes[node].next)
        while child < end {
            result.append(child)
            child = Int(nodes[child].next)
        }
        return result
    }

    /// The members of an object node as (key node, value node) pairs in document order.
    /// - Parameter node: an object node index.
    /// - Returns: the pairs (empty for another kind).
    package func members(_ node: Int) -> [(key: Int, value: Int)] {
        guard nodes[node].kind == .object else { return [] }
        var result: [(key: Int, value: Int)] = []
        var child = node + 1
        let end = Int(nodes[node].next)
        while child < end {
            result.append((child, child + 1))
            child = Int(nodes[child + 1].next)
        }
        return result
    }

    /// The value node of an object's member with the given key (the last one if repeated).
    /// - Parameters:
    ///   - key: the member name.
    ///   - node: an object node index.
    /// - Returns: the value node index, or `nil`.
    package func member(_ key: String, of node: Int) -> Int? {
        guard nodes[node].kind == .object else { return nil }
        var key = key
        return key.withUTF8 { wanted in
            var found: Int?
            var child = node + 1
            let end = Int(nodes[node].next)
            while child < end {
                if keyEquals(child, UnsafeRawBufferPointer(wanted)) { found = child + 1 }
                child = Int(nodes[child + 1].next)
            }
            return found
        }
    }

    /// Whether a string node's unescaped bytes equal `bytes`.
    @inlinable
    func keyEquals(_ node: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = nodes[node]
        if n.flags & JSONNode.Flags.escaped == 0 {
            guard Int(n.end - n.start) == bytes.count else { return false }
            return withRawBytes(node) { bytesEqual($0, bytes) }
        }
        return withStringBytes(node) { $0.elementsEqual(bytes) }
    }

    // MARK: changing

    /// Replaces the value of a string node (a value, not a key) with new text.
    ///
    /// The node keeps its place; the writer and readers see the new value.
    /// - Parameters:
    ///   - text: the new string.
    ///   - node: a string node index; other kinds are left unchanged.
    package mutating func setString(_ text: String, at node: Int) {
        guard nodes[node].kind == .string else { return }
        minimalLength = -1
        let start = storage.count
        let escaped = JSONWriter.appendEscaped(text.utf8, to: &storage)
        var flags: UInt8 = escaped ? JSONNode.Flags.escaped : 0
        if text.utf8.allSatisfy({ $0 < 0x80 }) { flags |= JSONNode.Flags.ascii }
        nodes[node].start = UInt32(truncatingIfNeeded: start)
        nodes[node].end = UInt32(truncatingIfNeeded: storage.count)
        nodes[node].flags = flags
    }

    // MARK: helpers

    /// Decodes the content of a JSON string (between the quotes) into UTF-8 bytes.
    /// The input must already have passed the parser.
    @usableFromInline
    static func decodeString(_ raw: UnsafeRawBufferPointer, escaped: Bool) -> [UInt8] {
        guard escaped else { return Array(raw) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        func hex(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for offset in 0..<4 { value = value << 4 | UInt32(JSONParser.hexValue(raw[at + offset]) ?? 0) }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == 0x5C, index + 1 < raw.count else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                guard index + 4 <= raw.count else { return out }
                var scalar = hex(index)
                index += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF && index + 6 <= raw.count {
                    let low = hex(index + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                appendUTF8(scalar, to: &out)
            default: out.append(escape)
            }
        }
        return out
    }

    /// A fast hash of an object key: its length and its first and last eight bytes, mixed.
    /// Collisions are harmless (every hash match is confirmed by comparing bytes).
    @inline(__always)
    static func keyHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if count >= 8 {
            hash ^= bytes.loadUnaligned(as: UInt64.self)
            hash = hash &* 0xBF58_476D_1CE4_E5B9
            hash ^= bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            var value: UInt64 = 0
            for byte in bytes { value = value << 8 | UInt64(byte) }
            hash ^= value
        }
        hash = (hash ^ (hash >> 29)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }

    /// FNV-1a over bytes: the parser's hash for finding duplicate keys in large objects
    /// (contract lookups use ``keyHash(_:)``).
    @usableFromInline
    static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

/// Appends the UTF-8 encoding of a scalar value (RFC 3629 §3).
func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
        out.append(UInt8(scalar))
    case 0x80..<0x800:
        out.append(UInt8(0xC0 | scalar >> 6))
        out.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
        out.append(UInt8(0xE0 | scalar >> 12))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
    default:
        out.append(UInt8(0xF0 | scalar >> 18))
        out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
    }
}
