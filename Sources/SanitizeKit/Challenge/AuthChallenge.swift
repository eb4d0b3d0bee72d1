/// One challenge of a `WWW-Authenticate` or `Proxy-Authenticate` field (RFC 9110 §11.3):
/// a scheme and either a `token68` or a list of parameters.
public struct AuthChallenge: Hashable, Sendable, CustomStringConvertible {
    /// One auth-param: the name lowercased (names are case-insensitive, RFC 9110 §11.2), the
    /// value unquoted.
    package struct Parameter: Hashable, Sendable {
        /// The parameter name, lowercased.
        package var name: String
        /// The value, with a quoted-string's quotes and escapes removed.
        package var value: String

        /// Creates a parameter.
        /// - Parameters:
        ///   - name: the name (stored lowercased).
        ///   - value: the value.
        package init(name: String, value: String) {
            self.name = name.lowercased()
            self.value = value
        }
    }

    /// The scheme as sent (`Basic`, `Bearer`, …); compare with ``schemeKey``.
    package var scheme: String
    /// The `token68` form's data, if the challenge uses it.
    package var token68: String?
    /// The parameters, in order; names are unique within a challenge.
    package var parameters: [Parameter]

    /// Creates a challenge.
    /// - Parameters:
    ///   - scheme: the auth-scheme token.
    ///   - token68: the token68 data, if any.
    ///   - parameters: the auth-params.
    package init(scheme: String, token68: String? = nil, parameters: [Parameter] = []) {
        self.scheme = scheme
        self.token68 = token68
        self.parameters = parameters
    }

    /// The scheme lowercased, for comparisons (`basic`, `bearer`, `digest`).
    package var schemeKey: String { scheme.lowercased() }

    /// The value of parameter `name` (case-insensitive), if present.
    /// - Parameter name: the parameter name.
    /// - Returns: the unquoted value.
    package subscript(_ name: String) -> String? {
        let key = name.lowercased()
        return parameters.first { $0.name == key }?.value
    }

    /// The protection space's name (`realm`, RFC 9110 §11.5).
    package var realm: String? { self["realm"] }
    /// Basic's `charset` (RFC 7617 §2.1: only `UTF-8` is allowed).
    package var charset: String? { self["charset"] }
    /// Bearer's `error` (RFC 6750 §3: `invalid_request`, `invalid_token`, `insufficient_scope`).
    package var error: String? { self["error"] }
    /// Bearer's `error_description` (RFC 6750 §3).
    package var errorDescription: String? { self["error_description"] }
    /// Bearer's `scope` (RFC 6750 §3).
    package var scope: String? { self["scope"] }

    /// The challenge serialized canonically: `Scheme token68`, or `Scheme a="b", c="d"` with
    /// every value as a quoted-string (RFC 9110 §5.6.4 escapes for `"` and `\`).
    public var description: String {
        if let token68 { return "\(scheme) \(token68)" }
        if parameters.isEmpty { return scheme }
        let list = parameters.map { "\($0.name)=\(Self.quote($0.value))" }
        return "\(scheme) " + list.joined(separator: ", ")
    }

    /// `text` as an RFC 9110 §5.6.4 quoted-string (`"` and `\` escaped). Works on Unicode
    /// scalars, as the parser reads bytes: a `\` followed by a combining mark is one Swift
    /// `Character` but still a backslash to escape.
    /// - Parameter text: the value.
    /// - Returns: the quoted form.
    package static func quote(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { quoted.append("\\") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }
}
