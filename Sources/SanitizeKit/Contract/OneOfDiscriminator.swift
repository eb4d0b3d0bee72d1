/// A `oneOf` whose branches each hold `properties: {P: {const: "…"}}` with one member name P
/// and pairwise different strings (FHIR's `oneOf` over every resource type, keyed by
/// `resourceType`): for an object whose P is one of the strings, every other branch fails on
/// its `const`, so the one branch named decides. Found at compile time; the evaluator tries
/// the named branch first, and only a pass is taken from it (anything else runs the plain
/// `oneOf`, which reports as always).
struct OneOfDiscriminator: Sendable {
    /// The member name P.
    let key: PropertyKey
    /// Per branch (in `oneOf` order), its constant.
    let values: [PropertyKey]
    /// Hash of a constant → its branch; built only when no two constants share a hash.
    let branches: [UInt64: Int]

    /// The branch named by the string `bytes`, if one is.
    func branch(for bytes: UnsafeRawBufferPointer) -> Int? {
        guard let position = branches[JSONDocument.keyHash(bytes)] else { return nil }
        return values[position].bytes.elementsEqual(bytes) ? position : nil
    }
}

extension ContractCompiler {
    /// Fewest `oneOf` branches worth a discriminator.
    static let minDiscriminatedBranches = 4

    /// The discriminator of a `oneOf`'s branches (see ``OneOfDiscriminator``), or `nil`.
    /// Branches that are a lone `$ref` are followed (a few hops); the schema reached must have
    /// no reference of its own, and read `const` with the validation vocabulary on.
    mutating func discriminator(_ entry: SchemaEntry, _ items: [JSONValue]) -> OneOfDiscriminator? {
        guard items.count >= Self.minDiscriminatedBranches else { return nil }
        var targets: [JSONValue] = []
        for (index, item) in items.enumerated() {
            var current = child(entry, ["oneOf", String(index)], item)
            var hops = 0
            while case .object(let members) = current.value, members.count == 1, case .string(let reference) = members[0].value,
                members[0].key == "$ref", hops < 8
            {
                guard let next = try? resolve(reference, from: current, keyword: "$ref") else { return nil }
                current = next
                hops += 1
            }
            guard case .object = current.value, current.draft.hasDraft6Keywords, current.validationVocabulary,
                current.value["$ref"] == nil, current.value["$dynamicRef"] == nil, current.value["$recursiveRef"] == nil
            else { return nil }
            targets.append(current.value)
        }
        func constant(_ target: JSONValue, _ key: String) -> String? {
            guard case .string(let value)? = target["properties"]?[key]?["const"] else { return nil }
            return value
        }
        guard case .object(let first)? = targets[0]["properties"] else { return nil }
        for candidate in first where constant(targets[0], candidate.key) != nil {
            let values = targets.map { constant($0, candidate.key) }
            guard !values.contains(nil) else { continue }
            let keys = values.map { PropertyKey($0!) }
            var branches: [UInt64: Int] = [:]
            for (position, key) in keys.enumerated() where branches.updateValue(position, forKey: key.hash) != nil {
                return nil  // a repeated constant or a hash collision: no shortcut
            }
            return OneOfDiscriminator(key: PropertyKey(candidate.key), values: keys, branches: branches)
        }
        return nil
    }
}
