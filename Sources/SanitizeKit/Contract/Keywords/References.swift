extension Keywords {
    /// `$ref` (or a `$dynamicRef`/`$recursiveRef` that resolves statically): the value is
    /// valid against the target schema, at the same location. Draft-04 to draft-07: `$ref`
    /// makes every sibling keyword be ignored (the compiler stops there).
    struct Reference: Sendable {
        let target: Int32
        /// Which keyword it was compiled from: the segment it adds to a `keywordLocation`.
        let keyword: ReferenceKeyword

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard case .string(let reference)? = scope["$ref"] else { return nil }
            // The same reference from the same base compiles to the same schema (FHIR: 10,339
            // `$ref`s to 680 definitions): its index is kept, not looked up again by URI.
            let cacheKey = ContractCompiler.ResolvedReference(base: scope.entry.baseText, reference: reference)
            let index: Int
            if let known = compiler.compiledReferences[cacheKey] {
                index = known
            } else {
                index = try compiler.compile(try compiler.resolve(reference, from: scope.entry, keyword: "$ref"))
                compiler.compiledReferences[cacheKey] = index
            }
            return Self(target: Int32(index), keyword: .ref)
        }
    }

    /// 2020-12 `$dynamicRef` to a `$dynamicAnchor`: the outermost resource of the dynamic
    /// scope that has the anchor, else the statically resolved target.
    struct DynamicReference: Sendable {
        /// Index into ``ContractProgram/anchorNames``.
        let anchor: Int32
        let fallback: Int32

        /// A ``Check/dynamicReference(_:)``, or a plain ``Check/reference(_:)`` when the target
        /// has no matching `$dynamicAnchor` (it then resolves statically).
        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Check? {
            guard scope.draft == .draft2020_12, case .string(let reference)? = scope["$dynamicRef"] else { return nil }
            let target = try compiler.resolve(reference, from: scope.entry, keyword: "$dynamicRef")
            let index = Int32(try compiler.compile(target))
            let fragment = URIReference(reference).fragment ?? ""
            guard !fragment.isEmpty, !fragment.hasPrefix("/"), target.value["$dynamicAnchor"] == .string(fragment) else {
                return .reference(Reference(target: index, keyword: .dynamicRef))
            }
            compiler.program.anchorNames.append(fragment)
            compiler.program.usesDynamicScope = true
            return .dynamicReference(Self(anchor: Int32(compiler.program.anchorNames.count - 1), fallback: index))
        }
    }

    /// 2019-09 `$recursiveRef` whose target has `$recursiveAnchor: true` (§8.2.4.2): the
    /// outermost resource of the unbroken run of such resources that leads, in the dynamic
    /// scope, to the current one, else the target.
    struct RecursiveReference: Sendable {
        let fallback: Int32

        /// A ``Check/recursiveReference(_:)``, or a plain ``Check/reference(_:)`` when the
        /// target has no `$recursiveAnchor: true`.
        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Check? {
            guard scope.draft == .draft2019_09, case .string(let reference)? = scope["$recursiveRef"] else { return nil }
            let target = try compiler.resolve(reference, from: scope.entry, keyword: "$recursiveRef")
            let index = Int32(try compiler.compile(target))
            guard target.value["$recursiveAnchor"] == .bool(true) else {
                return .reference(Reference(target: index, keyword: .recursiveRef))
            }
            compiler.program.usesDynamicScope = true
            return .recursiveReference(Self(fallback: index))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Reference, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        sink.enter(ReferenceStep(source: Int32(truncatingIfNeeded: s), target: keyword.target, keyword: keyword.keyword))
        defer { sink.leave() }
        return evaluate(Int(keyword.target), node, &annotations, collect: collect)
    }

    mutating func evaluate(_ keyword: Keywords.DynamicReference, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        var target = Int(keyword.fallback)
        let name = buffers.program.anchorNames[Int(keyword.anchor)]
        for resource in dynamicScope {
            if let found = buffers.program.resources[resource].dynamicAnchors[name] {
                target = found
                break
            }
        }
        sink.enter(ReferenceStep(source: Int32(truncatingIfNeeded: s), target: Int32(truncatingIfNeeded: target), keyword: .dynamicRef))
        defer { sink.leave() }
        return evaluate(target, node, &annotations, collect: collect)
    }

    mutating func evaluate(_ keyword: Keywords.RecursiveReference, _ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool) -> Bool {
        // Innermost first: the current resource, then outwards while each has the anchor.
        var target = Int(keyword.fallback)
        for resource in dynamicScope.reversed() {
            guard let found = buffers.program.resources[resource].dynamicAnchors[""] else { break }
            target = found
        }
        sink.enter(ReferenceStep(source: Int32(truncatingIfNeeded: s), target: Int32(truncatingIfNeeded: target), keyword: .recursiveRef))
        defer { sink.leave() }
        return evaluate(target, node, &annotations, collect: collect)
    }
}

extension ContractProgram {
    func forEachApplied(by keyword: Keywords.Reference, _ body: (Int, ApplicatorReach) -> Void) {
        applied(keyword.target, .here, body)
    }

    /// The fallback, and every dynamic anchor of that name the dynamic scope could pick.
    func forEachApplied(by keyword: Keywords.DynamicReference, _ body: (Int, ApplicatorReach) -> Void) {
        applied(keyword.fallback, .here, body)
        applied(anchorsNamed: anchorNames[Int(keyword.anchor)], body)
    }

    /// The fallback, and every `$recursiveAnchor` the dynamic scope could pick.
    func forEachApplied(by keyword: Keywords.RecursiveReference, _ body: (Int, ApplicatorReach) -> Void) {
        applied(keyword.fallback, .here, body)
        applied(anchorsNamed: "", body)
    }
}
