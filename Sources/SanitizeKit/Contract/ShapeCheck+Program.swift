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
        builder.markLeaves()
        return ShapeCheck(
            nodes: builder.nodes, properties: builder.properties, enumStrings: builder.enumStrings, patterns: builder.patterns,
            stepLists: builder.lists, limits: limits)
    }
}

/// Turns compiled schemas into ``ShapeCheck/Node``s; node 0 is the schema that allows anything.
/// Each keyword lowers itself (`lower(_:into:depth:)` in its file under `Keywords/`).
struct ShapeCheckBuilder {
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
        nodes[node].schema = Int32(index)
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
        for range in [schema.general, schema.strings, schema.numbers, schema.objects, schema.arrays] {
            for position in range.range {
                guard lower(program.checks[position], into: node, depth: depth) else { return nil }
            }
        }
        return node
    }
}

extension ShapeCheckBuilder {
    /// Sets ``ShapeCheck/Node/evaluatesAlone`` and ``ShapeCheck/Node/underSensitive``, from the
    /// root down: a node is added before the nodes of its members and elements, so one pass in
    /// order reaches every parent before its children. Node 0 (anything, shared by the members
    /// no schema names) never evaluates alone.
    mutating func markLeaves() {
        guard nodes.count > 1 else { return }
        nodes[1].evaluatesAlone = nodes[1].schema >= 0
        for parent in 1..<nodes.count where nodes[parent].evaluatesAlone {
            let node = nodes[parent]
            let hides = node.underSensitive || program.schemas[Int(node.schema)].sensitive
            var children = properties[node.firstProperty..<node.firstProperty + node.propertyCount].map(\.node)
            if node.openMembers > 0 { children.append(node.openMembers) }
            // An element of an array that compares its elements by their bytes is not alone.
            if node.items > 0 && !node.uniqueItems { children.append(node.items) }
            for child in children where child > parent && nodes[child].schema >= 0 {
                nodes[child].evaluatesAlone = true
                nodes[child].underSensitive = hides
            }
        }
    }
}
