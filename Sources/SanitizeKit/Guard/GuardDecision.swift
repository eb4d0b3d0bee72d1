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
///
/// An `allow` carries the URL in the form the guard judged it (``canonicalURL``): send that
/// text, not the one you checked. A host such as `straẞe.example` is mapped by UTS #46, and
/// clients map with different Unicode versions (`strasse.example` under 15.0,
/// `xn--strae-oqa.example` since 15.1); the canonical URL holds the host already mapped, as
/// ASCII, so every client reaches the host the verdict was about.
///
/// ```swift
/// switch requestGuard.check(url: text, headers: fields) {
/// case .allow(let canonicalURL): send(to: canonicalURL)
/// case .deny(let reason): log(reason)
/// }
/// ```
public enum GuardDecision: Hashable, Sendable, CustomStringConvertible {
    /// The request may be sent, to `canonicalURL`: the checked URL with its scheme in lowercase,
    /// its host as the guard's canonical host (IDNs as `xn--` A-labels after UTS #46 mapping,
    /// IP addresses in canonical text, no trailing dot), its port left out when it is the
    /// scheme's default, and its userinfo, path, query and fragment as written (the guard
    /// accepts only ASCII there). A request to it goes where the guard's verdict applies,
    /// whatever host mapping the client itself would apply to the original text.
    case allow(canonicalURL: String)
    /// The request must not be sent.
    case deny(reason: GuardDenial)

    /// Whether the decision is ``allow(canonicalURL:)``.
    public var isAllowed: Bool {
        if case .allow = self { return true }
        return false
    }

    /// The URL to send the request to when it is allowed (see ``allow(canonicalURL:)``);
    /// `nil` for a denial.
    public var canonicalURL: String? {
        if case .allow(let url) = self { return url }
        return nil
    }

    /// `allow`, or `deny: code: text` (the canonical URL is not part of it).
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
