extension ShapeCheck {
    /// Builds the check from a compiled contract, or returns `nil` when a schema the root
    /// reaches holds a check the shape check does not read (then every record takes the
    /// general path).
    ///
    /// It reads the compiled schemas, so the dialect is already applied (`format` asserts
    /// exactly where the compiler made it an assertion, draft-04's boolean
    /// `exclusiveMinimum`, `integer` and the ignored siblings of `$ref` are the compiler's),
    /// and `pattern`s are the compiler's compiled ones, shared.
    /// - Parameters:
    ///   - program: the compiled contract.
    ///   - withSteps: whether `x-sanitize` runs (the filter: its steps must leave each value as
    ///     it is); `false` reads it as an annotation (plain validation, where no step runs).
    ///   - limits: the record parser's limits.
    /// - Returns: the check, which owns its tables.
    static func build(
        program: ContractProgram, withSteps: Bool, limits: JSONLimits
    ) -> ShapeCheck? {
        var builder = ShapeCheckBuilder(program: program, withSteps: withSteps)
        guard builder.add(program.root, depth: 0) == 1 else { return nil }
        return ShapeCheck(
            nodes: builder.nodes, properties: builder.properties, enumStrings: builder.enumStrings, patterns: builder.patterns,
            stepLists: builder.lists, limits: limits)
    }
}

/// Turns compiled schemas into ``ShapeCheck/Node``s; node 0 is the schema that allows anything.
private struct ShapeCheckBuilder {
    let program: ContractProgram
    let withSteps: Bool
    var nodes = [ShapeCheck.Node()]
    var properties: [(name: [UInt8], node: Int)] = []
    var enumStrings: [[UInt8]] = []
    var patterns: [PCRE2Pattern] = []
    var lists: [[SanitizeStep]] = []
    /// Program step list → its index in `lists`.
    var listIndex: [Int32: Int] = [:]

    /// Schemas nested deeper than this are not read (a schema without references is a tree,
    /// as deep as its JSON).
    static let maxDepth = 64

    init(program: ContractProgram, withSteps: Bool) {
        self.program = program
        self.withSteps = withSteps
    }

    /// Adds compiled schema `index` and returns its node index, or `nil` when the check cannot
    /// read it.
    mutating func add(_ index: Int, depth: Int) -> Int? {
        guard depth < Self.maxDepth else { return nil }
        let schema = program.schemas[index]
        let node = nodes.count
        nodes.append(ShapeCheck.Node())
        switch schema.kind {
        case .alwaysValid: return node
        case .alwaysInvalid:
            nodes[node].types = 0
            return node
        case .checks:
            break
        }
        // Anything applied in place (references, allOf, anyOf, …) and unevaluated* is left to
        // the general path. (`sensitive` only hides values in messages.)
        guard schema.inPlace.isEmpty, schema.unevaluatedProperties < 0, schema.unevaluatedItems < 0 else { return nil }
        // Draft-04's `integer` (no fraction or exponent) is what the scan reads as an integer.
        var types = schema.typeMask & ~TypeBits.integerSyntax
        if schema.typeMask & TypeBits.integerSyntax != 0 { types |= TypeBits.integer }
        nodes[node].types = types
        if schema.sanitizeSteps >= 0, withSteps {
            let list = schema.sanitizeSteps
            nodes[node].steps =
                listIndex[list] ?? {
                    lists.append(program.stepLists[Int(list)])
                    listIndex[list] = lists.count - 1
                    return lists.count - 1
                }()
        }
        for position in schema.general.range {
            guard readEnumeration(program.checks[position], into: node) else { return nil }
        }
        for range in [schema.strings, schema.numbers, schema.objects, schema.arrays] {
            for position in range.range {
                guard read(program.checks[position], into: node, depth: depth) else { return nil }
            }
        }
        return node
    }

