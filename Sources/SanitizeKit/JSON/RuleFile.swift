/// A rule file (email policy, strip sets, filter policy) read through the package's one JSON
/// parser: its values with their JSON Pointers, and every problem located by file, pointer, line
/// and column. An object's keys are checked against the keys its format allows: an unknown key
/// is refused, never ignored, so a misspelled option cannot silently fall back to a default.
package struct RuleFile {
    /// The parsed file.
    package let document: JSONDocument
    /// The file's path (or name) for error locations, if the bytes came from a file.
    package let file: String?
    /// What the file is, for messages ("email policy file").
    package let what: String
    /// The error code of a problem of the file's content.
    package let code: SanitizeError.Code
    /// Where each line starts, for line and column numbers.
    private let lineStarts: [Int]

    /// One value of the file: its node and its pointer.
    package struct Value {
        /// The node index in ``RuleFile/document``.
        package let node: Int
        /// Where it is in the file.
        package let pointer: JSONPointer
    }

    /// Parses a rule file (strict RFC 8259, duplicate keys refused).
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - file: its path or name for error locations.
    ///   - what: what the file is, for messages ("email policy file").
    ///   - code: the error code of a problem of its content (default `configuration`).
    /// - Throws: ``SanitizeError`` from the parser (its own code, located by line and column),
    ///   with the file named.
    package init(bytes: [UInt8], file: String?, what: String, code: SanitizeError.Code = .configuration) throws(SanitizeError) {
        do {
            document = try JSONDocument(parsing: bytes)
        } catch {
            var location = error.location ?? .init()
            location.file = file
            let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw SanitizeError(error.code, "not \(article) \(what): \(error.reason)", at: location)
        }
        self.file = file
        self.what = what
        self.code = code
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The whole file.
    package var root: Value { Value(node: document.root, pointer: JSONPointer()) }

    /// A problem of the file's content at a value (or at a member's key).
    /// - Parameters:
    ///   - reason: what is wrong and what is expected.
    ///   - value: where.
    ///   - code: a code other than the file's, if any.
    /// - Returns: the error, naming the file, the pointer, the line and the column.
    package func problem(_ reason: String, at value: Value, code: SanitizeError.Code? = nil) -> SanitizeError {
        // A string's node starts after its opening quote.
        var offset = document.nodes[value.node].start
        if document.kind(value.node) == .string, offset > 0 { offset -= 1 }
        let position = Int(offset)
        var line = lineStarts.count - 1
        while line > 0 && lineStarts[line] > position { line -= 1 }
        return SanitizeError(
            code ?? self.code, reason,
            at: .init(
                file: file, pointer: value.pointer.description, line: line + 1, column: position - lineStarts[line] + 1,
                byteOffset: position))
    }

    /// The members of an object, refusing any key not in `keys`.
    /// - Parameters:
    ///   - value: the object.
    ///   - keys: the keys allowed, in the order the message lists them; `nil` allows any key
    ///     (an object whose keys are names, such as the sets of a strip-sets file).
    /// - Returns: each member's key and value, in file order.
    /// - Throws: ``SanitizeError`` (the file's code) when `value` is not an object, or at the
    ///   first unknown key: its pointer and the keys allowed.
    package func members(of value: Value, allowing keys: [String]?) throws(SanitizeError) -> [(key: String, value: Value)] {
        guard document.kind(value.node) == .object else {
            let expected = keys.map { "an object with " + Self.list($0) } ?? "an object"
            throw problem("\(Self.place(value)) must be \(expected)", at: value)
        }
        var result: [(key: String, value: Value)] = []
        for member in document.members(value.node) {
            let key = document.string(member.key) ?? ""
            let child = Value(node: member.value, pointer: value.pointer.appending(key))
            if let keys, !keys.contains(key) {
                throw problem(
                    "unknown key \"\(key)\" in \(Self.place(value)) of the \(what) (allowed: \(keys.joined(separator: ", ")))",
                    at: Value(node: member.key, pointer: child.pointer))
            }
            result.append((key, child))
        }
        return result
    }

    /// The member `key` of an object's members, or an error saying it is required.
    /// - Parameters:
    ///   - key: the key.
    ///   - members: what ``members(of:allowing:)`` returned for `parent`.
    ///   - parent: the object.
    /// - Returns: the member's value.
    /// - Throws: ``SanitizeError`` (the file's code) when there is no such member.
    package func required(_ key: String, in members: [(key: String, value: Value)], of parent: Value) throws(SanitizeError) -> Value {
        guard let found = members.last(where: { $0.key == key }) else {
            throw problem("\(Self.place(parent)) needs \"\(key)\"", at: parent)
        }
        return found.value
    }

    /// A string value.
    /// - Parameter value: the value.
    /// - Returns: its text.
    /// - Throws: ``SanitizeError`` (the file's code) when it is not a string.
    package func string(_ value: Value) throws(SanitizeError) -> String {
        guard let text = document.string(value.node) else {
            throw problem("\(Self.place(value)) must be a string", at: value)
        }
        return text
    }

    /// A Boolean value.
    /// - Parameter value: the value.
    /// - Returns: `true` or `false`.
    /// - Throws: ``SanitizeError`` (the file's code) when it is not `true` or `false`.
    package func bool(_ value: Value) throws(SanitizeError) -> Bool {
        guard let flag = document.bool(value.node) else {
            throw problem("\(Self.place(value)) must be true or false", at: value)
        }
        return flag
    }

    /// The elements of an array.
    /// - Parameter value: the value.
    /// - Returns: each element with its pointer.
    /// - Throws: ``SanitizeError`` (the file's code) when it is not an array.
    package func elements(_ value: Value) throws(SanitizeError) -> [Value] {
        guard document.kind(value.node) == .array else {
            throw problem("\(Self.place(value)) must be an array", at: value)
        }
        return document.elements(value.node).enumerated().map {
            Value(node: $0.element, pointer: value.pointer.appending(String($0.offset)))
        }
    }

    /// An array of strings.
    /// - Parameter value: the value.
    /// - Returns: the strings.
    /// - Throws: ``SanitizeError`` (the file's code) when it is not an array of strings.
    package func strings(_ value: Value) throws(SanitizeError) -> [String] {
        var result: [String] = []
        for element in try elements(value) {
            guard let text = document.string(element.node) else {
                throw problem("\(Self.place(value)) must be an array of strings", at: element)
            }
            result.append(text)
        }
        return result
    }

    /// A value as a ``JSONValue`` tree.
    /// - Parameter value: the value.
    /// - Returns: the tree.
    package func tree(_ value: Value) -> JSONValue {
        JSONValue(document, node: value.node)
    }

    /// "the file" for the root, "\"/a/b\"" otherwise.
    private static func place(_ value: Value) -> String {
        value.pointer.tokens.isEmpty ? "the file" : "\"\(value.pointer)\""
    }

    private static func list(_ keys: [String]) -> String {
        keys.isEmpty ? "no keys" : "the keys " + keys.joined(separator: ", ")
    }
}
