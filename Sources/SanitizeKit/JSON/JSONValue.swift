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
    public init(_ document: JSONDocument, node: Int = 0) {
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

    private static func build(_ document: JSONDocument, _ node: Int) -> JSONValue {
        switch document.kind(node) {
        case .null: return .null
        case .bool: return .bool(document.bool(node) ?? false)
        case .number: return .number(document.numberText(node) ?? "0")
        case .string: return .string(document.string(node) ?? "")
        case .array: return .array(document.elements(node).map { build(document, $0) })
        case .object:
            return .object(document.members(node).map { Member(document.string($0.key) ?? "", build(document, $0.value)) })
        }
    }

    /// The value of an object's member (the last one with that key), or `nil`.
    /// - Parameter key: the member name.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The value as minimal JSON text bytes.
    /// - Returns: UTF-8 bytes.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    /// The value as minimal JSON text.
    public var jsonText: String { String(decoding: serialized(), as: UTF8.self) }

    /// Appends the value as minimal JSON.
    /// - Parameter out: the buffer to append to.
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let text):
            out.append(0x22)
            JSONWriter.appendEscaped(text.utf8, to: &out)
            out.append(0x22)
        case .array(let items):
            out.append(0x5B)
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(0x2C) }
                item.write(to: &out)
            }
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(0x2C) }
                out.append(0x22)
                JSONWriter.appendEscaped(member.key.utf8, to: &out)
                out.append(0x22)
                out.append(0x3A)
                member.value.write(to: &out)
            }
            out.append(0x7D)
        }
    }
}
