/// A JSON Pointer (RFC 6901): the reference tokens that lead from a document's root to one of
/// its values, such as `/address/city` or `/tags/0`. The one place the package escapes,
/// unescapes, parses and resolves pointers; the contract, the filter, the report key and the
/// rule-file reader all use it.
package struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped; empty for the whole document.
    package var tokens: [String]

    /// A pointer made of reference tokens.
    /// - Parameter tokens: the tokens, unescaped.
    package init(tokens: [String] = []) {
        self.tokens = tokens
    }

    /// Parses a pointer in its string form (RFC 6901 §3): empty, or `/` before each token, with
    /// `~0` for `~` and `~1` for `/`. Read by code point, as the RFC's grammar is: a `/` or `~`
    /// followed by a combining mark is still a separator or an escape.
    /// - Parameter text: the pointer.
    /// - Returns: `nil` when `text` is not empty and does not begin with `/`, or has a `~` not
    ///   followed by `0` or `1`.
    package init?(parsing text: String) {
        guard !text.isEmpty else {
            self.init()
            return
        }
        // `/`, `~`, `0` and `1` are ASCII, and UTF-8 never uses an ASCII byte inside a longer
        // sequence, so the bytes can be split and unescaped one by one.
        let utf8 = Array(text.utf8)
        guard utf8[0] == UInt8(ascii: "/") else { return nil }
        var tokens: [String] = []
        var token: [UInt8] = []
        var index = 1
        while index <= utf8.count {
            guard index < utf8.count, utf8[index] != UInt8(ascii: "/") else {
                tokens.append(String(decoding: token, as: UTF8.self))
                token.removeAll(keepingCapacity: true)
                index += 1
                continue
            }
            if utf8[index] == UInt8(ascii: "~") {
                guard index + 1 < utf8.count, utf8[index + 1] == UInt8(ascii: "0") || utf8[index + 1] == UInt8(ascii: "1") else {
                    return nil
                }
                token.append(utf8[index + 1] == UInt8(ascii: "1") ? UInt8(ascii: "/") : UInt8(ascii: "~"))
                index += 2
            } else {
                token.append(utf8[index])
                index += 1
            }
        }
        self.init(tokens: tokens)
    }

    /// The pointer of a node of a document (RFC 6901 §3 string form).
    /// - Parameters:
    ///   - target: a node index of `document`.
    ///   - document: the document.
    package init(to target: Int, in document: JSONDocument) {
        var tokens: [String] = []
        var container = document.root
        while container != target, container < document.nodeCount {
            let isObject = document.kind(container) == .object
            var child = container + 1
            var index = 0
            var found = false
            while index < document.count(container) {
                let value = isObject ? child + 1 : child
                if value <= target && target < document.after(value) {
                    tokens.append(isObject ? (document.string(child) ?? "") : String(index))
                    container = value
                    found = true
                    break
                }
                child = document.after(value)
                index += 1
            }
            if !found { break }
        }
        self.init(tokens: tokens)
    }

    /// The string form: `/` before each escaped token; `""` for the whole document.
    package var description: String {
        tokens.map { "/" + Self.escape($0) }.joined()
    }

    /// The pointer one token further down.
    /// - Parameter token: the member name or array index, unescaped.
    /// - Returns: the longer pointer.
    package func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [token])
    }

    /// Escapes a reference token (RFC 6901 §3): `~` as `~0`, then `/` as `~1`. Byte by byte,
    /// which is scalar by scalar as the RFC asks: the bytes of `~` and `/` never occur inside a
    /// multi-byte UTF-8 sequence, so a `~` followed by a combining mark is escaped too.
    /// - Parameter token: the member name or array index.
    /// - Returns: the escaped token.
    package static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == 0x7E || $0 == 0x2F }) else { return token }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(token.utf8.count + 4)
        appendEscaped(token.utf8, to: &escaped)
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Appends a reference token's UTF-8 escaped as ``escape(_:)`` does, with no string built.
    /// - Parameters:
    ///   - token: the token's bytes.
    ///   - out: the buffer to append to.
    package static func appendEscaped(_ token: some Collection<UInt8>, to out: inout [UInt8]) {
        // The runs between the bytes to escape are copied whole, not byte by byte.
        let contiguous: Void? = token.withContiguousStorageIfAvailable { bytes in
            var runStart = 0
            for index in bytes.indices where bytes[index] == 0x7E || bytes[index] == 0x2F {
                out.append(contentsOf: bytes.extracting(runStart..<index))
                out.append(0x7E)
                out.append(bytes[index] == 0x7E ? 0x30 : 0x31)  // ~0, ~1
                runStart = index + 1
            }
            out.append(contentsOf: bytes.extracting(runStart...))
        }
        // Bytes not in one piece of memory are gathered into an array first.
        if contiguous == nil { appendEscaped(Array(token), to: &out) }
    }

    /// Unescapes a reference token (RFC 6901 §4): `~1` as `/` first, then `~0` as `~`, so that
    /// `~01` reads as `~1`. A `~` followed by anything else is left as it is (use
    /// ``init(parsing:)`` to refuse it).
    /// - Parameter token: the escaped token.
    /// - Returns: the member name or array index.
    package static func unescape(_ token: Substring) -> String {
        guard token.utf8.contains(0x7E) else { return String(token) }
        var result = String.UnicodeScalarView()
        var scalars = token.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == "~", let next = pending, next == "0" || next == "1" {
                result.append(next == "1" ? "/" : "~")
                pending = scalars.next()
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// An array index token (RFC 6901 §4): `0` or digits without a leading zero.
    /// - Parameter token: the token.
    /// - Returns: the index, or `nil` for any other token (`-` included: it names no element).
    package static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token == "0" || token.first != "0", token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else { return nil }
        return Int(token)
    }

    /// The node the pointer names in a document (RFC 6901 §4).
    /// - Parameter document: the document.
    /// - Returns: the node index, or `nil` when a token names no member or element.
    package func resolve(in document: JSONDocument) -> Int? {
        // A whole document has no container stepped over, so nothing is parsed on the way.
        assert(!document.isPartial, "a partly parsed document is resolved with resolve(inPartial:limits:)")
        return resolve(inPartial: document, limits: .default)?.node
    }

    /// The value the pointer names in a document that may be parsed in part
    /// (``JSONDocument/isPartial``): where the pointer leads into an object or array the parse
    /// stepped over, that container's bytes are parsed alone and the walk goes on in them, so
    /// the value found is the one a whole parse would find.
    /// - Parameters:
    ///   - document: the document, whole or partial.
    ///   - limits: parsing limits for a container stepped over.
    /// - Returns: the document holding the value (`document`, or the container parsed alone)
    ///   and the value's node in it (a container the pointer names itself, rather than leads
    ///   into, may come back stepped over: ``JSONDocument/isUnread(_:)``); `nil` when a token
    ///   names no member or element.
    package func resolve(inPartial document: JSONDocument, limits: JSONLimits) -> (document: JSONDocument, node: Int)? {
        var document = document
        var node = document.root
        for token in tokens {
            if document.isUnread(node) {
                // Strict JSON already (the scan that let the parse step over it read it).
                guard let container = try? JSONDocument(parsing: Array(document.rawBytes(node)), limits: limits) else { return nil }
                document = container
                node = container.root
            }
            switch document.kind(node) {
            case .object:
                guard let value = document.member(token, of: node) else { return nil }
                node = value
            case .array:
                guard let index = Self.arrayIndex(token), index < document.count(node) else { return nil }
                node = document.elements(node)[index]
            default:
                return nil
            }
        }
        return (document, node)
    }

    /// The value the pointer names in a value tree (RFC 6901 §4).
    /// - Parameter value: the root value.
    /// - Returns: the value, or `nil` when a token names no member or element.
    package func resolve(in value: JSONValue) -> JSONValue? {
        var current = value
        for token in tokens {
            switch current {
            case .object:
                guard let next = current[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Self.arrayIndex(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
