/// One compiled keyword: the table of every keyword the contract runs, and the one place that
/// dispatches to their definitions. Each case's payload is a type in ``Keywords`` (in its
/// own file) that holds the keyword's compile step, its evaluation (one body for every mode:
/// is-valid, collect violations, apply steps), what it applies (``ApplicatorReach``), and its
/// lowering for the byte scan (``ShapeCheck``). Payloads are plain values (indices into the
/// program's tables), so checks are copied without reference counting in the hot path.
///
/// Every switch over `Check` is in this file and none has a `default:` arm: a new case is a
/// compile error here until each of them names its definition.
enum Check: Sendable {
    // any type (`type` itself is ``CompiledSchema/typeMask``)
    case const(Keywords.Const)
    case enumeration(Keywords.Enumeration)
    // in-place applicators
    case reference(Keywords.Reference)
    case dynamicReference(Keywords.DynamicReference)
    case recursiveReference(Keywords.RecursiveReference)
    case allOf(Keywords.AllOf)
    case anyOf(Keywords.AnyOf)
    case oneOf(Keywords.OneOf)
    case not(Keywords.Not)
    case conditional(Keywords.Conditional)
    case dependentSchemas(Keywords.DependentSchemas)
    // strings
    case minLength(Keywords.MinLength)
    case maxLength(Keywords.MaxLength)
    case pattern(Keywords.Pattern)
    case format(Keywords.Format)
    // numbers
    case limit(Keywords.NumberLimit)
    case multipleOf(Keywords.MultipleOf)
    // objects
    case minProperties(Keywords.MinProperties)
    case maxProperties(Keywords.MaxProperties)
    case required(Keywords.Required)
    case dependentRequired(Keywords.DependentRequired)
    case propertyNames(Keywords.PropertyNames)
    case properties(Keywords.Properties)
    // arrays
    case minItems(Keywords.MinItems)
    case maxItems(Keywords.MaxItems)
    case uniqueItems(Keywords.UniqueItems)
    case items(Keywords.Items)
    case contains(Keywords.Contains)
}

// MARK: compiling

