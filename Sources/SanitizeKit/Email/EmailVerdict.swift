/// The answer of ``EmailValidator``: valid, or invalid with the rule that failed.
public enum EmailVerdict: Hashable, Sendable, CustomStringConvertible {
    /// The address is valid in the validator's mode.
    case valid
    /// The address is invalid; the associated value names the rule it broke.
    case invalid(EmailRejection)

    /// True for ``valid``.
    public var isValid: Bool { self == .valid }

    /// The rule that failed, or nil when valid.
    package var rejection: EmailRejection? {
        if case .invalid(let rejection) = self { return rejection }
        return nil
    }

    /// `valid`, or `invalid: <rule>`.
    public var description: String {
        switch self {
        case .valid: "valid"
        case .invalid(let rejection): "invalid: \(rejection)"
        }
    }
}
