/// One `x-sanitize` step: a transformation applied to a string value before validation.
///
/// Steps are written in a contract as a JSON array, applied in order:
///
/// ```json
/// "x-sanitize": ["trim", "nfc", "strip-controls", "strip-bidi", "strip-zero-width",
///                {"truncate": {"graphemes": 64}}, {"truncate": {"bytes": 256}},
///                {"strip": "sql"}, {"strip": "shell"}, "lowercase-domain",
///                {"encode": "url-query"}]
/// ```
///
/// The text steps are ``TextStep``s; `lowercase-domain` lowercases the part of an email
/// address after its last `@` (domains are case-insensitive, local parts are not,
/// RFC 5321 §2.4).
package enum SanitizeStep: Sendable, Hashable {
    /// A text transformation.
    case text(TextStep)
    /// Lowercases the domain of an email address, leaving the local part as it is.
    case lowercaseDomain

    /// Reads one step from its JSON form.
    /// - Parameter value: a step name string, or a one-member object such as
    ///   `{"truncate": {"graphemes": 64}}`, `{"strip": "sql"}` or `{"encode": "url-query"}`.
    /// - Throws: ``SanitizeError`` `configuration`, saying what was expected.
    package init(_ value: JSONValue) throws(SanitizeError) {
        switch value {
        case .string("lowercase-domain"):
            self = .lowercaseDomain
        case .string(let name):
            self = .text(try TextStep(name: name))
        case .object(let members) where members.count == 1:
            self = .text(try Self.parameterized(members[0].key, members[0].value))
        default:
            throw SanitizeError(
                .configuration,
                "an x-sanitize step is a name or a one-member object, not \(value.jsonText)")
        }
    }

    /// Reads a whole `x-sanitize` list.
    /// - Parameter value: a JSON array of steps (a single step is accepted too).
    /// - Returns: the steps in order.
    /// - Throws: ``SanitizeError`` `configuration` naming the index of a bad step.
    package static func list(_ value: JSONValue) throws(SanitizeError) -> [SanitizeStep] {
        try SanitizeError.typed {
            guard case .array(let items) = value else { return [try SanitizeStep(value)] }
            return try items.enumerated().map { index, item in
                do {
                    return try SanitizeStep(item)
                } catch let error as SanitizeError {
                    throw SanitizeError(error.code, "x-sanitize step \(index): \(error.reason)")
                }
            }
        }
    }

    /// Applies the step to one string value.
    /// - Parameter text: the value.
    /// - Returns: the transformed value.
    /// - Throws: ``SanitizeError`` from steps that refuse input (a NUL for SQL or shell).
    package func apply(to text: String) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            switch self {
            case .text(let step): return try step.apply(to: text)
            case .lowercaseDomain: return Self.lowercasingDomain(of: text)
            }
        }
    }

    /// Whether ``apply(to:)`` is certain to return the value unchanged and without an error
    /// (see ``TextStep``'s test of the same name); `false` means "maybe not".
    func leavesUnchanged(_ profile: TextProfile, utf8 bytes: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .text(let step):
            return step.leavesUnchanged(profile, utf8: bytes)
        case .lowercaseDomain:
            guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return true }
            return !bytes[(at + 1)...].contains { (0x41...0x5A).contains($0) || $0 >= 0x80 }
        }
    }

    private static func parameterized(_ name: String, _ argument: JSONValue) throws(SanitizeError) -> TextStep {
        switch (name, argument) {
        case ("truncate", .object(let limits)) where limits.count == 1:
            guard case .number(let text) = limits[0].value, let limit = Int(text), limit >= 0 else {
                throw SanitizeError(.configuration, "truncate takes a whole number ≥ 0, not \(limits[0].value.jsonText)")
            }
            switch limits[0].key {
            case "graphemes": return .truncateGraphemes(limit)
            case "bytes": return .truncateBytes(limit)
            default:
                throw SanitizeError(.configuration, "truncate takes \"graphemes\" or \"bytes\", not \"\(limits[0].key)\"")
            }
        case ("strip", .string(let what)) where what == "sql" || what == "shell":
            return what == "sql" ? .stripSQL : .stripShell
        case ("encode", .string(let context)):
            guard let encoding = TextEncoding(name: context) else {
                throw SanitizeError(.configuration, "unknown encode context \"\(context)\"")
            }
            return .encode(encoding)
        default:
            throw SanitizeError(
                .configuration,
                "unknown x-sanitize step {\"\(name)\": \(argument.jsonText)}; expected truncate, strip or encode")
        }
    }

    private static func lowercasingDomain(of address: String) -> String {
        let utf8 = address.utf8
        guard let at = utf8.lastIndex(of: UInt8(ascii: "@")) else { return address }
        let domain = utf8[utf8.index(after: at)...]
        // Already lowercase ASCII (the common case): nothing to build.
        guard domain.contains(where: { (0x41...0x5A).contains($0) || $0 >= 0x80 }) else { return address }
        return String(address[...at]) + String(Substring(domain)).lowercased()
    }
}
