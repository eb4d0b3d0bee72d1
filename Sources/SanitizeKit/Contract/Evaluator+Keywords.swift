extension Evaluator {
    // MARK: strings

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

    mutating func checkString(_ s: Int, _ check: Check, _ node: Int) -> Bool {
        switch check {
        case .minLength(let limit):
            let length = codePointCount(node)
            if length >= limit { return true }
            report(s, "minLength", .minLength, "string has \(length) characters, fewer than the minimum \(limit)")
            return false
        case .maxLength(let limit):
            let n = nodes[node]
            if Int(n.end - n.start) <= limit { return true }  // bytes ≥ code points
            let length = codePointCount(node)
            if length <= limit { return true }
            report(s, "maxLength", .maxLength, "string has \(length) characters, more than the maximum \(limit)")
            return false
        case .pattern(let index):
            let outcome = withString(node) { buffers.matchPattern(Int(index), $0) }
            if outcome == .matched { return true }
            let source = JSONValue.string(buffers.program.patterns[Int(index)].source).jsonText
            if outcome == .gaveUp {
                report(s, "pattern", .patternLimit, "the pattern \(source) gave up on this string (PCRE2 match limit, catastrophic backtracking), so it is refused\(shown(node))")
            } else {
                report(s, "pattern", .pattern, "string does not match the pattern \(source)\(shown(node))")
            }
            return false
        case .format(let kind):
            if withString(node, { kind.accepts($0) }) { return true }
            report(s, "format", .format, "string is not a valid \(kind.rawValue)\(shown(node))")
            return false
        // Not a string keyword: the compiler places it in another pool.
        case .const(_), .enumeration(_), .ref(_, _), .dynamicRef(_, _), .recursiveRef(_), .allOf(_), .anyOf(_),
            .oneOf(_), .oneOfByKey(_, _), .not(_), .conditional(_, _, _), .dependentSchemas(_), .minimum(_),
            .maximum(_), .exclusiveMinimum(_), .exclusiveMaximum(_), .multipleOf(_), .minProperties(_),
            .maxProperties(_), .required(_), .dependentRequired(_), .propertyNames(_), .object(_), .minItems(_),
            .maxItems(_), .uniqueItems, .items(_, _, _), .contains(_, _, _):
            return true
        }
    }

    // MARK: numbers

    /// Compares the number at `node` with a bound: -1, 0 or 1.
    @inline(__always)
    func compare(_ node: Int, _ boundIndex: Int32) -> Int {
        let fast = fastBounds[Int(boundIndex)]
        if let limit = fast.int, let small = smallInteger(node) {
            return small < limit ? -1 : (small == limit ? 0 : 1)
        }
        if let limit = fast.double, let value = exactDouble(node) {
            return value < limit ? -1 : (value == limit ? 0 : 1)
        }
        return Self.compareDecimal(rawText(node), buffers.program.bounds[Int(boundIndex)].decimal)
    }

    /// Compares a number's text with a bound exactly, as decimals: out of line and static, so
    /// that the fast paths of ``compare(_:_:)`` keep small frames and copy nothing.
    @inline(never)
    static func compareDecimal(_ text: UnsafeRawBufferPointer, _ bound: JSONDecimal) -> Int {
        guard let value = JSONDecimal(text: text) else { return 0 }
        return JSONDecimal.compare(value, bound)
    }

    mutating func checkNumber(_ s: Int, _ check: Check, _ node: Int) -> Bool {
        switch check {
        case .minimum(let index):
            if compare(node, index) >= 0 { return true }
            report(s, "minimum", .minimum, "number is less than the minimum \(buffers.program.bounds[Int(index)].text)\(shown(node))")
            return false
        case .maximum(let index):
            if compare(node, index) <= 0 { return true }
            report(s, "maximum", .maximum, "number is greater than the maximum \(buffers.program.bounds[Int(index)].text)\(shown(node))")
            return false
        case .exclusiveMinimum(let index):
            if compare(node, index) > 0 { return true }
            report(s, "exclusiveMinimum", .exclusiveMinimum, "number must be greater than \(buffers.program.bounds[Int(index)].text)\(shown(node))")
            return false
        case .exclusiveMaximum(let index):
            if compare(node, index) < 0 { return true }
            report(s, "exclusiveMaximum", .exclusiveMaximum, "number must be less than \(buffers.program.bounds[Int(index)].text)\(shown(node))")
            return false
        case .multipleOf(let index):
            if let small = smallInteger(node), let divisor = fastBounds[Int(index)].int, divisor > 0 {
                if small % divisor == 0 { return true }
            } else if let value = decimal(node), value.isMultiple(of: buffers.program.bounds[Int(index)].decimal) {
                return true
            }
            report(s, "multipleOf", .multipleOf, "number is not a multiple of \(buffers.program.bounds[Int(index)].text)\(shown(node))")
            return false
        // Not a number keyword: the compiler places it in another pool.
        case .const(_), .enumeration(_), .ref(_, _), .dynamicRef(_, _), .recursiveRef(_), .allOf(_), .anyOf(_),
            .oneOf(_), .oneOfByKey(_, _), .not(_), .conditional(_, _, _), .dependentSchemas(_), .minLength(_),
            .maxLength(_), .pattern(_), .format(_), .minProperties(_), .maxProperties(_), .required(_),
            .dependentRequired(_), .propertyNames(_), .object(_), .minItems(_), .maxItems(_), .uniqueItems,
            .items(_, _, _), .contains(_, _, _):
            return true
        }
    }

    // MARK: objects

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

    mutating func checkObject(_ s: Int, _ check: Check, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        let memberCount = countOf(node)
        switch check {
        case .minProperties(let limit):
            if memberCount >= limit { return true }
            report(s, "minProperties", .minProperties, "object has \(memberCount) members, fewer than the minimum \(limit)")
            return false
        case .maxProperties(let limit):
            if memberCount <= limit { return true }
            report(s, "maxProperties", .maxProperties, "object has \(memberCount) members, more than the maximum \(limit)")
            return false
        case .required(let keys):
            var valid = true
            for index in keys.range where !has(key: Int(lists[index]), in: node) {
                let key = buffers.program.keys[Int(lists[index])]
                report(s, "required", .required, "required member \(JSONValue.string(key.text).jsonText) is missing")
                valid = false
                if stopEarly { return false }
            }
            return valid
        case .dependentRequired(let table):
            var valid = true
            for dependency in buffers.program.dependentRequired[Int(table)] where has(dependency.key, in: node) {
                for key in dependency.required where !has(key, in: node) {
                    report(
                        s, "dependentRequired", .dependentRequired,
                        "member \(JSONValue.string(key.text).jsonText) is required when \(JSONValue.string(dependency.key.text).jsonText) is present")
                    valid = false
                    if stopEarly { return false }
                }
            }
            return valid
        case .propertyNames(let sub):
            var valid = true
            var child = node + 1
            let end = afterOf(node)
            while child < end {
                var ignored = Annotations()
                if !probe(Int(sub), child, &ignored, collect: false) {
                    pushPath(.key(child))
                    report(s, "propertyNames", .propertyNames, "member name is not allowed\(shown(child))")
                    popPath()
                    valid = false
                    if stopEarly { return false }
                }
                child = afterOf(child + 1)
            }
            return valid
        case .object(let index):
            return checkShape(s, Int(index), node, &annotations, collect: collect)
        // Not a object keyword: the compiler places it in another pool.
        case .const(_), .enumeration(_), .ref(_, _), .dynamicRef(_, _), .recursiveRef(_), .allOf(_), .anyOf(_),
            .oneOf(_), .oneOfByKey(_, _), .not(_), .conditional(_, _, _), .dependentSchemas(_), .minLength(_),
            .maxLength(_), .pattern(_), .format(_), .minimum(_), .maximum(_), .exclusiveMinimum(_),
            .exclusiveMaximum(_), .multipleOf(_), .minItems(_), .maxItems(_), .uniqueItems, .items(_, _, _),
            .contains(_, _, _):
            return true
        }
    }

    mutating func checkShape(_ s: Int, _ shapeIndex: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
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
                    if !evaluateChild(Int(lists[shape.schemas + found]), value, .key(child)) {
                        valid = false
                        if stopEarly { return false }
                    }
                }
            }
            if shape.hasPatterns {
                for entry in buffers.program.shapes[shapeIndex].patterns {
                    let outcome = withString(child) { buffers.matchPattern(Int(entry.pattern), $0) }
                    if outcome == .gaveUp {
                        let matcher = buffers.program.patterns[Int(entry.pattern)]
                        // Nothing can say whether this member's schema applies: refused.
                        pushPath(.key(child))
                        report(s, "patternProperties", .patternLimit, "the pattern \(JSONValue.string(matcher.source).jsonText) gave up on this member name (PCRE2 match limit), so it is refused")
                        popPath()
                        valid = false
                        if stopEarly { return false }
                        continue
                    }
                    guard outcome == .matched else { continue }
                    matched = true
                    if !evaluateChild(Int(entry.schema), value, .key(child)) {
                        valid = false
                        if stopEarly { return false }
                    }
                }
            }
            if !matched, shape.additional >= 0 {
                let additional = Int(shape.additional)
                matched = true
                if schemas[additional].kind == .alwaysInvalid {
                    pushPath(.key(child))
                    report(s, "additionalProperties", .additionalProperties, "member is not allowed by the contract")
                    popPath()
                    valid = false
                    if stopEarly { return false }
                } else if !evaluateChild(additional, value, .key(child)) {
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
            let keys = buffers.program.shapes[shapeIndex].keys
            for position in 0..<min(keys.count, 64) where missing & (1 << UInt64(position)) != 0 {
                report(s, "required", .required, "required member \(JSONValue.string(keys[position].text).jsonText) is missing")
                valid = false
                if stopEarly { return false }
            }
        }
        return valid
    }

    mutating func checkUnevaluatedProperties(_ s: Int, _ sub: Int, _ node: Int, _ annotations: inout Annotations) -> Bool {
        var valid = true
        var child = node + 1
        let end = afterOf(node)
        let memberCount = countOf(node)
        var memberIndex = 0
        let denied = schemas[sub].kind == .alwaysInvalid
        while child < end {
            let evaluated = annotations.isEvaluated(memberIndex)
            if !evaluated {
                if denied {
                    pushPath(.key(child))
                    report(s, "unevaluatedProperties", .unevaluatedProperties, "member is not allowed by the contract")
                    popPath()
                    valid = false
                    if stopEarly { return false }
                } else if !evaluateChild(sub, child + 1, .key(child)) {
                    valid = false
                    if stopEarly { return false }
                }
                annotations.markProperty(memberIndex, of: memberCount)
            }
            memberIndex += 1
            child = afterOf(child + 1)
        }
        return valid
    }

    // MARK: arrays

    mutating func checkArray(_ s: Int, _ check: Check, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        let itemCount = countOf(node)
        switch check {
        case .minItems(let limit):
            if itemCount >= limit { return true }
            report(s, "minItems", .minItems, "array has \(itemCount) items, fewer than the minimum \(limit)")
            return false
        case .maxItems(let limit):
            if itemCount <= limit { return true }
            report(s, "maxItems", .maxItems, "array has \(itemCount) items, more than the maximum \(limit)")
            return false
        case .uniqueItems:
            return checkUnique(s, node)
        case .items(let prefix, let rest, let additional):
            let keyword = additional ? "additionalItems" : "items"
            var valid = true
            var child = node + 1
            var index = 0
            let end = afterOf(node)
            while child < end {
                let sub: Int
                if index < Int(prefix.count) {
                    sub = Int(lists[prefix.range.lowerBound + index])
                } else if rest >= 0 {
                    sub = Int(rest)
                } else {
                    break
                }
                if index >= Int(prefix.count) && schemas[sub].kind == .alwaysInvalid {
                    pushPath(.index(index))
                    report(s, keyword, .additionalItems, "array has more than \(prefix.count) items")
                    popPath()
                    valid = false
                    if stopEarly { return false }
                    break
                }
                if !evaluateChild(sub, child, .index(index)) {
                    valid = false
                    if stopEarly { return false }
                }
                index += 1
                child = afterOf(child)
            }
            if collect { annotations.markItems(0..<index, of: itemCount) }
            return valid
        case .contains(let sub, let minimum, let maximum):
            var matches = 0
            var child = node + 1
            var index = 0
            let end = afterOf(node)
            while child < end {
                var ignored = Annotations()
                if probe(Int(sub), child, &ignored, collect: false) {
                    matches += 1
                    if collect { annotations.markItems(index..<(index + 1), of: itemCount) }
                    if !collect, maximum >= 0, matches > maximum { break }
                    if !collect, maximum < 0, matches >= minimum { break }
                }
                index += 1
                child = afterOf(child)
            }
            if matches < minimum {
                report(
                    s, "contains", .contains,
                    minimum == 1 ? "no item matches the contains schema" : "only \(matches) items match the contains schema, fewer than \(minimum)")
                return false
            }
            if maximum >= 0, matches > maximum {
                report(s, "maxContains", .maxContains, "more than \(maximum) items match the contains schema")
                return false
            }
            return true
        // Not a array keyword: the compiler places it in another pool.
        case .const(_), .enumeration(_), .ref(_, _), .dynamicRef(_, _), .recursiveRef(_), .allOf(_), .anyOf(_),
            .oneOf(_), .oneOfByKey(_, _), .not(_), .conditional(_, _, _), .dependentSchemas(_), .minLength(_),
            .maxLength(_), .pattern(_), .format(_), .minimum(_), .maximum(_), .exclusiveMinimum(_),
            .exclusiveMaximum(_), .multipleOf(_), .minProperties(_), .maxProperties(_), .required(_),
            .dependentRequired(_), .propertyNames(_), .object(_):
            return true
        }
    }

    mutating func checkUnique(_ s: Int, _ node: Int) -> Bool {
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

    mutating func checkUnevaluatedItems(_ s: Int, _ sub: Int, _ node: Int, _ annotations: inout Annotations) -> Bool {
        var valid = true
        var child = node + 1
        var index = 0
        let end = afterOf(node)
        let itemCount = countOf(node)
        let denied = schemas[sub].kind == .alwaysInvalid
        while child < end {
            let evaluated = annotations.isEvaluated(index)
            if !evaluated {
                if denied {
                    pushPath(.index(index))
                    report(s, "unevaluatedItems", .unevaluatedItems, "item is not allowed by the contract")
                    popPath()
                    valid = false
                    if stopEarly { return false }
                } else if !evaluateChild(sub, child, .index(index)) {
                    valid = false
                    if stopEarly { return false }
                }
            }
            index += 1
            child = afterOf(child)
        }
        annotations.markItems(0..<itemCount, of: itemCount)
        return valid
    }
}
