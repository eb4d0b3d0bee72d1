/// JSON Schema equality (2020-12 core §4.2.2): numbers by value (`1 == 1.0`), strings by
/// code points after unescaping, arrays in order, objects regardless of member order.
enum JSONEquality {
    static func equal(_ a: JSONDocument, _ x: Int, _ b: JSONDocument, _ y: Int) -> Bool {
        let kind = a.kind(x)
        guard kind == b.kind(y) else { return false }
        guard kind == .array || kind == .object else { return scalarsEqual(a, x, b, y) }
        // Containers: pairs still to compare on an explicit stack, so that two documents as deep
        // as the parser allows never run out of a small thread's stack.
        var pending = [(x, y)]
        while let (x, y) = pending.popLast() {
            let kind = a.kind(x)
            guard kind == b.kind(y) else { return false }
            switch kind {
            case .array:
                guard a.count(x) == b.count(y) else { return false }
                var left = x + 1
                var right = y + 1
                while left < a.after(x) {
                    pending.append((left, right))
                    left = a.after(left)
                    right = b.after(right)
                }
            case .object:
                guard a.count(x) == b.count(y) else { return false }
                var left = x + 1
                while left < a.after(x) {
                    let found: Int? = a.withStringBytes(left) { key in
                        var right = y + 1
                        while right < b.after(y) {
                            if b.keyEquals(right, key) { return right + 1 }
                            right = b.after(right + 1)
                        }
                        return nil
                    }
                    guard let found else { return false }
                    pending.append((left + 1, found))
                    left = a.after(left + 1)
                }
            default:
                guard scalarsEqual(a, x, b, y) else { return false }
            }
        }
        return true
    }

    /// Equality of two scalars of the same kind.
    private static func scalarsEqual(_ a: JSONDocument, _ x: Int, _ b: JSONDocument, _ y: Int) -> Bool {
        switch a.kind(x) {
        case .null:
            return true
        case .bool:
            return a.bool(x) == b.bool(y)
        case .number:
            if a.rawBytes(x) == b.rawBytes(y) { return true }
            let left = a.rawBytes(x).withUnsafeBytes { JSONDecimal(text: $0) }
            let right = b.rawBytes(y).withUnsafeBytes { JSONDecimal(text: $0) }
            return left == right
        case .string:
            return a.withStringBytes(x) { left in b.withStringBytes(y) { right in left.elementsEqual(right) } }
        case .array, .object:
            return false
        }
    }

    /// A hash consistent with ``equal(_:_:_:_:)`` (used to find duplicates for `uniqueItems`).
    static func hash(_ document: JSONDocument, _ node: Int) -> UInt64 {
        var hasher = Hasher()
        feed(document, node, &hasher)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    static func feed(_ document: JSONDocument, _ node: Int, _ hasher: inout Hasher) {
        let kind = document.kind(node)
        hasher.combine(kind)
        switch kind {
        case .null: break
        case .bool: hasher.combine(document.bool(node))
        case .number:
            let value = document.rawBytes(node).withUnsafeBytes { JSONDecimal(text: $0) }
            hasher.combine(value)
        case .string:
            document.withStringBytes(node) { hasher.combine(bytes: $0) }
        case .array:
            var child = node + 1
            while child < document.after(node) {
                feed(document, child, &hasher)
                child = document.after(child)
            }
        case .object:
            // Order-independent: sum of member hashes.
            var sum: UInt64 = 0
            var child = node + 1
            while child < document.after(node) {
                var member = Hasher()
                document.withStringBytes(child) { member.combine(bytes: $0) }
                feed(document, child + 1, &member)
                sum &+= UInt64(bitPattern: Int64(member.finalize()))
                child = document.after(child + 1)
            }
            hasher.combine(sum)
        }
    }
}
