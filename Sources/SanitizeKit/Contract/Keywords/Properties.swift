extension Keywords {
    /// `properties`, `patternProperties` and `additionalProperties`, combined into one
    /// ``ObjectShape`` so an object's members are walked once: each member's value is valid
    /// against the schema of its name, of each pattern its name matches, or else the
    /// additional schema. The shape also checks the `required` names that are properties
    /// (``Keywords/Required``).
    struct Properties: Sendable {
        /// Index into ``ContractProgram/shapes``.
        let shape: Int32

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            var shape = ObjectShape()
            var hasShape = false
            if case .object(let map)? = scope["properties"] {
                hasShape = true
                for member in map {
                    let key = PropertyKey(member.key)
                    shape.keys.append(key)
                    shape.hashes.append(key.hash)
                    compiler.program.keys.append(key)
                    shape.keyIndices.append(Int32(compiler.program.keys.count - 1))
                    shape.schemas.append(try compiler.subschema("properties", member.key, member.value, in: scope))
                }
            }
            if case .object(let map)? = scope["patternProperties"] {
                hasShape = true
                for member in map {
                    compiler.program.patterns.append(try compiler.patternMatcher(member.key, in: scope.entry, at: "/patternProperties"))
                    shape.patterns.append(
                        (Int32(compiler.program.patterns.count - 1), try compiler.subschema("patternProperties", member.key, member.value, in: scope)))
                }
            }
            if let value = scope["additionalProperties"] {
                hasShape = true
                shape.additional = try compiler.subschema("additionalProperties", nil, value, in: scope)
            }
            guard hasShape else { return nil }
            compiler.program.shapes.append(shape)
            return Self(shape: Int32(compiler.program.shapes.count - 1))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Properties, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        let shapeIndex = Int(keyword.shape)
        let shape = buffers.shapes[shapeIndex]
        var valid = true
        var child = node + 1
        let end = afterOf(node)
        let memberCount = countOf(node)
        var memberIndex = 0
        var foundMask: UInt64 = 0
        // Members usually come in the order the schema lists its properties: each search
        // starts right after the property found last, so it mostly hits on the first probe.
        var guess = 0
        while child < end {
            let value = child + 1
            var matched = false
            if shape.count > 0 {
                let start = guess
                let found: Int = withString(child) { key in
                    // The expected property first, by its bytes alone: when members come in
                    // schema order the key need not be hashed at all.
                    if buffers.keyEquals(Int(lists[shape.keys + start]), key) { return start }
                    let hash = JSONDocument.keyHash(key)
                    if shape.slotMask > 0 { return buffers.indexedProperty(shape, key, hash: hash) }
                    var index = start
                    for _ in 0..<shape.count {
                        if buffers.hashes[shape.first + index] == hash
                            && buffers.keyEquals(Int(lists[shape.keys + index]), key)
                        {
                            return index
                        }
                        index = index + 1 == shape.count ? 0 : index + 1
                    }
                    return -1
                }
                if found >= 0 {
                    guess = found + 1 == shape.count ? 0 : found + 1
                    matched = true
                    if found < 64 { foundMask |= 1 << UInt64(found) }
                    if !evaluateChild(Int(lists[shape.schemas + found]), value, .key(child), passing: &annotations) {
                        valid = false
                        if stopEarly { return false }
                    }
                }
            }
            if shape.patternCount > 0 {
                // Read from the plain pool: iterating the program's array would retain it per member.
                for entry in 0..<shape.patternCount {
                    let pattern = Int(lists[shape.patterns + 2 * entry])
                    let outcome = withString(child) { buffers.matchPattern(pattern, $0) }
                    if outcome == .gaveUp {
                        // Nothing can say whether this member's schema applies: refused.
                        reportPatternGaveUp(s, pattern: pattern, member: child)
                        valid = false
                        if stopEarly { return false }
                        continue
                    }
                    guard outcome == .matched else { continue }
                    matched = true
                    if !evaluateChild(Int(lists[shape.patterns + 2 * entry + 1]), value, .key(child), passing: &annotations) {
                        valid = false
                        if stopEarly { return false }
                    }
                }
            }
            if !matched, shape.additional >= 0 {
                let additional = Int(shape.additional)
                matched = true
                if schemas[additional].kind == .alwaysInvalid {
                    reportAdditionalRefused(s, member: child)
                    valid = false
                    if stopEarly { return false }
                } else if !evaluateChild(additional, value, .key(child), passing: &annotations) {
                    valid = false
                    if stopEarly { return false }
                }
            }
            if matched && collect { annotations.markProperty(memberIndex, of: memberCount) }
            memberIndex += 1
            child = afterOf(value)
        }
        let missing = shape.requiredMask & ~foundMask
        if missing != 0 {
            for position in 0..<min(shape.count, 64) where missing & (1 << UInt64(position)) != 0 {
                reportMissing(s, key: Int(lists[shape.keys + position]))
                valid = false
                if stopEarly { return false }
            }
        }
        return valid
    }

    // Out of line, with their messages: the evaluation of `properties` starts without them.

    @inline(never)
    mutating func reportPatternGaveUp(_ s: Int, pattern: Int, member: Int) {
        guard reports else { return }
        let matcher = buffers.program.patterns[pattern]
        pushPath(.key(member))
        report(s, "patternProperties", .patternLimit, "the pattern \(matcher.quotedSource) gave up on this member name (PCRE2 match limit), so it is refused")
        popPath()
    }

    @inline(never)
    mutating func reportAdditionalRefused(_ s: Int, member: Int) {
        guard reports else { return }
        pushPath(.key(member))
        report(s, "additionalProperties", .additionalProperties, "member is not allowed by the contract")
        popPath()
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.Properties, _ body: (Int, ApplicatorReach) -> Void) {
        let shape = shapes[Int(keyword.shape)]
        for (key, target) in zip(shape.keys, shape.schemas) { applied(target, .member(key), body) }
        for pattern in shape.patterns { applied(pattern.schema, .patternMember(pattern.pattern), body) }
        applied(shape.additional, .otherMember(shape: keyword.shape), body)
    }
}

extension ShapeCheckBuilder {
    /// `properties` (at most 64, for the bit masks) with the `required` ones among them, and
    /// `additionalProperties`; `patternProperties` is left to the general path.
    mutating func lower(_ keyword: Keywords.Properties, into node: Int, depth: Int) -> Bool {
        let shape = program.shapes[Int(keyword.shape)]
        guard shape.patterns.isEmpty, shape.keys.count <= 64, Set(shape.keys.map(\.text)).count == shape.keys.count else {
            return false
        }
        var children: [Int] = []
        for target in shape.schemas {
            guard let child = add(Int(target), depth: depth + 1) else { return false }
            children.append(child)
        }
        if shape.additional >= 0 {
            switch program.schemas[Int(shape.additional)].kind {
            case .alwaysValid: nodes[node].openMembers = 0
            case .alwaysInvalid: nodes[node].openMembers = -1
            case .checks:
                guard let child = add(Int(shape.additional), depth: depth + 1) else { return false }
                nodes[node].openMembers = child
            }
        }
        nodes[node].firstProperty = properties.count
        nodes[node].propertyCount = shape.keys.count
        nodes[node].requiredMask = shape.requiredMask
        for (key, child) in zip(shape.keys, children) { properties.append((key.bytes, child)) }
        return true
    }
}
