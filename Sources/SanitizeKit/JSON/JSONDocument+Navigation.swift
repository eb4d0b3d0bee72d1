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
        JSONPointer(to: target, in: self).description
    }
}

extension JSONDocument {
    /// A document's nodes and text as plain pointers: the read view of the contract evaluator's
    /// hot loop (no reference counting, no bounds checks). The JSON part owns the layout; the
    /// view is valid only inside ``withReadView(_:)``'s body.
    struct ReadView {
        /// The nodes, in document order (never a null pointer, also for an empty document).
        let nodes: UnsafePointer<JSONNode>
        /// The text the nodes' offsets point into.
        let text: UnsafePointer<UInt8>
    }

    /// Calls `body` with the document's nodes and text pinned.
    /// - Parameter body: receives the view; it must not keep it.
    /// - Returns: what `body` returns.
    @inline(__always)
    func withReadView<R>(_ body: (ReadView) -> R) -> R {
        nodes.withUnsafeBufferPointer { nodes in
            storage.withUnsafeBufferPointer { storage in
                body(
                    ReadView(
                        nodes: nodes.baseAddress ?? UnsafePointer(JSONDocument.emptyNodes),
                        text: storage.baseAddress ?? JSONParser.emptyBase))
            }
        }
    }
}
