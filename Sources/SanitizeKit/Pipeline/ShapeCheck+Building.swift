extension ShapeCheck {
    /// The `$schema` values whose keywords the check reads as it does: 2020-12 and draft-07,
    /// with their standard metaschemas (so `format` asserts exactly when the options say so).
    private static let knownDialects: [String: Draft] = [
        "https://json-schema.org/draft/2020-12/schema": .draft2020_12, "https://json-schema.org/draft/2020-12/schema#": .draft2020_12,
        "http://json-schema.org/draft-07/schema#": .draft7, "http://json-schema.org/draft-07/schema": .draft7,
    ]

    /// The dialect of a root schema when it is one whose keywords the shape check and the
    /// filter's ``StepPlan`` read as they do (2020-12 or draft-07 with its standard
    /// meta-schema), else `nil`: the root's `$schema` spelled exactly as one of those, or, with
    /// none, the configured default dialect. Nothing else is guessed.
    /// - Parameters:
    ///   - root: the root schema.
    ///   - defaultDraft: the dialect of a root without `$schema` (``Contract/Options/defaultDraft``).
    /// - Returns: `.draft2020_12`, `.draft7` or `nil`.
    static func readableDialect(of root: JSONValue, defaultDraft: Draft) -> Draft? {
        guard case .object = root else { return defaultDraft == .draft2020_12 || defaultDraft == .draft7 ? defaultDraft : nil }
        switch root["$schema"] {
        case nil: return defaultDraft == .draft2020_12 || defaultDraft == .draft7 ? defaultDraft : nil
        case .string(let uri)?: return knownDialects[uri]
        default: return nil
        }
    }

    /// Keywords that never change whether a value is valid, and `x-sanitize` (read apart).
    private static let annotations: Set<String> = [
        "$comment", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
        "$defs", "definitions",
    ]

    /// Builds the check for a root schema, or returns `nil` when the schema uses anything the
    /// check does not read (then every record takes the general path).
    /// - Parameters:
    ///   - schema: the contract's root schema, already compiled successfully as a ``Contract``.
    ///   - stepLists: every `x-sanitize` value of the schema, compiled.
    ///   - assertFormats: whether `format` is an assertion.
    ///   - limits: the record parser's limits.
    ///   - stepsAreAnnotations: read `x-sanitize` as an annotation (for plain validation, where
    ///     no step runs) instead of as steps that must leave each value as it is.
    ///   - defaultDraft: the dialect of a root without `$schema`; only 2020-12 and draft-07 are read.
    /// - Returns: the check and the storage it points into.
    static func build(
        schema: JSONValue, stepLists: [JSONValue: [SanitizeStep]], assertFormats: Bool, limits: JSONLimits,
        stepsAreAnnotations: Bool = false, defaultDraft: Draft = .draft2020_12
    ) -> (check: ShapeCheck, storage: Storage)? {
        guard readableDialect(of: schema, defaultDraft: defaultDraft) != nil else { return nil }
        var builder = Builder(stepLists: stepLists, assertFormats: assertFormats, stepsAreAnnotations: stepsAreAnnotations)
        guard builder.add(schema, isRoot: true) == 1 else { return nil }
        let storage = Storage(
            nodes: builder.nodes, properties: builder.properties, enumStrings: builder.enumStrings, patterns: builder.patterns,
            stepLists: builder.lists)
        return (ShapeCheck(storage, limits: limits), storage)
    }

    /// Builds the check for a filter without a contract: any JSON passes whose string values
    /// (not member names) every one of `steps` leaves as they are.
    /// - Parameters:
    ///   - steps: the policy's steps.
    ///   - limits: the record parser's limits.
    /// - Returns: the check and the storage it points into.
    static func build(policySteps steps: [SanitizeStep], limits: JSONLimits) -> (check: ShapeCheck, storage: Storage) {
        var policy = Node()  // node 1, the root: any value; members and elements are node 1 again
        policy.openMembers = 1
        policy.items = 1
        policy.steps = steps.isEmpty ? -1 : 0
        let storage = Storage(nodes: [Node(), policy], properties: [], patterns: [], stepLists: steps.isEmpty ? [] : [steps])
        return (ShapeCheck(storage, limits: limits), storage)
    }

    /// Turns schemas into ``Node``s; node 0 is the schema that allows anything.
    private struct Builder {
        let stepLists: [JSONValue: [SanitizeStep]]
        let assertFormats: Bool
        let stepsAreAnnotations: Bool
        var nodes = [Node()]
        var properties: [(name: [UInt8], node: Int)] = []
        var enumStrings: [[UInt8]] = []
        var patterns: [PCRE2Pattern] = []
        var lists: [[SanitizeStep]] = []
        var listIndex: [JSONValue: Int] = [:]

        init(stepLists: [JSONValue: [SanitizeStep]], assertFormats: Bool, stepsAreAnnotations: Bool) {
            self.stepLists = stepLists
            self.assertFormats = assertFormats
            self.stepsAreAnnotations = stepsAreAnnotations
        }

        /// Adds a schema and returns its node index, or `nil` when the check cannot read it.
        mutating func add(_ schema: JSONValue, isRoot: Bool = false) -> Int? {
            let index = nodes.count
            nodes.append(Node())
            switch schema {
            case .bool(true): return index
            case .bool(false):
                nodes[index].types = 0
                return index
            case .object(let members):
                var named: [JSONValue.Member] = []
                var required: [String] = []
                for member in members {
                    guard read(member, into: index, isRoot: isRoot, named: &named, required: &required) else { return nil }
                }
                return placeProperties(named, required: required, at: index) ? index : nil
            default:
                return nil
            }
        }

        /// Reads one keyword into node `index`; `false` when the check cannot read it.
        private mutating func read(
            _ member: JSONValue.Member, into index: Int, isRoot: Bool, named: inout [JSONValue.Member], required: inout [String]
        ) -> Bool {
            let value = member.value
            switch member.key {
            case "$schema":
                guard isRoot, case .string(let uri) = value else { return false }
                return ShapeCheck.knownDialects[uri] != nil
            case "$id":
                return isRoot
            case "x-sanitize":
                if stepsAreAnnotations { return true }
                guard let steps = stepLists[value] else { return false }
                let list = listIndex[value] ?? {
                    lists.append(steps)
                    listIndex[value] = lists.count - 1
                    return lists.count - 1
                }()
                nodes[index].steps = list
            case "type":
                guard let mask = Self.typeMask(value) else { return false }
                nodes[index].types = mask
            case "minLength": guard let n = Self.count(value) else { return false }; nodes[index].minLength = n
            case "maxLength": guard let n = Self.count(value) else { return false }; nodes[index].maxLength = n
            case "minItems": guard let n = Self.count(value) else { return false }; nodes[index].minItems = n
            case "maxItems": guard let n = Self.count(value) else { return false }; nodes[index].maxItems = n
            case "minProperties": guard let n = Self.count(value) else { return false }; nodes[index].minProperties = n
            case "maxProperties": guard let n = Self.count(value) else { return false }; nodes[index].maxProperties = n
            case "minimum":
                guard let n = Self.integer(value) else { return false }
                nodes[index].minimum = max(nodes[index].minimum, n)
            case "exclusiveMinimum":
                guard let n = Self.integer(value) else { return false }
                nodes[index].minimum = max(nodes[index].minimum, n + 1)
            case "maximum":
                guard let n = Self.integer(value) else { return false }
                nodes[index].maximum = min(nodes[index].maximum, n)
            case "exclusiveMaximum":
                guard let n = Self.integer(value) else { return false }
                nodes[index].maximum = min(nodes[index].maximum, n - 1)
            case "pattern":
                guard case .string(let source) = value, let matcher = try? PatternMatcher(source, at: "") else { return false }
                if let simple = ASCIIClassPattern(source) {
                    nodes[index].classPattern = simple
                } else {
                    patterns.append(matcher.compiled)
                    nodes[index].pattern = patterns.count - 1
                }
            case "format":
                guard case .string(let name) = value else { return false }
                if assertFormats, let kind = FormatKind(rawValue: name) { nodes[index].format = kind }
            case "enum", "const":
                // Strings only (compared byte for byte), and one of the two per schema.
                let members: [JSONValue]
                if member.key == "enum" {
                    guard case .array(let items) = value, !items.isEmpty else { return false }
                    members = items
                } else {
                    members = [value]
                }
                guard nodes[index].enumCount == 0 else { return false }
                nodes[index].firstEnum = enumStrings.count
                for item in members {
                    guard case .string(let text) = item else { return false }
                    enumStrings.append(Array(text.utf8))
                }
                nodes[index].enumCount = members.count
            case "uniqueItems":
                guard case .bool(let flag) = value else { return false }
                nodes[index].uniqueItems = flag
            case "additionalProperties":
                guard case .bool(let allowed) = value else { return false }
                nodes[index].openMembers = allowed ? 0 : -1
            case "properties":
                guard case .object(let members) = value else { return false }
                named = members
            case "required":
                guard case .array(let names) = value else { return false }
                for name in names {
                    guard case .string(let text) = name else { return false }
                    required.append(text)
                }
            case "items":
                guard let child = add(value) else { return false }  // not the draft-07 array form
                nodes[index].items = child
            default:
                return ShapeCheck.annotations.contains(member.key)
                    || (member.key.hasPrefix("x-") && member.key != "x-sanitize")
            }
            return true
        }

        /// Adds node `index`'s properties (at most 64, for the bit masks) and its required set,
        /// which must name only listed properties.
        private mutating func placeProperties(_ named: [JSONValue.Member], required: [String], at index: Int) -> Bool {
            guard named.count <= 64, Set(named.map(\.key)).count == named.count else { return false }
            var children: [Int] = []
            for member in named {
                guard let child = add(member.value) else { return false }
                children.append(child)
            }
            nodes[index].firstProperty = properties.count
            nodes[index].propertyCount = named.count
            for (member, child) in zip(named, children) { properties.append((Array(member.key.utf8), child)) }
            for name in required {
                guard let slot = named.firstIndex(where: { $0.key == name }) else { return false }
                nodes[index].requiredMask |= 1 << UInt64(slot)
            }
            return true
        }

        private static func typeMask(_ value: JSONValue) -> UInt8? {
            let names: [JSONValue]
            switch value {
            case .string: names = [value]
            case .array(let items): names = items
            default: return nil
            }
            var mask: UInt8 = 0
            for name in names {
                guard let bits = TypeBits.bits(forName: name) else { return nil }
                mask |= bits
            }
            return mask
        }

        /// A non-negative count written as plain digits.
        private static func count(_ value: JSONValue) -> Int? {
            guard let n = integer(value), n >= 0 else { return nil }
            return Int(n)
        }

        /// An integer written as plain digits (at most 18 of them, so `± 1` cannot overflow).
        private static func integer(_ value: JSONValue) -> Int64? {
            guard case .number(let text) = value, text.utf8.count <= 19, let n = Int64(text), abs(n) < 1_000_000_000_000_000_000
            else { return nil }
            return n
        }
    }
}
