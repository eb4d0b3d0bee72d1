/// A `oneOf` whose branches each hold `properties: {P: {const: "…"}}` (or an `enum` of
/// strings) with one member name P and strings no two branches share (FHIR's `oneOf` over
/// every resource type, keyed by `resourceType`; tag-keyed content models): for an object
/// whose P is one of the strings, every other branch fails on its `const`/`enum`, so the one
/// branch named decides. Found at compile time; the evaluator tries
/// the named branch first, and only a pass is taken from it (anything else runs the plain
/// `oneOf`, which reports as always).
struct OneOfDiscriminator: Sendable {
    /// The member name P.
    let key: PropertyKey
    /// Every string that names a branch, with the branch's position in `oneOf`.
    let values: [(string: PropertyKey, branch: Int)]
    /// Hash of a string → its index in `values`; built only when no two strings share a hash.
    let byHash: [UInt64: Int]

    /// The branch named by the string `bytes`, if one is.
    func branch(for bytes: UnsafeRawBufferPointer) -> Int? {
        guard let index = byHash[JSONDocument.keyHash(bytes)] else { return nil }
        return values[index].string.bytes.elementsEqual(bytes) ? values[index].branch : nil
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
            var current = child(entry, "oneOf", String(index), item)
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
        /// The strings a branch's P allows: its string `const`, else its `enum` of strings.
        func strings(_ target: JSONValue, _ key: String) -> [String]? {
            guard let property = target["properties"]?[key] else { return nil }
            if case .string(let value)? = property["const"] { return [value] }
            guard case .array(let items)? = property["enum"], !items.isEmpty else { return nil }
            var result: [String] = []
            for item in items {
                guard case .string(let value) = item else { return nil }
                result.append(value)
            }
            return result
        }
        guard case .object(let first)? = targets[0]["properties"] else { return nil }
        for candidate in first where strings(targets[0], candidate.key) != nil {
            let lists = targets.map { strings($0, candidate.key) }
            guard !lists.contains(where: { $0 == nil }) else { continue }
            var values: [(string: PropertyKey, branch: Int)] = []
            var byHash: [UInt64: Int] = [:]
            for (branch, list) in lists.enumerated() {
                for text in list! {
                    let key = PropertyKey(text)
                    // A string two branches share, or a hash collision: no shortcut.
                    guard byHash.updateValue(values.count, forKey: key.hash) == nil else { return nil }
                    values.append((key, branch))
                }
            }
            return OneOfDiscriminator(key: PropertyKey(candidate.key), values: values, byHash: byHash)
        }
        return nil
    }
}
