/// The one error type the package throws.
///
/// A thrown `SanitizeError` means misuse or broken configuration: a schema that does not
/// compile, an unreadable rules file, a NUL byte handed to a SQL quoting function. Ordinary
/// failed checks (an invalid record, a rejected email address) are returned as values, never
/// thrown.
///
/// `code` is a stable identifier that scripts and tests can match; `reason` is the human
/// explanation; `location` says where the problem is, when that is known.
public struct SanitizeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable error identifier such as `invalid-utf8`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier text, in kebab case.
        public let rawValue: String

        /// Creates a code from its identifier text.
        /// - Parameter rawValue: the identifier, in kebab case.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The identifier text.
        public var description: String { rawValue }
    }

    /// Where in the input or configuration the problem was found.
    public struct Location: Hashable, Sendable, CustomStringConvertible {
        /// The file involved, if any, as the caller named it.
        public package(set) var file: String?
        /// A JSON Pointer (RFC 6901) inside the file or document, if any; `""` is the root.
        public package(set) var pointer: String?
        /// 1-based line number, if known.
        public package(set) var line: Int?
        /// 1-based column (in bytes), if known.
        public package(set) var column: Int?
        /// 0-based byte offset from the start of the input, if known.
        public package(set) var byteOffset: Int?

        /// Creates a location; every part is optional.
        package init(
            file: String? = nil, pointer: String? = nil, line: Int? = nil,
            column: Int? = nil, byteOffset: Int? = nil
        ) {
            self.file = file
            self.pointer = pointer
            self.line = line
            self.column = column
            self.byteOffset = byteOffset
        }

        /// The location as the command's messages give it, leaving out unknown parts:
        /// `file:line:column byte N at /pointer` (`line N` when there is no file), with the
        /// pointer spelled as RFC 6901 does: the root is `""` (a bare `/` is the pointer of a
        /// member named "").
        ///
        /// ```swift
        /// "\(error.location!)"   // schema.json byte 12 at /properties/id/minimum
        /// ```
        public var description: String {
            var parts: [String] = []
            var position = file ?? ""
            if let line {
                position += position.isEmpty ? "line \(line)" : ":\(line)"
                if let column { position += ":\(column)" }
            }
            if !position.isEmpty { parts.append(position) }
            if let byteOffset { parts.append("byte \(byteOffset)") }
            if let pointer { parts.append("at \(pointer.isEmpty ? "\"\"" : pointer)") }
            return parts.joined(separator: " ")
        }
    }

    /// The stable identifier of the problem.
    public var code: Code
    /// What was wrong, for people.
    public var reason: String
    /// Where it was wrong, when known.
    public var location: Location?

    /// Creates an error.
    /// - Parameters:
    ///   - code: the stable identifier.
    ///   - reason: the human explanation.
    ///   - location: where the problem is, if known.
    package init(_ code: Code, _ reason: String, at location: Location? = nil) {
        self.code = code
        self.reason = reason
        self.location = location
    }

    /// `location: reason [code]`, on one line, as `sanitize` prints it after `sanitize: `
    /// (`schema.json at /properties/id/minimum: minimum must be a number [contract-invalid]`);
    /// without a location, `reason [code]`.
    public var description: String {
        let place = location.map(\.description).flatMap { $0.isEmpty ? nil : $0 + ": " } ?? ""
        return "\(place)\(reason) [\(code)]"
    }
}

extension SanitizeError {
    /// Runs `body` and rethrows its error as the typed ``SanitizeError`` it is, so a public
    /// function can promise `throws(SanitizeError)` while calling helpers (closures over
    /// `rethrows` APIs) whose throws are untyped. Such a helper throws only `SanitizeError`;
    /// anything else would be a bug, reported as code `internal` rather than lost.
    package static func typed<R>(_ body: () throws -> R) throws(SanitizeError) -> R {
        do {
            return try body()
        } catch let error as SanitizeError {
            throw error
        } catch {
            throw SanitizeError(.internalError, "unexpected error: \(error)")
        }
    }
}
