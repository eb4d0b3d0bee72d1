/// The namespace of the compiled keywords: one type per keyword (or per family of keywords
/// that share one rule, such as the four numeric limits), each in its own file with
/// everything the contract does with it. ``Check`` lists them.
enum Keywords {}

/// One schema object while its keywords compile: its members, dialect and place, for the
/// `compile` step of each keyword in ``Keywords``.
struct KeywordScope {
    let entry: SchemaEntry
    let keywords: KeywordTable

    var draft: Draft { entry.draft }

    /// The value of the member named `keyword`, or `nil`.
    subscript(keyword: String) -> JSONValue? { keywords[keyword] }
}

extension ContractCompiler {
    /// A bad value for `keyword`, located at the keyword's pointer in the schema being compiled.
    func invalid(_ keyword: String, _ reason: String, in scope: KeywordScope) -> SanitizeError {
        compileError(.contractInvalid, "\(keyword): \(reason)", in: scope.entry, at: "/" + keyword)
    }

    /// A count keyword's value (`minLength`, `maxItems`, …): a non-negative integer, clamped to `Int`.
    func count(_ keyword: String, in scope: KeywordScope) throws(SanitizeError) -> Int? {
        guard let value = scope[keyword] else { return nil }
        guard case .number(let text) = value, let decimal = JSONDecimal(text), decimal.isInteger, !decimal.negative,
            let result = decimal.int64
        else { throw invalid(keyword, "must be a non-negative integer", in: scope) }
        return Int(clamping: result)
    }

    /// A numeric keyword's value, prepared for comparison.
    func boundValue(_ keyword: String, in scope: KeywordScope) throws(SanitizeError) -> NumberBound? {
        guard let value = scope[keyword] else { return nil }
        guard case .number(let text) = value, let result = NumberBound(text) else { throw invalid(keyword, "must be a number", in: scope) }
        return result
    }

    /// A numeric keyword's value, added to ``ContractProgram/bounds``.
    /// - Returns: its index there.
    mutating func bound(_ keyword: String, in scope: KeywordScope) throws(SanitizeError) -> Int32? {
        guard let result = try boundValue(keyword, in: scope) else { return nil }
        program.bounds.append(result)
        return Int32(program.bounds.count - 1)
    }

    /// An array of member names (`required`, the array form of `dependencies`).
    func keys(_ value: JSONValue, _ keyword: String, in scope: KeywordScope) throws(SanitizeError) -> [PropertyKey] {
        guard case .array(let items) = value else { throw invalid(keyword, "must be an array of strings", in: scope) }
        var result: [PropertyKey] = []
        for item in items {
            guard case .string(let name) = item else { throw invalid(keyword, "must be an array of strings", in: scope) }
            result.append(PropertyKey(name))
        }
        return result
    }

    /// Compiles the subschema `value` of `keyword` (at `token` below it, for a map or an array).
    /// - Returns: its index in ``ContractProgram/schemas``.
    mutating func subschema(_ keyword: String, _ token: String?, _ value: JSONValue, in scope: KeywordScope) throws(SanitizeError) -> Int32 {
        Int32(try compile(child(scope.entry, keyword, token, value)))
    }

    /// Compiles a non-empty array of subschemas (`allOf`, `anyOf`, `oneOf`) into ``ContractProgram/lists``.
    mutating func schemaList(_ keyword: String, in scope: KeywordScope) throws(SanitizeError) -> PoolRange? {
        guard let value = scope[keyword] else { return nil }
        guard case .array(let items) = value, !items.isEmpty else { throw invalid(keyword, "must be a non-empty array of schemas", in: scope) }
        var result: [Int] = []
        for (index, item) in items.enumerated() { result.append(Int(try subschema(keyword, String(index), item, in: scope))) }
        return program.list(result)
    }

    /// Parses a `const`/`enum` value once into its own document in ``ContractProgram/constants``.
    mutating func constant(_ value: JSONValue) throws(SanitizeError) -> Int32 {
        program.constants.append(try JSONDocument(parsing: value.serialized(), limits: JSONLimits(duplicateKeys: .allow)))
        return Int32(program.constants.count - 1)
    }
}
