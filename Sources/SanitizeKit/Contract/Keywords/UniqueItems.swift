extension Keywords {
    /// `uniqueItems: true`: no two elements of an array are equal (JSON equality).
    struct UniqueItems: Sendable {
        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            scope["uniqueItems"] == .bool(true) ? Self() : nil
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.UniqueItems, _ s: Int, _ node: Int) -> Bool {
        let count = countOf(node)
        guard count > 1 else { return true }
        if count <= 16 {
            // Small arrays: pairwise, without allocating.
            var first = node + 1
            var firstIndex = 0
            let end = afterOf(node)
            while first < end {
                var second = afterOf(first)
                var secondIndex = firstIndex + 1
                while second < end {
                    if instanceNodesEqual(first, second) {
                        report(s, "uniqueItems", .uniqueItems, "items \(firstIndex) and \(secondIndex) are equal")
                        return false
                    }
                    second = afterOf(second)
                    secondIndex += 1
                }
                first = afterOf(first)
                firstIndex += 1
            }
            return true
        }
        let items = document.elements(node)
        var hashed: [(hash: UInt64, node: Int, index: Int)] = []
        hashed.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { hashed.append((JSONEquality.hash(document, item), item, index)) }
        hashed.sort { $0.hash == $1.hash ? $0.index < $1.index : $0.hash < $1.hash }
        var start = 0
        while start < hashed.count {
            var end = start + 1
            while end < hashed.count && hashed[end].hash == hashed[start].hash { end += 1 }
            if end - start > 1 {
                for i in start..<end {
                    for j in (i + 1)..<end where JSONEquality.equal(document, hashed[i].node, document, hashed[j].node) {
                        report(s, "uniqueItems", .uniqueItems, "items \(hashed[i].index) and \(hashed[j].index) are equal")
                        return false
                    }
                }
            }
            start = end
        }
        return true
    }
}

extension ShapeCheckBuilder {
    mutating func lower(_ keyword: Keywords.UniqueItems, into node: Int, depth: Int) -> Bool {
        nodes[node].uniqueItems = true
        return true
    }
}
