/// A JSON value as a Swift tree, for building documents and for schemas at compile time.
///
/// The validator does not need it (it walks ``JSONDocument`` nodes); it is the convenient
/// form for code that constructs or inspects small values.
public indirect enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its exact JSON text (e.g. `"1.0"`, `"1e400"`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in document order.
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue
        /// Creates a member.
        /// - Parameters:
        ///   - key: the key.
        ///   - value: the value.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Builds the value of one node of a document (iteratively: any depth is safe).
    /// - Parameters:
    ///   - document: a parsed document.
    ///   - node: the node index (default: the root).
    package init(_ document: JSONDocument, node: Int = 0) {
        self = JSONValue.build(document, node)
    }

    /// Parses a JSON text into a value.
    /// - Parameters:
    ///   - text: the JSON text.
    ///   - limits: parser limits.
    /// - Throws: ``SanitizeError`` from the parser.
    public init(parsing text: String, limits: JSONLimits = .default) throws(SanitizeError) {
        self.init(try JSONDocument(parsing: text, limits: limits))
    }

    /// Builds containers bottom-up with an explicit stack, so a document as deep as the parser
    /// allows never runs out of a small thread's stack. Children waiting for their container
    /// share two pending stacks (elements, members), so a container costs one allocation (its
    /// own array) and the nodes are read in place, without per-container index arrays.
    private static func build(_ document: JSONDocument, _ root: Int) -> JSONValue {
        /// A container whose children are being built.
        struct Frame {
            var isObject: Bool
            /// The next child node (for an object: the next key node).
            var child: Int
            /// The node just past the container's subtree.
            var end: Int
            /// Where its children start in the pending elements or members.
            var start: Int
        }
        return document.nodes.withUnsafeBufferPointer { nodes in
            document.storage.withUnsafeBytes { storage in
                func text(_ node: Int) -> String {
                    let n = nodes[node]
                    let raw = UnsafeRawBufferPointer(rebasing: storage[Int(n.start)..<Int(n.end)])
                    if n.flags & JSONNode.Flags.escaped == 0 { return String(decoding: raw, as: UTF8.self) }
                    return String(decoding: JSONDocument.decodeString(raw, escaped: true), as: UTF8.self)
                }
                func scalar(_ node: Int) -> JSONValue {
                    switch nodes[node].kind {
                    case .bool: return .bool(nodes[node].flags & JSONNode.Flags.isTrue != 0)
                    case .number: return .number(text(node))
                    case .string: return .string(text(node))
                    default: return .null
                    }
                }
                func frame(_ node: Int, elements: Int, members: Int) -> Frame? {
                    switch nodes[node].kind {
                    case .array: return Frame(isObject: false, child: node + 1, end: Int(nodes[node].next), start: elements)
                    case .object: return Frame(isObject: true, child: node + 1, end: Int(nodes[node].next), start: members)
                    default: return nil
                    }
                }
                guard let first = frame(root, elements: 0, members: 0) else { return scalar(root) }
                var stack = [first]
                var elements: [JSONValue] = []
                var members: [Member] = []
                /// The keys of the members whose values are containers still being built.
                var keys: [String] = []
                while true {
                    let top = stack.count - 1
                    if stack[top].child < stack[top].end {
                        var child = stack[top].child
                        var key: String?
                        if stack[top].isObject {
                            key = text(child)
                            child += 1
                        }
                        stack[top].child = Int(nodes[child].next)
                        if let container = frame(child, elements: elements.count, members: members.count) {
                            if let key { keys.append(key) }
                            stack.append(container)
                        } else if let key {
                            members.append(Member(key, scalar(child)))
                        } else {
                            elements.append(scalar(child))
                        }
                        continue
                    }
                    let done = stack.removeLast()
                    let value: JSONValue
                    if done.isObject {
                        value = .object(Array(members[done.start...]))
                        members.removeLast(members.count - done.start)
                    } else {
                        value = .array(Array(elements[done.start...]))
                        elements.removeLast(elements.count - done.start)
                    }
                    guard let parent = stack.last else { return value }
                    if parent.isObject {
                        members.append(Member(keys.removeLast(), value))
                    } else {
                        elements.append(value)
                    }
                }
            }
        }
    }

    /// The value of an object's member (the last one with that key), or `nil`.
    /// - Parameter key: the member name.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The value as minimal JSON text bytes.
    /// - Returns: UTF-8 bytes.
    package func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    /// The value as minimal JSON text.
    public var jsonText: String {
        // A string (the common case: messages quote names and values) needs no write stack.
        if case .string(let text) = self {
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count + 2)
            out.append(0x22)
            JSONWriter.appendEscaped(text, to: &out)
            out.append(0x22)
            return String(decoding: out, as: UTF8.self)
        }
        return String(decoding: serialized(), as: UTF8.self)
    }

    /// Appends the value as minimal JSON.
    /// - Parameter out: the buffer to append to.
    package func write(to out: inout [UInt8]) {
        /// What is left to write, last first: an explicit stack instead of recursion, so any
        /// depth is safe on a small thread stack.
        enum Piece {
            case value(JSONValue)
            case key(String)
            case byte(UInt8)
        }
        var pending: [Piece] = [.value(self)]
        while let piece = pending.popLast() {
            switch piece {
            case .byte(let byte):
                out.append(byte)
            case .key(let key):
                out.append(0x22)
                JSONWriter.appendEscaped(key.utf8, to: &out)
                out.append(0x22)
                out.append(0x3A)
            case .value(.null): out.append(contentsOf: "null".utf8)
            case .value(.bool(let value)): out.append(contentsOf: (value ? "true" : "false").utf8)
            case .value(.number(let text)): out.append(contentsOf: text.utf8)
            case .value(.string(let text)):
                out.append(0x22)
                JSONWriter.appendEscaped(text.utf8, to: &out)
                out.append(0x22)
            case .value(.array(let items)):
                out.append(0x5B)
                pending.append(.byte(0x5D))
                for (index, item) in items.enumerated().reversed() {
                    pending.append(.value(item))
                    if index > 0 { pending.append(.byte(0x2C)) }
                }
            case .value(.object(let members)):
                out.append(0x7B)
                pending.append(.byte(0x7D))
                for (index, member) in members.enumerated().reversed() {
                    pending.append(.value(member.value))
                    pending.append(.key(member.key))
                    if index > 0 { pending.append(.byte(0x2C)) }
                }
            }
        }
    }
}
