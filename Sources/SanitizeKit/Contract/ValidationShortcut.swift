/// The filter's one-pass shape check, set up for plain validation (`sanitize validate`): an
/// instance it passes is valid, with nothing to report; for any other the caller runs the
/// contract's validator. `x-sanitize` is an annotation here, since no step runs.
package struct ValidationShortcut: @unchecked Sendable {
    private let check: ShapeCheck
    /// Owns the memory `check` points into.
    private let storage: ShapeCheck.Storage

    /// The shortcut for a schema, or `nil` when the schema uses a keyword the shape check does
    /// not read (see ``ShapeCheck``).
    /// - Parameters:
    ///   - schema: the schema, already compiled successfully as a ``Contract`` with `options`.
    ///   - options: the contract's options (its `assertFormats` and parsing limits apply).
    package init?(schema: JSONValue, options: Contract.Options) {
        guard
            let built = ShapeCheck.build(
                schema: schema, stepLists: [:], assertFormats: options.assertFormats, limits: options.limits,
                stepsAreAnnotations: true, defaultDraft: options.defaultDraft)
        else { return nil }
        check = built.check
        storage = built.storage
    }

    /// Whether the instance is certainly valid; `false` means "not sure".
    /// - Parameter instance: one JSON text.
    package func passes(_ instance: UnsafeRawBufferPointer) -> Bool {
        check.passes(instance)
    }
}
