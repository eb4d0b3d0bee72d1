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
        /// The file involved, if any.
        package var file: String?
        /// A JSON Pointer or key path inside the file or document, if any.
        package var pointer: String?
        /// 1-based line number, if known.
        package var line: Int?
        /// 1-based column (in bytes), if known.
        package var column: Int?
        /// 0-based byte offset from the start of the input, if known.
        package var byteOffset: Int?

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

        /// The location as `file:line:column (byte N) at /pointer`, leaving out unknown parts.
        public var description: String {
            var parts: [String] = []
            var position = file ?? ""
            if let line {
                position += position.isEmpty ? "line \(line)" : ":\(line)"
                if let column { position += ":\(column)" }
            }
            if !position.isEmpty { parts.append(position) }
            if let byteOffset { parts.append("byte \(byteOffset)") }
            if let pointer { parts.append("at \(pointer.isEmpty ? "/" : pointer)") }
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

    /// `location: reason [code]`, on one line.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(reason) [\(code)]"
    }
}

extension SanitizeError.Code {
    /// Input bytes are not well-formed UTF-8.
    package static let invalidUTF8 = Self(rawValue: "invalid-utf8")
    /// Input contains a NUL byte where none is allowed.
    package static let nulByte = Self(rawValue: "nul-byte")
    /// Input is larger than a configured limit.
    package static let limitExceeded = Self(rawValue: "limit-exceeded")
    /// A file could not be read or written.
    package static let io = Self(rawValue: "io")
    /// A configuration value (option, rule file, policy) is unusable.
    package static let configuration = Self(rawValue: "configuration")
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

extension SanitizeError.Code {
    /// A failure that is a bug of this package, never of the input.
    package static let internalError = Self(rawValue: "internal")
}
