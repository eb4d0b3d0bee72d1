/// The outcome of validating one instance: a verdict and the reasons.
public struct ValidationResult: Sendable, Hashable {
    /// Whether the instance satisfies the contract.
    public var isValid: Bool
    /// Why not (empty when valid). With ``Contract/Options/stopAtFirstError`` at most one.
    public var violations: [Violation]

    /// Creates a result.
    /// - Parameters:
    ///   - isValid: the verdict.
    ///   - violations: the reasons.
    package init(isValid: Bool, violations: [Violation]) {
        self.isValid = isValid
        self.violations = violations
    }

    /// The result in the JSON Schema "basic" output format (2020-12 core §12.4.2):
    /// `{"valid":false,"errors":[{"keywordLocation":…,"absoluteKeywordLocation":…,"instanceLocation":…,"error":…}]}`,
    /// plus our stable `code` in each error.
    public var basicOutput: JSONValue {
        var members = [JSONValue.Member("valid", .bool(isValid))]
        if !isValid {
            members.append(
                JSONValue.Member(
                    "errors",
                    .array(
                        violations.map { violation in
                            .object([
                                JSONValue.Member("keywordLocation", .string(violation.keywordLocation)),
                                JSONValue.Member("absoluteKeywordLocation", .string(violation.absoluteKeywordLocation)),
                                JSONValue.Member("instanceLocation", .string(violation.instanceLocation)),
                                JSONValue.Member("code", .string(violation.code.rawValue)),
                                JSONValue.Member("error", .string(violation.message)),
                            ])
                        })))
        }
        return .object(members)
    }
}
