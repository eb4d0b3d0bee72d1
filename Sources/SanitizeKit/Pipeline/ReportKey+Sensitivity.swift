extension ContractProgram {
    /// Whether a `writeOnly` or `x-sensitive` schema may apply to the instance location
    /// `tokens` (or to a location above it), read from the compiled program.
    ///
    /// The answer errs on the side of "yes": every subschema that could apply is followed,
    /// whatever the instance holds (both branches of `anyOf`, `if`/`then`/`else`, each
    /// `patternProperties` schema whatever its pattern, `additionalProperties`, `contains`,
    /// `unevaluated*`), and a `$dynamicRef` counts as sensitive when any schema of the
    /// program is, since which schema it reaches depends on the evaluation.
    /// - Parameter tokens: the location's reference tokens, unescaped.
    /// - Returns: `true` when a value there could be sensitive.
    func mayBeSensitive(at tokens: [String]) -> Bool {
        var visited = Set<SIMD2<Int>>()  // (schema, tokens left), so `$ref` cycles end
        return mayBeSensitive(schema: root, tokens: tokens[...], visited: &visited)
    }

    private func mayBeSensitive(schema: Int, tokens: ArraySlice<String>, visited: inout Set<SIMD2<Int>>) -> Bool {
        guard schema >= 0, schema < schemas.count else { return false }
        guard visited.insert(SIMD2(schema, tokens.count)).inserted else { return false }
        let compiled = schemas[schema]
        if compiled.sensitive { return true }
        func follow(_ index: Int32, _ rest: ArraySlice<String>) -> Bool {
            index != noSchema && mayBeSensitive(schema: Int(index), tokens: rest, visited: &visited)
        }
        let below = tokens.dropFirst()
        for range in [compiled.general, compiled.inPlace, compiled.strings, compiled.numbers, compiled.objects, compiled.arrays] {
            for check in checks[range.range] {
                switch check {
                // Applicators in place: the same location.
                case .ref(let target, _):
                    if follow(target, tokens) { return true }
                case .dynamicRef:
                    if schemas.contains(where: \.sensitive) { return true }
                case .allOf(let list), .anyOf(let list), .oneOf(let list):
                    for index in lists[list.range] where follow(index, tokens) { return true }
                case .not(let index):
                    if follow(index, tokens) { return true }
                case .conditional(let ifSchema, let thenSchema, let elseSchema):
                    if follow(ifSchema, tokens) || follow(thenSchema, tokens) || follow(elseSchema, tokens) { return true }
                case .dependentSchemas(let pairs):
                    // (key, schema) pairs: every second entry is a schema.
                    for (offset, index) in lists[pairs.range].enumerated() where offset % 2 == 1 {
                        if follow(index, tokens) { return true }
                    }
                // Applicators one level down.
                case .object(let shapeIndex):
                    guard let name = tokens.first else { continue }
                    let shape = shapes[Int(shapeIndex)]
                    var listed = false
                    for (key, index) in zip(shape.keys, shape.schemas) where key.text == name {
                        listed = true
                        if follow(index, below) { return true }
                    }
                    for pattern in shape.patterns where follow(pattern.schema, below) { return true }
                    if !listed, follow(shape.additional, below) { return true }
                case .items(let prefix, let rest, _):
                    // An element is reached by an index (RFC 6901 §4): its prefix schema, or the rest.
                    guard let name = tokens.first, let position = JSONPointer.arrayIndex(name) else { continue }
                    let schemas = lists[prefix.range]
                    if follow(position < schemas.count ? schemas[schemas.startIndex + position] : rest, below) { return true }
                case .contains(let index, _, _):
                    if !tokens.isEmpty, follow(index, below) { return true }
                default:
                    continue
                }
            }
        }
        if !tokens.isEmpty {
            if follow(compiled.unevaluatedProperties, below) || follow(compiled.unevaluatedItems, below) { return true }
        }
        return false
    }
}
