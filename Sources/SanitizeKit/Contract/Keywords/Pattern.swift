extension Keywords {
    /// `pattern`: a string matches an ECMA-262 regular expression (compiled by PCRE2).
    struct Pattern: Sendable {
        /// Index into ``ContractProgram/patterns``.
        let matcher: Int32

        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> Self? {
            guard case .string(let source)? = scope["pattern"] else { return nil }
            compiler.program.patterns.append(try compiler.patternMatcher(source, in: scope.entry, at: "/pattern"))
            return Self(matcher: Int32(compiler.program.patterns.count - 1))
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.Pattern, _ s: Int, _ node: Int) -> Bool {
        let index = keyword.matcher
        let outcome = withString(node) { buffers.matchPattern(Int(index), $0) }
        if outcome == .matched { return true }
        // Read only when reported (never in a quiet evaluation).
        var source: String { buffers.program.patterns[Int(index)].quotedSource }
        if outcome == .gaveUp {
            report(s, "pattern", .patternLimit, "the pattern \(source) gave up on this string (PCRE2 match limit, catastrophic backtracking), so it is refused\(shown(node))")
        } else {
            report(s, "pattern", .pattern, node, showing: "string does not match the pattern ", source)
        }
        return false
    }
}

extension ShapeCheckBuilder {
    /// A pattern that is one ASCII character class with a length is checked by the scan
    /// itself; any other runs the compiled PCRE2 pattern, shared with the evaluator.
    mutating func lower(_ keyword: Keywords.Pattern, into node: Int, depth: Int) -> Bool {
        let matcher = program.patterns[Int(keyword.matcher)]
        if let simple = ASCIIClassPattern(matcher.source) {
            nodes[node].classPattern = simple
        } else {
            patterns.append(matcher.compiled)
            nodes[node].pattern = patterns.count - 1
        }
        return true
    }
}