extension ContractCompiler {
    /// Compiles the keywords of one schema object into its pools, in evaluation order: each
    /// keyword's own `compile` reads and checks its value; this list says which keywords a
    /// dialect has, in which pool each runs, and in what order.
    mutating func compileKeywords(_ entry: SchemaEntry, into schema: inout SchemaBuilder) throws(SanitizeError) {
        guard case .object(let members) = entry.value else { return }
        let scope = KeywordScope(entry: entry, keywords: KeywordTable(members))

        // Annotations the evaluator reads: values under these are hidden in messages.
        if scope["writeOnly"] == .bool(true) || scope["x-sensitive"] == .bool(true) { schema.sensitive = true }
        // The modifying keyword: its steps run on the value before it is validated.
        if let steps = scope["x-sanitize"] { schema.sanitizeSteps = try stepList(steps, in: entry) }

        // References. Draft-04 to draft-07: `$ref` makes every sibling keyword be ignored.
        if let keyword = try Keywords.Reference.compile(in: scope, &self) {
            schema.inPlace.append(.reference(keyword))
            if scope.draft.refOverridesSiblings { return }
        }
        if let check = try Keywords.RecursiveReference.compile(in: scope, &self) { schema.inPlace.append(check) }
        if let check = try Keywords.DynamicReference.compile(in: scope, &self) { schema.inPlace.append(check) }

        // Applicators (always on: the applicator vocabulary).
        if let keyword = try Keywords.AllOf.compile(in: scope, &self) { schema.inPlace.append(.allOf(keyword)) }
        if let keyword = try Keywords.AnyOf.compile(in: scope, &self) { schema.inPlace.append(.anyOf(keyword)) }
        if let keyword = try Keywords.OneOf.compile(in: scope, &self) { schema.inPlace.append(.oneOf(keyword)) }
        if let keyword = try Keywords.Not.compile(in: scope, &self) { schema.inPlace.append(.not(keyword)) }
        if let keyword = try Keywords.Conditional.compile(in: scope, &self) { schema.inPlace.append(.conditional(keyword)) }
        if let keyword = try Keywords.DependentSchemas.compile(in: scope, &self) { schema.inPlace.append(.dependentSchemas(keyword)) }
        let properties = try Keywords.Properties.compile(in: scope, &self)
        if let properties { schema.objects.append(.properties(properties)) }
        if let keyword = try Keywords.PropertyNames.compile(in: scope, &self) { schema.objects.append(.propertyNames(keyword)) }
        if let keyword = try Keywords.Items.compile(in: scope, &self) { schema.arrays.append(.items(keyword)) }
        if let keyword = try Keywords.Contains.compile(in: scope, &self) { schema.arrays.append(.contains(keyword)) }
        try Keywords.Unevaluated.compile(in: scope, &self, into: &schema)
        if let keyword = try Keywords.Format.compile(in: scope, &self) { schema.strings.append(.format(keyword)) }

        guard entry.validationVocabulary else { return }

        // Validation vocabulary. Counts run before the walks of their pool (they are cheap).
        if let mask = try Keywords.TypeKeyword.compile(in: scope, &self) { schema.typeMask = mask }
        if let keyword = try Keywords.Const.compile(in: scope, &self) { schema.general.append(.const(keyword)) }
        if let keyword = try Keywords.Enumeration.compile(in: scope, &self) { schema.general.append(.enumeration(keyword)) }
        if let keyword = try Keywords.MinLength.compile(in: scope, &self) { schema.strings.append(.minLength(keyword)) }
        if let keyword = try Keywords.MaxLength.compile(in: scope, &self) { schema.strings.append(.maxLength(keyword)) }
        if let keyword = try Keywords.Pattern.compile(in: scope, &self) { schema.strings.append(.pattern(keyword)) }
        for keyword in try Keywords.NumberLimit.compile(in: scope, &self) { schema.numbers.append(.limit(keyword)) }
        if let keyword = try Keywords.MultipleOf.compile(in: scope, &self) { schema.numbers.append(.multipleOf(keyword)) }
        if let keyword = try Keywords.MinProperties.compile(in: scope, &self) { schema.objects.insert(.minProperties(keyword), at: 0) }
        if let keyword = try Keywords.MaxProperties.compile(in: scope, &self) { schema.objects.insert(.maxProperties(keyword), at: 0) }
        let shape = properties.map { Int($0.shape) }
        if let keyword = try Keywords.Required.compile(in: scope, &self, shape: shape) { schema.objects.insert(.required(keyword), at: 0) }
        if let keyword = try Keywords.DependentRequired.compile(in: scope, &self) { schema.objects.append(.dependentRequired(keyword)) }
        if let keyword = try Keywords.MinItems.compile(in: scope, &self) { schema.arrays.insert(.minItems(keyword), at: 0) }
        if let keyword = try Keywords.MaxItems.compile(in: scope, &self) { schema.arrays.insert(.maxItems(keyword), at: 0) }
        if let keyword = try Keywords.UniqueItems.compile(in: scope, &self) { schema.arrays.append(.uniqueItems(keyword)) }
    }
}

// MARK: evaluating