    /// `enum` or `const` of strings only (compared byte for byte), and one of the two per schema.
    private mutating func readEnumeration(_ check: Check, into node: Int) -> Bool {
        let constants: [Int]
        switch check {
        case .const(let constant): constants = [Int(constant)]
        case .enumeration(let range): constants = range.range.map { Int(program.lists[$0]) }
        case .ref, .dynamicRef, .recursiveRef, .allOf, .anyOf, .oneOf, .oneOfByKey, .not, .conditional, .dependentSchemas,
            .minLength, .maxLength, .pattern, .format, .minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum, .multipleOf,
            .minProperties, .maxProperties, .required, .dependentRequired, .propertyNames, .object, .minItems, .maxItems,
            .uniqueItems, .items, .contains:
            return false
        }
        guard !constants.isEmpty, nodes[node].enumCount == 0 else { return false }  // `enum: []` allows nothing
        var strings: [[UInt8]] = []
        for constant in constants {
            let document = program.constants[constant]
            guard document.kind(document.root) == .string, let text = document.string(document.root) else { return false }
            strings.append(Array(text.utf8))
        }
        nodes[node].firstEnum = enumStrings.count
        nodes[node].enumCount = strings.count
        enumStrings.append(contentsOf: strings)
        return true
    }

    /// Reads one string, number, object or array check into node `node`.
    private mutating func read(_ check: Check, into node: Int, depth: Int) -> Bool {
        switch check {
        case .minLength(let n): nodes[node].minLength = n
        case .maxLength(let n): nodes[node].maxLength = n
        case .pattern(let index):
            let matcher = program.patterns[Int(index)]
            if let simple = ASCIIClassPattern(matcher.source) {
                nodes[node].classPattern = simple
            } else {
                patterns.append(matcher.compiled)
                nodes[node].pattern = patterns.count - 1
            }
        case .format(let kind): nodes[node].format = kind
        case .minimum(let bound):
            guard let n = integer(bound) else { return false }
            nodes[node].minimum = max(nodes[node].minimum, n)
        case .exclusiveMinimum(let bound):
            guard let n = integer(bound) else { return false }
            nodes[node].minimum = max(nodes[node].minimum, n + 1)
        case .maximum(let bound):
            guard let n = integer(bound) else { return false }
            nodes[node].maximum = min(nodes[node].maximum, n)
        case .exclusiveMaximum(let bound):
            guard let n = integer(bound) else { return false }
            nodes[node].maximum = min(nodes[node].maximum, n - 1)
        case .minProperties(let n): nodes[node].minProperties = n
        case .maxProperties(let n): nodes[node].maxProperties = n
        case .object(let index): return readObject(program.shapes[Int(index)], into: node, depth: depth)
        case .minItems(let n): nodes[node].minItems = n
        case .maxItems(let n): nodes[node].maxItems = n
        case .uniqueItems: nodes[node].uniqueItems = true
        case .items(let prefix, let rest, _):
            // One schema for every element (a positional prefix is left to the general path).
            guard prefix.isEmpty else { return false }
            guard rest >= 0 else { return true }
            guard let child = add(Int(rest), depth: depth + 1) else { return false }
            nodes[node].items = child
        case .multipleOf, .required, .dependentRequired, .propertyNames, .contains:
            // Left to the general path (`required` is read with the listed properties).
            return false
        case .const, .enumeration, .ref, .dynamicRef, .recursiveRef, .allOf, .anyOf, .oneOf, .oneOfByKey, .not, .conditional,
            .dependentSchemas:
            // Not in these pools: the compiler places it in `general` or `inPlace`.
            return false
        }
        return true
    }

    /// `properties` (at most 64, for the bit masks) with the `required` ones among them, and
    /// `additionalProperties`; `patternProperties` is left to the general path.
    private mutating func readObject(_ shape: ObjectShape, into node: Int, depth: Int) -> Bool {
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

    /// A bound that is an integer (at most 18 digits, so `± 1` cannot overflow).
    private func integer(_ bound: Int32) -> Int64? {
        guard let n = program.bounds[Int(bound)].int, n.magnitude < 1_000_000_000_000_000_000 else { return nil }
        return n
    }
}
