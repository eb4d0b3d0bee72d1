/// A compiled `pattern` / `patternProperties` regular expression (ECMA-262 flavour via PCRE2).
struct PatternMatcher: Sendable {
    let source: String
    let compiled: PCRE2Pattern

    /// Compiles `source`.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/contractInvalid`` when it does not compile.
    init(_ source: String, at pointer: String) throws(SanitizeError) {
        self.source = source
        do {
            compiled = try PCRE2Pattern(source, options: .default)
        } catch {
            throw SanitizeError(.contractInvalid, "pattern \"\(source)\" does not compile: \(error)", at: .init(pointer: pointer))
        }
    }

    /// Whether the pattern matches anywhere in the UTF-8 text (not anchored, as JSON Schema says).
    func matches(_ utf8: UnsafeRawBufferPointer) -> Bool {
        (try? compiled.matches(utf8)) ?? false
    }
}
