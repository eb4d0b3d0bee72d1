extension Keywords {
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: a number compared with a
    /// bound. One rule for the four; draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`
    /// (§5.1.2–5.1.3) compile to the exclusive forms of `minimum`/`maximum`.
    struct NumberLimit: Sendable {
        enum Comparison: UInt8, Sendable {
            case minimum, maximum, exclusiveMinimum, exclusiveMaximum

            /// The keyword a violation names.
            var keyword: String {
                switch self {
                case .minimum: return "minimum"
                case .maximum: return "maximum"
                case .exclusiveMinimum: return "exclusiveMinimum"
                case .exclusiveMaximum: return "exclusiveMaximum"
                }
            }
        }

        let comparison: Comparison
        /// Index into ``ContractProgram/bounds``.
        let bound: Int32

        /// The limits of one schema, in evaluation order.
        static func compile(in scope: KeywordScope, _ compiler: inout ContractCompiler) throws(SanitizeError) -> [Self] {
            var limits: [Self] = []
            if scope.draft.hasDraft6Keywords {
                for comparison in [Comparison.minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum] {
                    if let bound = try compiler.bound(comparison.keyword, in: scope) { limits.append(Self(comparison: comparison, bound: bound)) }
                }
                return limits
            }
            func exclusive(_ keyword: String) throws(SanitizeError) -> Bool {
                switch scope[keyword] {
                case nil: return false
                case .bool(let flag)?: return flag
                default: throw compiler.invalid(keyword, "must be a boolean in draft-04 (it modifies minimum/maximum)", in: scope)
                }
            }
            let exclusiveMinimum = try exclusive("exclusiveMinimum")
            let exclusiveMaximum = try exclusive("exclusiveMaximum")
            if let bound = try compiler.bound("minimum", in: scope) {
                limits.append(Self(comparison: exclusiveMinimum ? .exclusiveMinimum : .minimum, bound: bound))
            }
            if let bound = try compiler.bound("maximum", in: scope) {
                limits.append(Self(comparison: exclusiveMaximum ? .exclusiveMaximum : .maximum, bound: bound))
            }
            return limits
        }
    }
}

extension Evaluator {
    mutating func evaluate(_ keyword: Keywords.NumberLimit, _ s: Int, _ node: Int) -> Bool {
        let order = compare(node, keyword.bound)
        switch keyword.comparison {
        case .minimum: if order >= 0 { return true }
        case .maximum: if order <= 0 { return true }
        case .exclusiveMinimum: if order > 0 { return true }
        case .exclusiveMaximum: if order < 0 { return true }
        }
        reportLimit(keyword, s, node)
        return false
    }

    /// Reports a failed limit; out of line, so the message's temporaries stay out of the hot frame.
    @inline(never)
    func reportLimit(_ keyword: Keywords.NumberLimit, _ s: Int, _ node: Int) {
        let text = buffers.program.bounds[Int(keyword.bound)].text
        switch keyword.comparison {
        case .minimum: report(s, "minimum", .minimum, "number is less than the minimum \(text)\(shown(node))")
        case .maximum: report(s, "maximum", .maximum, "number is greater than the maximum \(text)\(shown(node))")
        case .exclusiveMinimum: report(s, "exclusiveMinimum", .exclusiveMinimum, "number must be greater than \(text)\(shown(node))")
        case .exclusiveMaximum: report(s, "exclusiveMaximum", .exclusiveMaximum, "number must be less than \(text)\(shown(node))")
        }
    }

    /// Compares the number at `node` with a bound: -1, 0 or 1.
    @inline(__always)
    func compare(_ node: Int, _ boundIndex: Int32) -> Int {
        let fast = fastBounds[Int(boundIndex)]
        if let limit = fast.int, let small = smallInteger(node) {
            return small < limit ? -1 : (small == limit ? 0 : 1)
        }
        if let limit = fast.double, let value = exactDouble(node) {
            return value < limit ? -1 : (value == limit ? 0 : 1)
        }
        return Self.compareDecimal(rawText(node), buffers.program.bounds[Int(boundIndex)].decimal)
    }

    /// Compares a number's text with a bound exactly, as decimals: out of line and static, so
    /// that the fast paths of ``compare(_:_:)`` keep small frames and copy nothing.
    @inline(never)
    static func compareDecimal(_ text: UnsafeRawBufferPointer, _ bound: JSONDecimal) -> Int {
        guard let value = JSONDecimal(text: text) else { return 0 }
        return JSONDecimal.compare(value, bound)
    }
}

extension ShapeCheckBuilder {
    /// Integer bounds only (at most 18 digits, so `± 1` cannot overflow): the scan compares
    /// integers; any other bound leaves the schema to the general path.
    mutating func lower(_ keyword: Keywords.NumberLimit, into node: Int, depth: Int) -> Bool {
        guard let n = program.bounds[Int(keyword.bound)].int, n.magnitude < 1_000_000_000_000_000_000 else { return false }
        switch keyword.comparison {
        case .minimum: nodes[node].minimum = max(nodes[node].minimum, n)
        case .exclusiveMinimum: nodes[node].minimum = max(nodes[node].minimum, n + 1)
        case .maximum: nodes[node].maximum = min(nodes[node].maximum, n)
        case .exclusiveMaximum: nodes[node].maximum = min(nodes[node].maximum, n - 1)
        }
        return true
    }
}
