/// A URI reference split into its RFC 3986 §3 components, with §5.2 reference resolution.
///
/// Used only for schema identifiers (`$id`, `$ref`, `$schema`): nothing is ever fetched.
struct URIReference: Hashable, Sendable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits a reference with the regular expression of RFC 3986 Appendix B.
    init(_ text: String) {
        // The delimiters are found as code units (they are ASCII, and a URI is a sequence of
        // code points): a search by `Character` segmented the text into graphemes, 50,000
        // instructions for an identifier, and missed a delimiter a combining mark followed.
        var rest = Substring(text)
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = String(rest[rest.utf8.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), Self.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.utf8.index(after: colon)...]
        }
        if rest.utf8.starts(with: "//".utf8) {
            let afterSlashes = rest.utf8.index(rest.startIndex, offsetBy: 2)
            let end = rest.utf8[afterSlashes...].firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    /// Whether the text before a reference's first colon is its scheme: not empty, no `/`,
    /// only letters, digits, `+`, `-` and `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard !text.isEmpty, !text.utf8.contains(UInt8(ascii: "/")) else { return false }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.allSatisfy { byte in
                (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                    || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
        }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Recomposes the reference (RFC 3986 §5.3).
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The same reference without its fragment.
    var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// Resolves `reference` against this base (RFC 3986 §5.2.2, strict).
    func resolve(_ reference: URIReference) -> URIReference {
        if reference.scheme != nil {
            return URIReference(
                scheme: reference.scheme, authority: reference.authority,
                path: URIReference.removeDotSegments(reference.path), query: reference.query, fragment: reference.fragment)
        }
        if reference.authority != nil {
            return URIReference(
                scheme: scheme, authority: reference.authority, path: URIReference.removeDotSegments(reference.path),
                query: reference.query, fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return URIReference(
                scheme: scheme, authority: authority, path: path, query: reference.query ?? query, fragment: reference.fragment)
        }
        let mergedPath: String
        if reference.path.hasPrefix("/") {
            mergedPath = URIReference.removeDotSegments(reference.path)
        } else if authority != nil && path.isEmpty {
            mergedPath = URIReference.removeDotSegments("/" + reference.path)
        } else if let slash = path.lastIndex(of: "/") {
            mergedPath = URIReference.removeDotSegments(String(path[...slash]) + reference.path)
        } else {
            mergedPath = URIReference.removeDotSegments(reference.path)
        }
        return URIReference(scheme: scheme, authority: authority, path: mergedPath, query: reference.query, fragment: reference.fragment)
    }

    /// RFC 3986 §5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var result = ""
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                var end = input.index(after: input.startIndex)
                if input.first == "/" {
                    end = input[end...].firstIndex(of: "/") ?? input.endIndex
                } else {
                    end = input.firstIndex(of: "/") ?? input.endIndex
                }
                output.append(input[..<end])
                input = input[end...]
            }
        }
        for segment in output { result += segment }
        return result
    }

    /// Percent-decodes text (for URI fragments holding JSON Pointers); invalid escapes stay as they are.
    static func percentDecode(_ text: String) -> String {
        guard text.utf8.contains(0x25) else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == 0x25, index + 2 < utf8.count,
                let high = JSONParser.hexValue(utf8[index + 1]), let low = JSONParser.hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
