/// The judgement on one file: its detected format, what kind of verdict, and why.
///
/// A verdict is a returned value, never thrown: a truncated upload is an ordinary result.
public struct FileVerdict: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of verdict. The raw value is what `sanitize check image` prints.
    public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The bytes are a complete, well-formed file of the detected format, and nothing follows it.
        case valid
        /// The bytes end before the format's structure does.
        case truncated
        /// A complete file is followed by more bytes (a polyglot, an appended archive, junk).
        case trailingData = "trailing-data"
        /// The structure is inconsistent: a bad marker, length, checksum or field; or no known
        /// signature at all.
        case corrupt
        /// A declared type (media type or extension) disagrees with the bytes.
        case mismatch
        /// The input is longer than the caller's bound and its end was never reached, so it
        /// was not judged past the bound.
        case tooLarge = "too-large"

        /// The verdict's name, as printed by the command line tool.
        public var description: String { rawValue }
    }

    /// The format recognized from the bytes (``FileFormat/unknown`` when none).
    public var format: FileFormat
    /// The kind of verdict.
    public var kind: Kind
    /// Why the verdict is not ``Kind/valid``: which marker, chunk or field, in words; `nil` when valid.
    public var reason: String?
    /// The byte offset where the problem was found (for ``Kind/trailingData``: where the
    /// trailing bytes start); `nil` when valid or when no single offset applies.
    public var offset: Int?

    /// Creates a verdict.
    /// - Parameters:
    ///   - format: the detected format.
    ///   - kind: the kind of verdict.
    ///   - reason: the explanation, for anything but ``Kind/valid``.
    ///   - offset: the byte offset of the problem, if one applies.
    package init(format: FileFormat, kind: Kind, reason: String? = nil, offset: Int? = nil) {
        self.format = format
        self.kind = kind
        self.reason = reason
        self.offset = offset
    }

    /// Whether the file passed every check.
    public var isValid: Bool { kind == .valid }

    /// `format kind` followed, when there is one, by `at byte N: reason`.
    public var description: String {
        var text = "\(format) \(kind)"
        if let offset { text += " at byte \(offset)" }
        if let reason { text += ": \(reason)" }
        return text
    }
}
