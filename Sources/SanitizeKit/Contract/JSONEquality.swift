/// JSON Schema equality (2020-12 core §4.2.2): numbers by value (`1 == 1.0`), strings by
/// code points after unescaping, arrays in order, objects regardless of member order.
enum JSONEquality {
    static func equal(_ a: JSONDocument, _ x: Int, _ b: JSONDocument, _ y: Int) -> Bool {
        let kind = a.kind(x)
        guard kind == b.kind(y) else { return false }
        guard kind == .array || kind == .object else { return scalarsEqual(a, x, b, y) }
        // Containers: a container's plain scalar parts are compared where they are met (two
        // objects that differ in one member's number or unescaped string fail there, before
        // anything is decoded or opened); its containers and escaped strings wait on an
        // explicit stack, so that two documents as deep as the parser allows never run out of
        // a small thread's stack. The stack is allocated only when something waits.
        guard a.count(x) == b.count(y) else { return false }
        var pending: [(Int, Int)] = []
        var pair = (x, y)
        while true {
            let kind = a.kind(pair.0)
            let equal =
                kind == .array || kind == .object
                ? partsEqual(a, pair.0, b, pair.1, deferring: &pending) : scalarsEqual(a, pair.0, b, pair.1)
            guard equal else { return false }
            guard let next = pending.popLast() else { return true }
            pair = next
        }
    }

    /// Whether the parts of two containers of one kind and count are equal: scalars compared
    /// now, containers of one kind and count appended to `pending` in pairs. An object's member
    /// is looked for in the other by name from just after the member found last (the objects of
    /// one array mostly list their members in one order); names are unique (the parser refuses
    /// duplicates).
    private static func partsEqual(
        _ a: JSONDocument, _ x: Int, _ b: JSONDocument, _ y: Int, deferring pending: inout [(Int, Int)]
    ) -> Bool {
        let end = a.after(x)
        var left = x + 1
        if a.kind(x) == .array {
            var right = y + 1
            while left < end {
                guard valuesEqualOrDeferred(a, left, b, right, &pending) else { return false }
                left = a.after(left)
                right = b.after(right)
            }
            return true
        }
        let otherEnd = b.after(y)
        var expected = y + 1
        while left < end {
            let found: Int? = a.withStringBytes(left) { name in
                var right = expected
                while right < otherEnd {
                    if b.keyEquals(right, name) { return right }
                    right = b.after(right + 1)
                }
                right = y + 1
                while right < expected {
                    if b.keyEquals(right, name) { return right }
                    right = b.after(right + 1)
                }
                return nil
            }
            guard let found, valuesEqualOrDeferred(a, left + 1, b, found + 1, &pending) else { return false }
            expected = b.after(found + 1)
            left = a.after(left + 1)
        }
        return true
    }

    /// Whether two values are equal as far as can be told cheaply: their kinds, a container's
    /// count, a scalar whole unless it is a string with an escape on either side. Containers and
    /// such strings are appended to `pending`, to be compared after the plain parts.
    @inline(__always)
    private static func valuesEqualOrDeferred(
        _ a: JSONDocument, _ x: Int, _ b: JSONDocument, _ y: Int, _ pending: inout [(Int, Int)]
    ) -> Bool {
        let kind = a.kind(x)
        guard kind == b.kind(y) else { return false }
        switch kind {
        case .array, .object:
            guard a.count(x) == b.count(y) else { return false }
        case .string where a.isEscaped(x) || b.isEscaped(y):
            break
        default:
            return scalarsEqual(a, x, b, y)
        }
        pending.append((x, y))
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
            // Written alike, equal; else by value (`1` and `1.0`).
            return a.withRawBytes(x) { left in
                b.withRawBytes(y) { right in bytesEqual(left, right) || JSONDecimal(text: left) == JSONDecimal(text: right) }
            }
        case .string:
            return a.withStringBytes(x) { left in b.withStringBytes(y) { right in bytesEqual(left, right) } }
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
