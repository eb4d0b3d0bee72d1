extension Keywords {
    /// `minLength`: a string has at least this many code points.
    struct MinLength: Sendable {
        let limit: Int

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            try compiler.count("minLength", in: scope).map(Self.init)
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.MinLength, _ s: Int, _ node: Int) -> Bool {
        let length = codePointCount(node)
        if length >= keyword.limit { return true }
        report(s, "minLength", .minLength, "string has \(length) characters, fewer than the minimum \(keyword.limit)")
        return false
    }

    /// The number of Unicode code points in a string node (what `minLength`/`maxLength` count).
    @inline(__always)
    func codePointCount(_ node: Int) -> Int {
        let n = nodes[node]
        if n.flags & (JSONNode.Flags.ascii | JSONNode.Flags.escaped) == JSONNode.Flags.ascii { return Int(n.end - n.start) }
        return withString(node) { Self.codePoints(in: $0) }
    }

    /// The code points in well-formed UTF-8: the bytes that are not continuation bytes.
    @inline(never)
    static func codePoints(in bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.MinLength, into node: Int, depth: Int) -> Bool {
        nodes[node].minLength = keyword.limit
        return true
    }
}
