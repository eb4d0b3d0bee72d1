/// Why the request guard refused a request: a stable code for scripts and tests, and a
/// sentence for people.
public struct GuardDenial: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable identifier of the rule that refused the request.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier text, in kebab case.
        public let rawValue: String
        /// Creates a code from its identifier text.
        /// - Parameter rawValue: the identifier, in kebab case.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier text.
        public var description: String { rawValue }
    }

    /// The rule that refused the request.
    public var code: Code
    /// What was wrong, for people; never contains header values.
    public var text: String

    /// Creates a denial.
    /// - Parameters:
    ///   - code: the stable identifier of the rule.
    ///   - text: the human explanation.
    package init(_ code: Code, _ text: String) {
        self.code = code
        self.text = text
    }

    /// `code: text`, the form the `sanitize guard` command prints after `deny: `.
    public var description: String { "\(code): \(text)" }
}

/// The request guard's answer for one request.
public enum GuardDecision: Hashable, Sendable, CustomStringConvertible {
    /// The request may be sent as it is.
    case allow
    /// The request must not be sent.
    case deny(reason: GuardDenial)

    /// Whether the decision is ``allow``.
    public var isAllowed: Bool { self == .allow }

    /// `allow`, or `deny: code: text`.
    public var description: String {
        switch self {
        case .allow: "allow"
        case .deny(let reason): "deny: \(reason)"
        }
    }
}

/// One HTTP header field as the caller holds it: a name and a value.
public struct HTTPHeaderField: Hashable, Sendable {
    /// The field name, as given (compared case-insensitively).
    public var name: String
    /// The field value, as given.
    public var value: String

    /// Creates a header field.
    /// - Parameters:
    ///   - name: the field name.
    ///   - value: the field value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The guard's answer when the caller asked for a cleaned copy of the headers.
public enum SanitizedRequest: Hashable, Sendable {
    /// The request may be sent with `headers`; `removed` lists the names of the
    /// credential-bearing fields that were taken out because the target is not allowlisted.
    case allow(headers: [HTTPHeaderField], removed: [String])
    /// The request must not be sent at all (transport, URL or header-safety rule).
    case deny(reason: GuardDenial)
}
