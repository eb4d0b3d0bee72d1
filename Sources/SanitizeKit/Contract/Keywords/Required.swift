extension Keywords {
    /// `required`: an object has each of these members. In an OpenAPI 3.0 contract compiled
    /// for a direction, the names of `readOnly` (request) or `writeOnly` (response) properties
    /// are left out (OAS 3.0.3 §4.7.25.x).
    struct Required: Sendable {
        /// Key indices in ``ContractProgram/lists``.
        let keys: PoolRange

        /// When every required name is also one of the schema's `properties` (at most 64 of
        /// them), ``Properties`` checks presence with a bit mask during its walk instead of one
        /// scan per name, and no check is compiled.
        /// - Parameter shape: the schema's ``Properties`` shape (index into ``ContractProgram/shapes``), if any.
        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler, shape: Int?) throws(SanitizeError) -> Self? {
            guard let value = scope["required"] else { return nil }
            let list = try compiler.requiredInDirection(try compiler.keys(value, "required", in: scope), of: scope.entry)
            guard !list.isEmpty else { return nil }
            let positions = list.map { key in shape.flatMap { compiler.program.shapes[$0].keys.firstIndex { $0.text == key.text } } }
            if let shape, compiler.program.shapes[shape].keys.count <= 64, !positions.contains(nil) {
                for position in positions.compactMap({ $0 }) { compiler.program.shapes[shape].requiredMask |= 1 << UInt64(position) }
                return nil
            }
            var indices: [Int] = []
            for key in list {
                compiler.program.keys.append(key)
                indices.append(compiler.program.keys.count - 1)
            }
            return Self(keys: compiler.program.list(indices))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Required, _ s: Int, _ node: Int) -> Bool {
        var valid = true
        for index in keyword.keys.range where !has(key: Int(lists[index]), in: node) {
            reportMissing(s, key: Int(lists[index]))
            valid = false
            if stopEarly { return false }
        }
        return valid
    }

    /// Reports a required member that is missing (``Keywords/Required``, or the bit mask of
    /// ``Keywords/Properties``), by its program key: the message is read in place (a copy of
    /// the key was a retain and a release of each of its fields).
    func reportMissing(_ s: Int, key keyIndex: Int) {
        report(s, "required", .required, buffers.program.keys[keyIndex].missingMessage)
    }

    /// Whether an object node has a member named by program key `keyIndex`.
    @inline(__always)
    func has(key keyIndex: Int, in node: Int) -> Bool {
        var child = node + 1
        let end = afterOf(node)
        let wanted = buffers.keySpans[keyIndex].count
        while child < end {
            let key = nodes[child]
            let plainMismatch = key.flags & JSONNode.Flags.escaped == 0 && Int(key.end - key.start) != wanted
            if !plainMismatch, withString(child, { buffers.keyEquals(keyIndex, $0) }) { return true }
            child = afterOf(child + 1)
        }
        return false
    }

    /// Whether an object node has a member with this key.
    func has(_ key: PropertyKey, in node: Int) -> Bool {
        var child = node + 1
        let end = afterOf(node)
        return key.bytes.withUnsafeBytes { wanted in
            while child < end {
                if keyMatches(child, wanted) { return true }
                child = afterOf(child + 1)
            }
            return false
        }
    }
}

extension ShapeCheckBuilder {
    /// Left to the general path: the scan checks only names that are also `properties`
    /// (compiled into the shape's mask, with no check of their own).
    mutating func lower(_ keyword: Keywords.Required, into node: Int, depth: Int) -> Bool { false }
}
