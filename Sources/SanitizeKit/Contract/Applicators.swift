/// Where a subschema applies, relative to the instance location of the schema that applies it.
///
/// Every walk over a compiled program (the step plan, the shape check, the sensitivity of a
/// report key, reachability) learns the applicators from ``ContractProgram/forEachApplied(by:_:)``
/// and nowhere else: it dispatches through ``Check`` to each keyword's own definition (in
/// `Keywords/`), so a new applicator is taught to all of them in one place.
enum ApplicatorReach: Sendable, Equatable {
    /// The same location: `$ref`, `allOf`, `anyOf`, `oneOf` (plain or discriminated), `not`,
    /// `if`/`then`/`else`, `dependentSchemas`, and every schema a `$dynamicRef` or
    /// `$recursiveRef` may pick.
    case here
    /// The member with this name (`properties`).
    case member(PropertyKey)
    /// Members whose name matches the pattern (`patternProperties`; index into ``ContractProgram/patterns``).
    case patternMember(Int32)
    /// Members the shape neither names nor matches by pattern (`additionalProperties`; index
    /// into ``ContractProgram/shapes``).
    case otherMember(shape: Int32)
    /// Each member's name, as a string: not a value of the instance (`propertyNames`).
    case memberName
    /// The element at this position (`prefixItems`, or array-form `items`).
    case item(Int)
    /// The elements from this position on (`items`, `additionalItems`).
    case items(from: Int)
    /// Any element (`contains`).
    case anyItem
    /// Members no other keyword evaluated (`unevaluatedProperties`).
    case unevaluatedMember
    /// Elements no other keyword evaluated (`unevaluatedItems`).
    case unevaluatedItem

    /// Whether the reach is one level down and may take the instance step `token` (an object
    /// member's name, or an array index as RFC 6901 §4 writes it). It errs on the side of
    /// "yes": a pattern is not matched, an unevaluated member may be any member.
    /// - Parameters:
    ///   - token: the reference token, unescaped.
    ///   - program: the program the reach came from (for a shape's names).
    /// - Returns: `false` for ``here`` (no step) and ``memberName`` (a name is not a value).
    func mayStep(_ token: String, in program: ContractProgram) -> Bool {
        switch self {
        case .here, .memberName:
            return false
        case .member(let key):
            return key.text == token
        case .patternMember, .unevaluatedMember:
            return true
        case .otherMember(let shape):
            return !program.shapes[Int(shape)].keys.contains { $0.text == token }
        case .item(let position):
            return JSONPointer.arrayIndex(token) == position
        case .items(let start):
            return JSONPointer.arrayIndex(token).map { $0 >= start } ?? false
        case .anyItem, .unevaluatedItem:
            return JSONPointer.arrayIndex(token) != nil
        }
    }
}

extension ContractProgram {
    /// Calls `body` with every schema that schema `index` applies and where it applies: its
    /// subschemas, the targets of its references, and for `$dynamicRef`/`$recursiveRef` every
    /// dynamic anchor the dynamic scope could pick.
    /// - Parameters:
    ///   - index: a schema of the program.
    ///   - body: called with each applied schema and its reach (a schema may come more than once).
    func forEachApplied(by index: Int, _ body: (Int, ApplicatorReach) -> Void) {
        let schema = schemas[index]
        switch schema.kind {
        case .alwaysValid, .alwaysInvalid: return
        case .checks: break
        }
        for range in [schema.general, schema.inPlace, schema.strings, schema.numbers, schema.objects, schema.arrays] {
            for position in range.range { forEachApplied(by: checks[position], body) }
        }
        if schema.unevaluatedProperties >= 0 { body(Int(schema.unevaluatedProperties), .unevaluatedMember) }
        if schema.unevaluatedItems >= 0 { body(Int(schema.unevaluatedItems), .unevaluatedItem) }
    }

    /// Calls `body` with `target` and `reach`, unless `target` is -1 (absent).
    func applied(_ target: Int32, _ reach: ApplicatorReach, _ body: (Int, ApplicatorReach) -> Void) {
        if target >= 0 { body(Int(target), reach) }
    }

    /// Calls `body` with each schema of a list in ``lists``.
    func applied(each range: PoolRange, _ reach: ApplicatorReach, _ body: (Int, ApplicatorReach) -> Void) {
        for position in range.range { applied(lists[position], reach, body) }
    }

    /// Calls `body` with every schema that carries the dynamic anchor `name` (`""`: a
    /// `$recursiveAnchor`), each of which a dynamic reference may pick.
    func applied(anchorsNamed name: String, _ body: (Int, ApplicatorReach) -> Void) {
        for resource in resources { if let target = resource.dynamicAnchors[name] { body(target, .here) } }
    }

    /// Every schema that may apply at the instance location `tokens`, or at a location above
    /// it, whatever the instance holds: each branch of `anyOf`/`oneOf`/`if` is followed, each
    /// pattern taken to match, each dynamic reference to pick any of its anchors.
    /// - Parameter tokens: the location's reference tokens, unescaped.
    /// - Returns: the schemas' indices.
    func schemasApplying(along tokens: [String]) -> Set<Int> {
        var found = Set<Int>()
        var seen = Set<SIMD2<Int>>()  // (schema, tokens consumed), so `$ref` cycles end
        var pending = [SIMD2(root, 0)]
        while let state = pending.popLast() {
            guard seen.insert(state).inserted else { continue }
            let (schema, depth) = (state[0], state[1])
            found.insert(schema)
            forEachApplied(by: schema) { target, reach in
                if reach == .here {
                    pending.append(SIMD2(target, depth))
                } else if depth < tokens.count, reach.mayStep(tokens[depth], in: self) {
                    pending.append(SIMD2(target, depth + 1))
                }
            }
        }
        return found
    }

    /// Per schema: whether it, or a schema it applies (through any keyword or reference),
    /// has `x-sanitize`.
    func schemasReachingSteps() -> [Bool] {
        var reaches = schemas.map { $0.kind == .checks && $0.sanitizeSteps >= 0 }
        guard reaches.contains(true) else { return reaches }
        var appliedBy = [[Int]](repeating: [], count: schemas.count)
        for index in schemas.indices { forEachApplied(by: index) { target, _ in appliedBy[target].append(index) } }
        var pending = reaches.indices.filter { reaches[$0] }
        while let next = pending.popLast() {
            for parent in appliedBy[next] where !reaches[parent] {
                reaches[parent] = true
                pending.append(parent)
            }
        }
        return reaches
    }
}
