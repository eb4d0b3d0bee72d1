extension JSONDocument {
    /// Whether a node is a string written without escapes, so that its bytes as written are
    /// its text (well-formed UTF-8 without NUL or controls, which JSON must escape).
    func isUnescapedString(_ node: Int) -> Bool {
        nodes[node].kind == .string && nodes[node].flags & JSONNode.Flags.escaped == 0
    }

    /// The string nodes that are values (array elements or member values), not member names.
    func stringValueNodes() -> [Int] {
        var isKey = [Bool](repeating: false, count: nodeCount)
        for node in 0..<nodeCount where kind(node) == .object {
            var child = node + 1
            for _ in 0..<count(node) {
                isKey[child] = true
                child = after(child + 1)
            }
        }
        return (0..<nodeCount).filter { kind($0) == .string && !isKey[$0] }
    }

    /// The JSON Pointer (RFC 6901) of a node, such as `/address/city` or `/tags/0`.
    /// - Parameter target: a node index.
    /// - Returns: the pointer; `""` for the root.
    package func pointer(to target: Int) -> String {
        var tokens: [String] = []
        var container = root
        while container != target, container < nodeCount {
            let isObject = kind(container) == .object
            var child = container + 1
            var index = 0
            var found = false
            while index < count(container) {
                let value = isObject ? child + 1 : child
                if value <= target && target < after(value) {
                    tokens.append(isObject ? (string(child) ?? "") : String(index))
                    container = value
                    found = true
                    break
                }
                child = after(value)
                index += 1
            }
            if !found { break }
        }
        return tokens.map { "/" + ContractCompiler.escapeToken($0) }.joined()
    }
}
