/// A rule file (message catalog, guard policy, email policy, strip sets, filter policy) read
/// through the package's one JSON parser: its values with their JSON Pointers, and every problem
/// located by file, pointer, line and column, in one shape for every kind of file. An object's
/// keys are checked against the keys its format allows: an unknown key is refused, never
/// ignored, so a misspelled option cannot silently fall back to a default.
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
    ///   - syntaxCode: the code of a file that is not JSON (default: the parser's own code,
    ///     such as `json-syntax` or `invalid-utf8`).
    ///   - duplicateKeyCode: the code of a key written twice in one object (default: the
    ///     parser's `json-duplicate-key`).
    ///   - maxDepth: the deepest nesting of arrays and objects accepted.
    /// - Throws: ``SanitizeError`` when the bytes are not one strict JSON text: the file named,
    ///   the parser's line and column, and for a duplicate key the pointer of its second
    ///   occurrence.
    package init(
        bytes: [UInt8], file: String?, what: String, code: SanitizeError.Code = .configuration,
        syntaxCode: SanitizeError.Code? = nil, duplicateKeyCode: SanitizeError.Code? = nil,
        maxDepth: Int = JSONLimits.default.maxDepth
    ) throws(SanitizeError) {
        do {
            document = try JSONDocument(parsing: bytes, limits: JSONLimits(maxDepth: maxDepth))
        } catch {
            var location = error.location ?? .init()
            location.file = file
            var errorCode = syntaxCode ?? error.code
            if error.code == .jsonDuplicateKey {
                errorCode = duplicateKeyCode ?? error.code
                location.pointer = Self.duplicateKeyPointer(bytes, maxDepth: maxDepth, keyOffset: location.byteOffset)
            }
            let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw SanitizeError(errorCode, "not \(article) \(what): \(error.reason)", at: location)
        }
        self.file = file
        self.what = what
        self.code = code
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The pointer of the member whose key starts at `keyOffset` (its opening quote), found by
    /// parsing again with duplicate keys allowed.
    private static func duplicateKeyPointer(_ bytes: [UInt8], maxDepth: Int, keyOffset: Int?) -> String? {
        guard let keyOffset,
            let document = try? JSONDocument(parsing: bytes, limits: JSONLimits(maxDepth: maxDepth, duplicateKeys: .allow)),
            let key = (0..<document.nodeCount).first(where: {
                document.kind($0) == .string && Int(document.nodes[$0].start) == keyOffset + 1
            }), key + 1 < document.nodeCount
        else { return nil }
        return JSONPointer(to: key + 1, in: document).description
    }

    /// `bytes` with a leading UTF-8 byte order mark replaced by three spaces (JSON whitespace),
    /// for files and bodies that may carry one (RFC 8259 §8.1 lets a parser ignore it); every
    /// offset, line and column stays as in the original bytes.
    /// - Parameter bytes: the text.
    /// - Returns: the text without its byte order mark.
    package static func blankingByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return bytes }
        var copy = bytes
        copy.replaceSubrange(0..<3, with: [0x20, 0x20, 0x20])
        return copy
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
        problem(reason, node: value.node, pointer: value.pointer, code: code)
    }

    /// A problem at a node, named by a pointer (the node's own, or a missing member's).
    private func problem(_ reason: String, node: Int, pointer: JSONPointer, code: SanitizeError.Code?) -> SanitizeError {
        // A string's node starts after its opening quote.
        var offset = document.nodes[node].start
        if document.kind(node) == .string, offset > 0 { offset -= 1 }
        let position = Int(offset)
        var line = lineStarts.count - 1
        while line > 0 && lineStarts[line] > position { line -= 1 }
        return SanitizeError(
            code ?? self.code, reason,
            at: .init(
                file: file, pointer: pointer.description, line: line + 1, column: position - lineStarts[line] + 1,
                byteOffset: position))
    }

    /// A problem found after reading (a value the file's format allows but its user refuses),
    /// located in this file: its pointer resolved to a line and column.
    /// - Parameter error: an error whose location holds a pointer into this file.
    /// - Returns: the error naming this file, and the line and column of the value its pointer
    ///   names when there is one; otherwise the error with only the file added.
    package func located(_ error: SanitizeError) -> SanitizeError {
        guard let text = error.location?.pointer, let pointer = JSONPointer(parsing: text),
            let node = pointer.resolve(in: document)
        else {
            var located = error
            located.location = error.location ?? .init()
            located.location?.file = file
            return located
        }
        return problem(error.reason, node: node, pointer: pointer, code: error.code)
    }

    /// The name of an object member, for a problem with the key itself (not its value).
    /// - Parameter member: a member's value, as ``members(of:allowing:)`` returns it.
    /// - Returns: the key's node, with the member's pointer.
    package func key(of member: Value) -> Value {
        // An object's nodes are its key and value in turn: the key precedes its value.
        Value(node: member.node - 1, pointer: member.pointer)
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
            throw problem("\(place(value)) must be \(expected)", at: value)
        }
        var result: [(key: String, value: Value)] = []
        for member in document.members(value.node) {
            let key = document.string(member.key) ?? ""
            let child = Value(node: member.value, pointer: value.pointer.appending(key))
            if let keys, !keys.contains(key) {
                let within = value.pointer.tokens.isEmpty ? "the \(what)" : "\"\(value.pointer)\" of the \(what)"
                throw problem(
                    "unknown key \"\(key)\" in \(within) (allowed: \(keys.joined(separator: ", ")))",
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
    ///   - code: a code other than the file's, if any.
    /// - Returns: the member's value.
    /// - Throws: ``SanitizeError`` when there is no such member: the pointer it would have, at
    ///   the line and column of `parent`.
    package func required(
        _ key: String, in members: [(key: String, value: Value)], of parent: Value, code: SanitizeError.Code? = nil
    ) throws(SanitizeError) -> Value {
        guard let found = members.last(where: { $0.key == key }) else {
            throw missing(key, of: parent, code: code)
        }
        return found.value
    }

    /// The error for a required member that is absent.
    /// - Parameters:
    ///   - key: the member's key.
    ///   - parent: the object that lacks it.
    ///   - code: a code other than the file's, if any.
    /// - Returns: the error, with the pointer the member would have, at the line and column of
    ///   `parent`.
    package func missing(_ key: String, of parent: Value, code: SanitizeError.Code? = nil) -> SanitizeError {
        problem(
            "required key \"\(key)\" is missing from \(place(parent))", node: parent.node,
            pointer: parent.pointer.appending(key), code: code)
    }

    /// A string value.
    /// - Parameter value: the value.
    /// - Returns: its text.
    /// - Throws: ``SanitizeError`` (the file's code) when it is not a string.
    package func string(_ value: Value) throws(SanitizeError) -> String {
        guard let text = document.string(value.node) else {
            throw problem("\(place(value)) must be a string", at: value)
        }
        return text
    }

    /// A whole number (written without a fraction or an exponent).
    /// - Parameter value: the value.
    /// - Returns: the number.
    /// - Throws: ``SanitizeError`` (the file's code) when it is not an integer that fits an `Int`.
    package func integer(_ value: Value) throws(SanitizeError) -> Int {
        guard let text = document.numberText(value.node), let number = Int(text) else {
            throw problem("\(place(value)) must be an integer", at: value)
        }
        return number
    }

    /// A Boolean value.
    /// - Parameter value: the value.
    /// - Returns: `true` or `false`.
    /// - Throws: ``SanitizeError`` (the file's code) when it is not `true` or `false`.
    package func bool(_ value: Value) throws(SanitizeError) -> Bool {
        guard let flag = document.bool(value.node) else {
            throw problem("\(place(value)) must be true or false", at: value)
        }
        return flag
    }

    /// The elements of an array.
    /// - Parameter value: the value.
    /// - Returns: each element with its pointer.
    /// - Throws: ``SanitizeError`` (the file's code) when it is not an array.
    package func elements(_ value: Value) throws(SanitizeError) -> [Value] {
        guard document.kind(value.node) == .array else {
            throw problem("\(place(value)) must be an array", at: value)
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
                throw problem("\(place(value)) must be an array of strings", at: element)
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

    /// "the email policy file" (what the file is) for the root, "\"/a/b\"" otherwise.
    private func place(_ value: Value) -> String {
        value.pointer.tokens.isEmpty ? "the \(what)" : "\"\(value.pointer)\""
    }

    private static func list(_ keys: [String]) -> String {
        keys.isEmpty ? "no keys" : "the keys " + keys.joined(separator: ", ")
    }
}
