/// A `oneOf` whose branches each hold `properties: {P: {const: "…"}}` (or an `enum` of
/// strings) with one member name P and strings no two branches share (FHIR's `oneOf` over
/// every resource type, keyed by `resourceType`; tag-keyed content models): for an object
/// whose P is one of the strings, every other branch fails on its `const`/`enum`, so the one
/// branch named decides. Found at compile time; the evaluator tries
/// the named branch first, and only a pass is taken from it (anything else runs the plain
/// `oneOf`, which reports as always).
struct OneOfDiscriminator: Sendable {
    /// The member name P: an index into ``ContractProgram/keys``.
    let key: Int
    /// The strings that name a branch: `count` entries of ``ContractProgram/discriminatorValues``
    /// from `first`, in order of their hashes. Plain values only, so the evaluator reads a
    /// discriminator with no reference counting (the program is shared by every thread
    /// evaluating the contract).
    let first: Int
    let count: Int
}

/// One string of a ``OneOfDiscriminator``: the string (an index into ``ContractProgram/keys``,
/// compared as bytes) and the position of the branch it names.
struct DiscriminatorValue: Sendable {
    let string: Int
    let branch: Int
}

extension ProgramBuffers {
    /// The branch that discriminator `table` names for the string `bytes`, if it names one:
    /// a binary search of its strings by hash, then a comparison of the bytes.
    func discriminatedBranch(_ table: Int, for bytes: UnsafeRawBufferPointer) -> Int? {
        let discriminator = program.discriminators[table]
        let hash = JSONDocument.keyHash(bytes)
        var low = discriminator.first
        var high = discriminator.first + discriminator.count
        while low < high {
            let middle = (low + high) / 2
            if keySpans[program.discriminatorValues[middle].string].hash < hash { low = middle + 1 } else { high = middle }
        }
        while low < discriminator.first + discriminator.count {
            let value = program.discriminatorValues[low]
            guard keySpans[value.string].hash == hash else { return nil }
            if keyEquals(value.string, bytes) { return value.branch }
            low += 1
        }
        return nil
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
            var named: [(text: String, branch: Int)] = []
            for (branch, list) in lists.enumerated() {
                for text in list! {
                    // A string two branches share: no shortcut.
                    guard !named.contains(where: { $0.text == text }) else { return nil }
                    named.append((text, branch))
                }
            }
            // In order of their hashes, for the evaluator's binary search.
            let values = named.map { DiscriminatorValue(string: program.key($0.text), branch: $0.branch) }
                .sorted { program.keys[$0.string].hash < program.keys[$1.string].hash }
            let firstValue = program.discriminatorValues.count
            program.discriminatorValues.append(contentsOf: values)
            return OneOfDiscriminator(key: program.key(candidate.key), first: firstValue, count: values.count)
        }
        return nil
    }
}
