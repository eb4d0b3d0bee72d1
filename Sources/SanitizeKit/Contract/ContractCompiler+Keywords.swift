extension ContractCompiler {
    /// Compiles the keywords of one schema object into grouped checks.
    mutating func compileKeywords(_ entry: SchemaEntry, into schema: inout SchemaBuilder) throws(SanitizeError) {
        guard case .object(let members) = entry.value else { return }
        let keywords = KeywordTable(members)
        let draft = entry.draft

        if keywords["writeOnly"] == .bool(true) || keywords["x-sensitive"] == .bool(true) { schema.sensitive = true }
        if let steps = keywords["x-sanitize"] { schema.sanitizeSteps = try stepList(steps, in: entry) }

        func sub(_ keyword: String, _ token: String?, _ value: JSONValue) throws(SanitizeError) -> Int32 {
            Int32(try compile(child(entry, keyword, token, value)))
        }
        func invalid(_ keyword: String, _ reason: String) -> SanitizeError {
            compileError(.contractInvalid, "\(keyword): \(reason)", in: entry, at: "/" + keyword)
        }
        func count(_ keyword: String) throws(SanitizeError) -> Int? {
            guard let value = keywords[keyword] else { return nil }
            guard case .number(let text) = value, let decimal = JSONDecimal(text), decimal.isInteger, !decimal.negative,
                let result = decimal.int64
            else { throw invalid(keyword, "must be a non-negative integer") }
            return Int(clamping: result)
        }
        func boundValue(_ keyword: String) throws(SanitizeError) -> NumberBound? {
            guard let value = keywords[keyword] else { return nil }
            guard case .number(let text) = value, let result = NumberBound(text) else { throw invalid(keyword, "must be a number") }
            return result
        }
        func bound(_ keyword: String) throws(SanitizeError) -> Int32? {
            guard let result = try boundValue(keyword) else { return nil }
            program.bounds.append(result)
            return Int32(program.bounds.count - 1)
        }
        func schemaList(_ keyword: String) throws(SanitizeError) -> PoolRange? {
            guard let value = keywords[keyword] else { return nil }
            guard case .array(let items) = value, !items.isEmpty else { throw invalid(keyword, "must be a non-empty array of schemas") }
            var result: [Int] = []
            for (index, item) in items.enumerated() { result.append(Int(try sub(keyword, String(index), item))) }
            return program.list(result)
        }
        func keys(_ value: JSONValue, _ keyword: String) throws(SanitizeError) -> [PropertyKey] {
            guard case .array(let items) = value else { throw invalid(keyword, "must be an array of strings") }
            var result: [PropertyKey] = []
            for item in items {
                guard case .string(let name) = item else { throw invalid(keyword, "must be an array of strings") }
                result.append(PropertyKey(name))
            }
            return result
        }
        func constant(_ value: JSONValue) throws(SanitizeError) -> Int32 {
            program.constants.append(try JSONDocument(parsing: value.serialized(), limits: JSONLimits(duplicateKeys: .allow)))
            return Int32(program.constants.count - 1)
        }

        // References. Draft-04 to draft-07: `$ref` makes every sibling keyword be ignored.
        if case .string(let reference)? = keywords["$ref"] {
            // The same reference from the same base compiles to the same schema (FHIR: 10,339
            // `$ref`s to 680 definitions): its index is kept, not looked up again by URI.
            let cacheKey = ResolvedReference(base: entry.baseText, reference: reference)
            let index: Int
            if let known = compiledReferences[cacheKey] {
                index = known
            } else {
                index = try compile(try resolve(reference, from: entry, keyword: "$ref"))
                compiledReferences[cacheKey] = index
            }
            schema.inPlace.append(.ref(Int32(index), .ref))
            if draft.refOverridesSiblings { return }
        }
        // 2019-09 §8.2.4.2: `$recursiveRef` goes to its target, unless that target has
        // `$recursiveAnchor: true`; then to the outermost resource of the unbroken run of
        // such resources that leads, in the dynamic scope, to the current one.
        if draft == .draft2019_09, case .string(let reference)? = keywords["$recursiveRef"] {
            let target = try resolve(reference, from: entry, keyword: "$recursiveRef")
            let index = Int32(try compile(target))
            if target.value["$recursiveAnchor"] == .bool(true) {
                program.usesDynamicScope = true
                schema.inPlace.append(.recursiveRef(fallback: index))
            } else {
                schema.inPlace.append(.ref(index, .recursiveRef))
            }
        }
        if draft == .draft2020_12, case .string(let reference)? = keywords["$dynamicRef"] {
            let target = try resolve(reference, from: entry, keyword: "$dynamicRef")
            let index = Int32(try compile(target))
            let fragment = URIReference(reference).fragment ?? ""
            if !fragment.isEmpty, !fragment.hasPrefix("/"), target.value["$dynamicAnchor"] == .string(fragment) {
                program.anchorNames.append(fragment)
                program.usesDynamicScope = true
                schema.inPlace.append(.dynamicRef(anchor: Int32(program.anchorNames.count - 1), fallback: index))
            } else {
                schema.inPlace.append(.ref(index, .dynamicRef))
            }
        }

        // Applicators (always on: the applicator vocabulary).
        if let list = try schemaList("allOf") { schema.inPlace.append(.allOf(list)) }
        if let list = try schemaList("anyOf") { schema.inPlace.append(.anyOf(list)) }
        if let list = try schemaList("oneOf") {
            if case .array(let items)? = keywords["oneOf"], let found = discriminator(entry, items) {
                program.discriminators.append(found)
                schema.inPlace.append(.oneOfByKey(list, Int32(program.discriminators.count - 1)))
            } else {
                schema.inPlace.append(.oneOf(list))
            }
        }
        if let value = keywords["not"] { schema.inPlace.append(.not(try sub("not", nil, value))) }
        if draft.hasConditionals, let value = keywords["if"] {
            let ifSchema = try sub("if", nil, value)
            let thenSchema = try keywords["then"].map { (v) throws(SanitizeError) in try sub("then", nil, v) }
            let elseSchema = try keywords["else"].map { (v) throws(SanitizeError) in try sub("else", nil, v) }
            // Kept even without then/else: `if` still yields annotations for unevaluated*.
            schema.inPlace.append(.conditional(ifSchema: ifSchema, thenSchema: thenSchema ?? noSchema, elseSchema: elseSchema ?? noSchema))
        }
        var dependentSchemas: [Int] = []
        var dependentRequired: [(key: PropertyKey, required: [PropertyKey])] = []
        if draft.hasVocabularies, case .object(let map)? = keywords["dependentSchemas"] {
            for member in map {
                dependentSchemas.append(program.key(member.key))
                dependentSchemas.append(Int(try sub("dependentSchemas", member.key, member.value)))
            }
        }
        // Draft-07 `dependencies`; in 2020-12 kept for compatibility (its metaschema still
        // describes it), split by value type into dependentRequired / dependentSchemas.
        if case .object(let map)? = keywords["dependencies"] {
            for member in map {
                if case .array = member.value {
                    dependentRequired.append((PropertyKey(member.key), try keys(member.value, "dependencies")))
                } else {
                    dependentSchemas.append(program.key(member.key))
                    dependentSchemas.append(Int(try sub("dependencies", member.key, member.value)))
                }
            }
        }
        if !dependentSchemas.isEmpty { schema.inPlace.append(.dependentSchemas(program.list(dependentSchemas))) }

        // Object applicators.
        var shape = ObjectShape()
        var hasShape = false
        if case .object(let map)? = keywords["properties"] {
            hasShape = true
            for member in map {
                let key = PropertyKey(member.key)
                shape.keys.append(key)
                shape.hashes.append(key.hash)
                program.keys.append(key)
                shape.keyIndices.append(Int32(program.keys.count - 1))
                shape.schemas.append(try sub("properties", member.key, member.value))
            }
        }
        if case .object(let map)? = keywords["patternProperties"] {
            hasShape = true
            for member in map {
                program.patterns.append(try patternMatcher(member.key, in: entry, at: "/patternProperties"))
                shape.patterns.append((Int32(program.patterns.count - 1), try sub("patternProperties", member.key, member.value)))
            }
        }
        if let value = keywords["additionalProperties"] {
            hasShape = true
            shape.additional = try sub("additionalProperties", nil, value)
        }
        var shapeIndex: Int?
        if hasShape {
            program.shapes.append(shape)
            shapeIndex = program.shapes.count - 1
            schema.objects.append(.object(Int32(program.shapes.count - 1)))
        }
        if draft.hasDraft6Keywords, let value = keywords["propertyNames"] { schema.objects.append(.propertyNames(try sub("propertyNames", nil, value))) }

        // Array applicators.
        if draft.hasPrefixItems {
            var prefix: [Int] = []
            if case .array(let items)? = keywords["prefixItems"] {
                for (index, item) in items.enumerated() { prefix.append(Int(try sub("prefixItems", String(index), item))) }
            }
            let rest = try keywords["items"].map { (v) throws(SanitizeError) in try sub("items", nil, v) }
            if !prefix.isEmpty || rest != nil {
                schema.arrays.append(.items(prefix: program.list(prefix), rest: rest ?? noSchema, additional: false))
            }
        } else {
            if case .array(let items)? = keywords["items"] {
                var prefix: [Int] = []
                for (index, item) in items.enumerated() { prefix.append(Int(try sub("items", String(index), item))) }
                let rest = try keywords["additionalItems"].map { (v) throws(SanitizeError) in try sub("additionalItems", nil, v) }
                schema.arrays.append(.items(prefix: program.list(prefix), rest: rest ?? noSchema, additional: true))
            } else if let value = keywords["items"] {
                schema.arrays.append(.items(prefix: PoolRange(), rest: try sub("items", nil, value), additional: false))
            }
        }
        if draft.hasDraft6Keywords, let value = keywords["contains"] {
            let containsSchema = try sub("contains", nil, value)
            var minimum = 1
            var maximum = -1
            if draft.hasVocabularies && entry.validationVocabulary {
                minimum = try count("minContains") ?? 1
                maximum = try count("maxContains") ?? -1
            }
            schema.arrays.append(.contains(schema: containsSchema, min: minimum, max: maximum))
        }
        if draft.hasVocabularies {
            if let value = keywords["unevaluatedProperties"] { schema.unevaluatedProperties = try sub("unevaluatedProperties", nil, value) }
            if let value = keywords["unevaluatedItems"] { schema.unevaluatedItems = try sub("unevaluatedItems", nil, value) }
        }

        // Format: an annotation unless assertions are asked for, and always for a format the
        // dialect does not define (see `FormatKind.isDefined(in:)`).
        if options.assertFormats || entry.formatAssertion, case .string(let name)? = keywords["format"], let kind = FormatKind(rawValue: name),
            kind.isDefined(in: draft)
        {
            schema.strings.append(.format(kind))
        }

        guard entry.validationVocabulary else { return }

        // Validation vocabulary.
        if let value = keywords["type"] {
            var mask: UInt8 = 0
            let names: [JSONValue]
            if case .array(let list) = value { names = list } else { names = [value] }
            for name in names {
                guard let bits = TypeBits.bits(forName: name) else { throw invalid("type", "unknown type \(name.jsonText)") }
                mask |= bits
            }
            // Draft-04 §3.5: an integer is a number without a fraction or exponent part.
            if draft.generation == 4, mask & TypeBits.integer != 0, mask & TypeBits.number == 0 {
                mask = mask & ~TypeBits.integer | TypeBits.integerSyntax
            }
            // OAS 3.0.3 §4.7.24.1: `nullable: true` adds null to the types `type` names.
            if draft == .openAPI3_0, keywords["nullable"] == .bool(true) { mask |= TypeBits.null }
            schema.typeMask = mask
        }
        if draft.hasDraft6Keywords, let value = keywords["const"] { schema.general.append(.const(try constant(value))) }
        if let value = keywords["enum"] {
            guard case .array(let items) = value else { throw invalid("enum", "must be an array") }
            var indices: [Int] = []
            for item in items { indices.append(Int(try constant(item))) }
            schema.general.append(.enumeration(program.list(indices)))
        }
        if let value = try count("minLength") { schema.strings.append(.minLength(value)) }
        if let value = try count("maxLength") { schema.strings.append(.maxLength(value)) }
        if case .string(let source)? = keywords["pattern"] {
            program.patterns.append(try patternMatcher(source, in: entry, at: "/pattern"))
            schema.strings.append(.pattern(Int32(program.patterns.count - 1)))
        }
        if draft.hasDraft6Keywords {
            if let value = try bound("minimum") { schema.numbers.append(.minimum(value)) }
            if let value = try bound("maximum") { schema.numbers.append(.maximum(value)) }
            if let value = try bound("exclusiveMinimum") { schema.numbers.append(.exclusiveMinimum(value)) }
            if let value = try bound("exclusiveMaximum") { schema.numbers.append(.exclusiveMaximum(value)) }
        } else {
            // Draft-04 §5.1.2–5.1.3: boolean `exclusiveMinimum`/`exclusiveMaximum` make
            // `minimum`/`maximum` exclusive.
            func exclusive(_ keyword: String) throws(SanitizeError) -> Bool {
                switch keywords[keyword] {
                case nil: return false
                case .bool(let flag)?: return flag
                default: throw invalid(keyword, "must be a boolean in draft-04 (it modifies minimum/maximum)")
                }
            }
            let exclusiveMinimum = try exclusive("exclusiveMinimum")
            let exclusiveMaximum = try exclusive("exclusiveMaximum")
            if let value = try bound("minimum") { schema.numbers.append(exclusiveMinimum ? .exclusiveMinimum(value) : .minimum(value)) }
            if let value = try bound("maximum") { schema.numbers.append(exclusiveMaximum ? .exclusiveMaximum(value) : .maximum(value)) }
        }
        if let value = try boundValue("multipleOf") {
            guard !value.decimal.negative, !value.decimal.isZero else { throw invalid("multipleOf", "must be greater than 0") }
            program.bounds.append(value)
            schema.numbers.append(.multipleOf(Int32(program.bounds.count - 1)))
        }
        if let value = try count("minProperties") { schema.objects.insert(.minProperties(value), at: 0) }
        if let value = try count("maxProperties") { schema.objects.insert(.maxProperties(value), at: 0) }
        if let value = keywords["required"] {
            let list = try requiredInDirection(try keys(value, "required"), of: entry)
            // When every required key is also a property (at most 64 of them), the property
            // walk checks presence with a bit mask instead of one scan per required key.
            let positions = list.map { key in shapeIndex.flatMap { program.shapes[$0].keys.firstIndex { $0.text == key.text } } }
            if let shapeIndex, !list.isEmpty, program.shapes[shapeIndex].keys.count <= 64, !positions.contains(nil) {
                for position in positions.compactMap({ $0 }) { program.shapes[shapeIndex].requiredMask |= 1 << UInt64(position) }
            } else if !list.isEmpty {
                var indices: [Int] = []
                for key in list {
                    program.keys.append(key)
                    indices.append(program.keys.count - 1)
                }
                schema.objects.insert(.required(program.list(indices)), at: 0)
            }
        }
        if draft.hasVocabularies, case .object(let map)? = keywords["dependentRequired"] {
            for member in map { dependentRequired.append((PropertyKey(member.key), try keys(member.value, "dependentRequired"))) }
        }
        if !dependentRequired.isEmpty {
            program.dependentRequired.append(dependentRequired)
            schema.objects.append(.dependentRequired(Int32(program.dependentRequired.count - 1)))
        }
        if let value = try count("minItems") { schema.arrays.insert(.minItems(value), at: 0) }
        if let value = try count("maxItems") { schema.arrays.insert(.maxItems(value), at: 0) }
        if keywords["uniqueItems"] == .bool(true) { schema.arrays.append(.uniqueItems) }
    }
}
