extension Evaluator {
    /// A failing keyword's `keywordLocation`: the JSON Pointer along the evaluation path from
    /// the root schema, through every `$ref` and `$dynamicRef` crossed (JSON Schema 2020-12
    /// core §12.3.1, "Keyword Relative Location"). With `items: {"$ref": "#/$defs/point"}`, the
    /// point's `required` is at `/items/$ref/required`; its `absoluteKeywordLocation` stays
    /// `…#/$defs/point/required`.
    ///
    /// Built only when a violation is reported: each reference crossed adds the path from the
    /// schema evaluation was in (the root, or the previous reference's target) to the reference
    /// keyword, and the keyword's own schema adds the rest from the last target.
    /// - Parameters:
    ///   - schema: the schema holding the keyword.
    ///   - keyword: the keyword's name, or `""` for the schema itself (a `false` schema).
    /// - Returns: the pointer, `""` for the root schema itself.
    func keywordLocation(_ schema: Int, _ keyword: String) -> String {
        if sink.crossed.isEmpty, let path = buffers.rootPaths[schema] { return Violation.joined(path, keyword) }
        let locations = buffers.program.locations
        var result = ""
        var base = buffers.program.root
        for step in sink.crossed {
            result += Self.pathBetween(locations[base], locations[Int(step.source)])
            result += "/" + step.keyword.name
            base = Int(step.target)
        }
        result += Self.pathBetween(locations[base], locations[schema])
        if !keyword.isEmpty { result += "/" + keyword }
        return result
    }

    /// The evaluation path from `base` to `location`, which evaluation reached without crossing
    /// a reference, so it is `base` itself or one of its subschemas. When that does not hold
    /// (never seen: the conformance suite, remotes included, runs this in debug builds), a
    /// debug build stops and a release build falls back to the subschema's document pointer.
    private static func pathBetween(_ base: SchemaLocation, _ location: SchemaLocation) -> String {
        if let path = relativePointer(location, from: base) { return path }
        assertionFailure("schema \(location) is not inside \(base), where evaluation entered it")
        return location.documentPointer
    }

    /// The pointer from schema `base` to `location` when `location` is `base` or one of its
    /// subschemas: the difference of their document pointers. Both sit in one document, even
    /// when the subschema is an embedded resource with its own `$id` (whose pointer inside its
    /// resource starts over at `""`).
    /// - Returns: the pointer (`""` for `base` itself), or `nil` when `location` is not inside `base`.
    static func relativePointer(_ location: SchemaLocation, from base: SchemaLocation) -> String? {
        let pointer = location.documentPointer.utf8
        let prefix = base.documentPointer.utf8
        guard location.documentURI == base.documentURI, pointer.starts(with: prefix) else { return nil }
        let rest = pointer.dropFirst(prefix.count)
        guard rest.isEmpty || rest.first == UInt8(ascii: "/") else { return nil }
        return String(rest)
    }
}
