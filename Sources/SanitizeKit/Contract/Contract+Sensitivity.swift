extension Contract {
    /// Whether a `writeOnly` or `x-sensitive` schema may apply to the instance location
    /// `tokens` (or to a location above it), read from the compiled program.
    ///
    /// The answer errs on the side of "yes": it asks ``ContractProgram/schemasApplying(along:)``,
    /// which follows every subschema that could apply whatever the instance holds (every branch
    /// of `anyOf`, `oneOf` with or without a discriminator, `if`/`then`/`else`, each
    /// `patternProperties` schema whatever its pattern, `additionalProperties`, `contains`,
    /// `unevaluated*`, every anchor a dynamic reference may pick), through the one applicator
    /// visitor.
    /// - Parameter tokens: the location's reference tokens, unescaped.
    /// - Returns: `true` when a value there could be sensitive.
    package func mayBeSensitive(at tokens: [String]) -> Bool {
        program.schemasApplying(along: tokens).contains { program.schemas[$0].sensitive }
    }
}
