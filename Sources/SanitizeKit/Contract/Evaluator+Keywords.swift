extension Evaluator {
    // MARK: strings

    /// The number of Unicode code points in a string node (what `minLength`/`maxLength` count).
    func codePointCount(_ node: Int) -> Int {
        let n = document.nodes[node]
        if n.flags & (JSONNode.Flags.ascii | JSONNode.Flags.escaped) == JSONNode.Flags.ascii { return Int(n.end - n.start) }
        return document.withStringBytes(node) { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }
    }

    mutating func checkString(_ s: Int, _ check: Check, _ node: Int) -> Bool {
        switch check {
        case .minLength(let limit):
            let length = codePointCount(node)
            if length >= limit { return true }
            report(s, "minLength", .minLength, "string has \(length) characters, fewer than the minimum \(limit)")
            return false
        case .maxLength(let limit):
            let n = document.nodes[node]
            if Int(n.end - n.start) <= limit { return true }  // bytes ≥ code points
            let length = codePointCount(node)
            if length <= limit { return true }
            report(s, "maxLength", .maxLength, "string has \(length) characters, more than the maximum \(limit)")
            return false
        case .pattern(let matcher):
            if document.withStringBytes(node, { matcher.matches($0) }) { return true }
            report(s, "pattern", .pattern, "string does not match the pattern \(JSONValue.string(matcher.source).jsonText)\(shown(node))")
            return false
        case .format(let kind):
            if document.withStringBytes(node, { kind.accepts($0) }) { return true }
            report(s, "format", .format, "string is not a valid \(kind.rawValue)\(shown(node))")
            return false
        default:
            return true
        }
    }

    // MARK: numbers

    /// Compares the number at `node` with a bound: -1, 0 or 1.
    func compare(_ node: Int, _ bound: NumberBound) -> Int {
        if let small = smallInteger(node), let limit = bound.int {
            return small < limit ? -1 : (small == limit ? 0 : 1)
        }
        guard let value = decimal(node) else { return 0 }
        return JSONDecimal.compare(value, bound.decimal)
    }

    mutating func checkNumber(_ s: Int, _ check: Check, _ node: Int) -> Bool {
        switch check {
        case .minimum(let bound):
            if compare(node, bound) >= 0 { return true }
            report(s, "minimum", .minimum, "number is less than the minimum \(bound.text)\(shown(node))")
            return false
        case .maximum(let bound):
            if compare(node, bound) <= 0 { return true }
            report(s, "maximum", .maximum, "number is greater than the maximum \(bound.text)\(shown(node))")
            return false
        case .exclusiveMinimum(let bound):
            if compare(node, bound) > 0 { return true }
            report(s, "exclusiveMinimum", .exclusiveMinimum, "number must be greater than \(bound.text)\(shown(node))")
            return false
        case .exclusiveMaximum(let bound):
            if compare(node, bound) < 0 { return true }
            report(s, "exclusiveMaximum", .exclusiveMaximum, "number must be less than \(bound.text)\(shown(node))")
            return false
        case .multipleOf(let bound):
            if let small = smallInteger(node), let divisor = bound.int, divisor > 0 {
                if small % divisor == 0 { return true }
            } else if let value = decimal(node), value.isMultiple(of: bound.decimal) {
                return true
            }
            report(s, "multipleOf", .multipleOf, "number is not a multiple of \(bound.text)\(shown(node))")
            return false
        default:
            return true
        }
    }

    // MARK: objects

    /// Whether an object node has a member with this key.
    func has(_ key: PropertyKey, in node: Int) -> Bool {
        var child = node + 1
        let end = document.after(node)
        return key.bytes.withUnsafeBytes { wanted in
            while child < end {
                if document.keyEquals(child, wanted) { return true }
                child = document.after(child + 1)
            }
            return false
        }
    }

    func keyHash(_ keyNode: Int) -> UInt64 {
        document.withStringBytes(keyNode) { JSONDocument.fnv1a($0) }
    }

    mutating func checkObject(_ s: Int, _ check: Check, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        let memberCount = document.count(node)
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
            for key in keys where !has(key, in: node) {
                report(s, "required", .required, "required member \(JSONValue.string(key.text).jsonText) is missing")
                valid = false
                if stopEarly { return false }
            }
            return valid
        case .dependentRequired(let list):
            var valid = true
            for dependency in list where has(dependency.key, in: node) {
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
            let end = document.after(node)
            while child < end {
                var ignored = Annotations()
                if !probe(sub, child, &ignored, collect: false) {
                    path.append(.key(child))
                    report(s, "propertyNames", .propertyNames, "member name is not allowed\(shown(child))")
                    path.removeLast()
                    valid = false
                    if stopEarly { return false }
                }
                child = document.after(child + 1)
            }
            return valid
        case .object(let shape):
            return checkShape(s, shape, node, &annotations, collect: collect)
        default:
            return true
        }
    }

    mutating func checkShape(_ s: Int, _ shape: ObjectShape, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        var valid = true
        var child = node + 1
        let end = document.after(node)
        let memberCount = document.count(node)
        var memberIndex = 0
        while child < end {
            let value = child + 1
            var matched = false
            if !shape.keys.isEmpty {
                let hash = keyHash(child)
                let found = shape.lookup(hash: hash) { key in
                    key.bytes.withUnsafeBytes { document.keyEquals(child, $0) }
                }
                if let found {
                    matched = true
                    if !evaluateChild(shape.schemas[found], value, .key(child)) {
                        valid = false
                        if stopEarly { return false }
                    }
                }
            }
            if !shape.patterns.isEmpty {
                for entry in shape.patterns where document.withStringBytes(child, { entry.pattern.matches($0) }) {
                    matched = true
                    if !evaluateChild(entry.schema, value, .key(child)) {
                        valid = false
                        if stopEarly { return false }
                    }
                }
            }
            if !matched, let additional = shape.additional {
                matched = true
                if program.schemas[additional].kind == .alwaysInvalid {
                    path.append(.key(child))
                    report(s, "additionalProperties", .additionalProperties, "member is not allowed by the contract")
                    path.removeLast()
                    valid = false
                    if stopEarly { return false }
                } else if !evaluateChild(additional, value, .key(child)) {
                    valid = false
                    if stopEarly { return false }
                }
            }
            if matched && collect { annotations.markProperty(memberIndex, of: memberCount) }
            memberIndex += 1
            child = document.after(value)
        }
        return valid
    }

    mutating func checkUnevaluatedProperties(_ s: Int, _ sub: Int, _ node: Int, _ annotations: inout Annotations) -> Bool {
        var valid = true
        var child = node + 1
        let end = document.after(node)
        let memberCount = document.count(node)
        var memberIndex = 0
        let denied = program.schemas[sub].kind == .alwaysInvalid
        while child < end {
            let evaluated = !annotations.properties.isEmpty && annotations.properties[memberIndex]
            if !evaluated {
                if denied {
                    path.append(.key(child))
                    report(s, "unevaluatedProperties", .unevaluatedProperties, "member is not allowed by the contract")
                    path.removeLast()
                    valid = false
                    if stopEarly { return false }
                } else if !evaluateChild(sub, child + 1, .key(child)) {
                    valid = false
                    if stopEarly { return false }
                }
                annotations.markProperty(memberIndex, of: memberCount)
            }
            memberIndex += 1
            child = document.after(child + 1)
        }
        return valid
    }

    // MARK: arrays

    mutating func checkArray(_ s: Int, _ check: Check, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        let itemCount = document.count(node)
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
        case .items(let prefix, let rest, let keyword):
            var valid = true
            var child = node + 1
            var index = 0
            let end = document.after(node)
            while child < end {
                let sub: Int
                if index < prefix.count {
                    sub = prefix[index]
                } else if let rest {
                    sub = rest
                } else {
                    break
                }
                if index >= prefix.count && program.schemas[sub].kind == .alwaysInvalid {
                    path.append(.index(index))
                    report(s, keyword, .additionalItems, "array has more than \(prefix.count) items")
                    path.removeLast()
                    valid = false
                    if stopEarly { return false }
                    break
                }
                if !evaluateChild(sub, child, .index(index)) {
                    valid = false
                    if stopEarly { return false }
                }
                index += 1
                child = document.after(child)
            }
            if collect { annotations.markItems(0..<index, of: itemCount) }
            return valid
        case .contains(let sub, let minimum, let maximum):
            var matches = 0
            var child = node + 1
            var index = 0
            let end = document.after(node)
            while child < end {
                var ignored = Annotations()
                if probe(sub, child, &ignored, collect: false) {
                    matches += 1
                    if collect { annotations.markItems(index..<(index + 1), of: itemCount) }
                    if !collect, let maximum, matches > maximum { break }
                    if !collect, maximum == nil, matches >= minimum { break }
                }
                index += 1
                child = document.after(child)
            }
            if matches < minimum {
                report(
                    s, "contains", .contains,
                    minimum == 1 ? "no item matches the contains schema" : "only \(matches) items match the contains schema, fewer than \(minimum)")
                return false
            }
            if let maximum, matches > maximum {
                report(s, "maxContains", .maxContains, "more than \(maximum) items match the contains schema")
                return false
            }
            return true
        default:
            return true
        }
    }

    mutating func checkUnique(_ s: Int, _ node: Int) -> Bool {
        let items = document.elements(node)
        guard items.count > 1 else { return true }
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
        let end = document.after(node)
        let itemCount = document.count(node)
        let denied = program.schemas[sub].kind == .alwaysInvalid
        while child < end {
            let evaluated = !annotations.items.isEmpty && annotations.items[index]
            if !evaluated {
                if denied {
                    path.append(.index(index))
                    report(s, "unevaluatedItems", .unevaluatedItems, "item is not allowed by the contract")
                    path.removeLast()
                    valid = false
                    if stopEarly { return false }
                } else if !evaluateChild(sub, child, .index(index)) {
                    valid = false
                    if stopEarly { return false }
                }
            }
            index += 1
            child = document.after(child)
        }
        annotations.markItems(0..<itemCount, of: itemCount)
        return valid
    }
}