extension Evaluator {
    /// Evaluates one check of schema `s` at instance node `node` (of the type its pool runs on).
    @inline(__always)
    mutating func evaluate(_ check: Check, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        switch check {
        case .const(let keyword): return evaluate(keyword, s, node)
        case .enumeration(let keyword): return evaluate(keyword, s, node)
        case .reference(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .dynamicReference(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .recursiveReference(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .allOf(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .anyOf(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .oneOf(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .not(let keyword): return evaluate(keyword, s, node)
        case .conditional(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .dependentSchemas(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .minLength(let keyword): return evaluate(keyword, s, node)
        case .maxLength(let keyword): return evaluate(keyword, s, node)
        case .pattern(let keyword): return evaluate(keyword, s, node)
        case .format(let keyword): return evaluate(keyword, s, node)
        case .limit(let keyword): return evaluate(keyword, s, node)
        case .multipleOf(let keyword): return evaluate(keyword, s, node)
        case .minProperties(let keyword): return evaluate(keyword, s, node)
        case .maxProperties(let keyword): return evaluate(keyword, s, node)
        case .required(let keyword): return evaluate(keyword, s, node)
        case .dependentRequired(let keyword): return evaluate(keyword, s, node)
        case .propertyNames(let keyword): return evaluate(keyword, s, node)
        case .properties(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .minItems(let keyword): return evaluate(keyword, s, node)
        case .maxItems(let keyword): return evaluate(keyword, s, node)
        case .uniqueItems(let keyword): return evaluate(keyword, s, node)
        case .items(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        case .contains(let keyword): return evaluate(keyword, s, node, &annotations, collect: collect)
        }
    }
}

// MARK: applying

extension ContractProgram {
    /// Calls `body` with every schema one check applies and where: the one exhaustive list of
    /// the applicators (an assertion applies nothing), read by every static walk through
    /// ``forEachApplied(by:_:)-(Int,_)``.
    func forEachApplied(by check: Check, _ body: (Int, ApplicatorReach) -> Void) {
        switch check {
        case .reference(let keyword): forEachApplied(by: keyword, body)
        case .dynamicReference(let keyword): forEachApplied(by: keyword, body)
        case .recursiveReference(let keyword): forEachApplied(by: keyword, body)
        case .allOf(let keyword): forEachApplied(by: keyword, body)
        case .anyOf(let keyword): forEachApplied(by: keyword, body)
        case .oneOf(let keyword): forEachApplied(by: keyword, body)
        case .not(let keyword): forEachApplied(by: keyword, body)
        case .conditional(let keyword): forEachApplied(by: keyword, body)
        case .dependentSchemas(let keyword): forEachApplied(by: keyword, body)
        case .propertyNames(let keyword): forEachApplied(by: keyword, body)
        case .properties(let keyword): forEachApplied(by: keyword, body)
        case .items(let keyword): forEachApplied(by: keyword, body)
        case .contains(let keyword): forEachApplied(by: keyword, body)
        case .const, .enumeration, .minLength, .maxLength, .pattern, .format, .limit, .multipleOf, .minProperties,
            .maxProperties, .required, .dependentRequired, .minItems, .maxItems, .uniqueItems:
            return  // assertions
        }
    }
}

// MARK: lowering for the byte scan

extension ShapeCheckBuilder {
    /// Reads one check into shape-check node `node`, or returns `false` when the scan cannot
    /// check it (the schema is then left to the general path).
    mutating func lower(_ check: Check, into node: Int, depth: Int) -> Bool {
        switch check {
        case .const(let keyword): return lower(keyword, into: node, depth: depth)
        case .enumeration(let keyword): return lower(keyword, into: node, depth: depth)
        case .minLength(let keyword): return lower(keyword, into: node, depth: depth)
        case .maxLength(let keyword): return lower(keyword, into: node, depth: depth)
        case .pattern(let keyword): return lower(keyword, into: node, depth: depth)
        case .format(let keyword): return lower(keyword, into: node, depth: depth)
        case .limit(let keyword): return lower(keyword, into: node, depth: depth)
        case .multipleOf(let keyword): return lower(keyword, into: node, depth: depth)
        case .minProperties(let keyword): return lower(keyword, into: node, depth: depth)
        case .maxProperties(let keyword): return lower(keyword, into: node, depth: depth)
        case .required(let keyword): return lower(keyword, into: node, depth: depth)
        case .dependentRequired(let keyword): return lower(keyword, into: node, depth: depth)
        case .propertyNames(let keyword): return lower(keyword, into: node, depth: depth)
        case .properties(let keyword): return lower(keyword, into: node, depth: depth)
        case .minItems(let keyword): return lower(keyword, into: node, depth: depth)
        case .maxItems(let keyword): return lower(keyword, into: node, depth: depth)
        case .uniqueItems(let keyword): return lower(keyword, into: node, depth: depth)
        case .items(let keyword): return lower(keyword, into: node, depth: depth)
        case .contains(let keyword): return lower(keyword, into: node, depth: depth)
        case .reference, .dynamicReference, .recursiveReference, .allOf, .anyOf, .oneOf, .not, .conditional, .dependentSchemas:
            return false  // applied in place, depending on the instance: the general path's
        }
    }
}
