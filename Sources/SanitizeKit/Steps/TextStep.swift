/// One named text transformation, as the `x-sanitize` steps of a contract and the CLI name
/// them. Each step maps a `String` to a `String`; steps that can meet input they must refuse
/// (a NUL for SQL or shell) throw.
///
/// ```swift
/// let steps = try ["trim", "nfc", "strip-controls"].map { try TextStep(name: $0) }
/// let clean = try steps.reduce(raw) { try $1.apply(to: $0) }
/// try TextStep.truncateGraphemes(64).apply(to: clean)
/// ```
package enum TextStep: Sendable, Hashable {
    /// ``TextHygiene/trim(_:)``.
    case trim
    /// ``TextHygiene/nfc(_:)``.
    case nfc
    /// ``TextHygiene/nfkc(_:)``.
    case nfkc
    /// ``TextHygiene/stripControls(_:keepingTabAndLineBreaks:)`` (TAB, LF, CR removed too).
    case stripControls
    /// ``TextHygiene/stripBidiControls(_:)``.
    case stripBidi
    /// ``TextHygiene/stripZeroWidth(_:)``.
    case stripZeroWidth
    /// ``TextHygiene/truncate(_:maxGraphemes:)``.
    case truncateGraphemes(Int)
    /// ``TextHygiene/truncate(_:maxUTF8Bytes:)``.
    case truncateBytes(Int)
    /// ``SQL/strip(_:removing:)`` with the default set.
    case stripSQL
    /// ``Shell/strip(_:removing:)`` with the default set.
    case stripShell
    /// Encodes the value for a context.
    case encode(TextEncoding)

    /// The steps that take no parameter, by name: `trim`, `nfc`, `nfkc`, `strip-controls`,
    /// `strip-bidi`, `strip-zero-width`, `strip-sql`, `strip-shell`, and `encode-` + a
    /// ``TextEncoding`` name (`encode-url-query`, `encode-sql-literal-postgres`, …).
    /// Truncation steps take a number: use ``truncateGraphemes(_:)`` or ``truncateBytes(_:)``.
    /// - Parameter name: the step name.
    /// - Throws: ``SanitizeError`` `configuration` for an unknown name.
    package init(name: String) throws(SanitizeError) {
        switch name {
        case "trim": self = .trim
        case "nfc": self = .nfc
        case "nfkc": self = .nfkc
        case "strip-controls": self = .stripControls
        case "strip-bidi": self = .stripBidi
        case "strip-zero-width": self = .stripZeroWidth
        case "strip-sql": self = .stripSQL
        case "strip-shell": self = .stripShell
        default:
            if name.hasPrefix("encode-"), let encoding = TextEncoding(name: String(name.dropFirst(7))) {
                self = .encode(encoding)
            } else {
                throw SanitizeError(.configuration, "unknown text step '\(name)'")
            }
        }
    }

    /// Applies the step.
    /// - Parameter text: the value.
    /// - Returns: the transformed value.
    /// - Throws: ``SanitizeError`` from the SQL and shell steps (`nul-byte`,
    ///   `invalid-sql-identifier`).
    package func apply(to text: String) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            switch self {
            case .trim: return TextHygiene.trim(text)
            case .nfc: return TextHygiene.nfc(text)
            case .nfkc: return TextHygiene.nfkc(text)
            case .stripControls: return TextHygiene.stripControls(text)
            case .stripBidi: return TextHygiene.stripBidiControls(text)
            case .stripZeroWidth: return TextHygiene.stripZeroWidth(text)
            case .truncateGraphemes(let limit): return TextHygiene.truncate(text, maxGraphemes: limit)
            case .truncateBytes(let limit): return TextHygiene.truncate(text, maxUTF8Bytes: limit)
            case .stripSQL: return try SQL.strip(text)
            case .stripShell: return try Shell.strip(text)
            case .encode(let encoding): return try encoding.apply(to: text)
            }
        }
    }

    /// Whether ``apply(to:)`` is certain to return the value whose well-formed UTF-8 is
    /// `bytes` (and whose profile is `profile`) unchanged and without an error; `false` means
    /// "maybe not", and the caller applies the step. Lets a record filter skip building a
    /// `String` for the many values that every step leaves as they are.
    func leavesUnchanged(_ profile: TextProfile, utf8 bytes: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .trim:
            return profile.edgesAreNotWhitespace
        case .nfc:
            return profile.allNFCStable
        case .nfkc:
            return profile.allNFKCStable
        case .stripControls:
            return !profile.hasControl
        case .stripBidi:
            return !profile.hasBidiControl
        case .stripZeroWidth:
            return !profile.hasZeroWidth
        case .truncateGraphemes(let limit):
            return profile.scalarCount <= limit  // a grapheme holds at least one scalar
        case .truncateBytes(let limit):
            return profile.byteCount <= limit
        case .stripSQL:
            return SQL.defaultStripSet.leavesUnchanged(utf8: bytes, hasNonASCII: profile.hasNonASCII)
        case .stripShell:
            return Shell.defaultStripSet.leavesUnchanged(utf8: bytes, hasNonASCII: profile.hasNonASCII)
        case .encode:
            return false
        }
    }
}

/// An encoder for one context: SQL literal or identifier of a dialect, shell word, or a URL
/// percent-encoding context.
package enum TextEncoding: Sendable, Hashable {
    /// ``SQL/quoteLiteral(_:dialect:)``.
    case sqlLiteral(SQLDialect)
    /// ``SQL/quoteIdentifier(_:dialect:)``.
    case sqlIdentifier(SQLDialect)
    /// ``Shell/quote(_:)``.
    case shell
    /// ``Shell/quote(_:refusingOptions:)``, refusing a value that begins with `-`.
    case shellRefusingOptions
    /// ``PercentEncoding/encode(_:for:)``; for ``URLEncodingContext/pathSegment``,
    /// ``URLPath/encodeSegment(_:allowingEmpty:)``, which refuses `.`, `..` and the empty value.
    case url(URLEncodingContext)
    /// ``URLPath/encodePath(_:allowingEmptySegments:)``: a relative path, dot segments refused.
    case urlPath

    /// Reads an encoder name: `shell` or `shell-refuse-options`; `sql-literal` or
    /// `sql-identifier`, optionally followed by `-sqlite`, `-postgres` or `-mysql` (SQLite by
    /// default); `url-path`; or a ``URLEncodingContext`` name (`url-component`,
    /// `url-path-segment`, `url-query`, `url-form`, `url-userinfo`, `url-fragment`, `url-rfc3986`).
    /// - Parameter name: the name.
    package init?(name: String) {
        switch name {
        case "shell":
            self = .shell
            return
        case "shell-refuse-options":
            self = .shellRefusingOptions
            return
        case "url-path":
            self = .urlPath
            return
        default:
            break
        }
        if let context = URLEncodingContext(rawValue: name) {
            self = .url(context)
            return
        }
        for (prefix, make) in [
            ("sql-literal", TextEncoding.sqlLiteral), ("sql-identifier", TextEncoding.sqlIdentifier),
        ] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.isEmpty {
                self = make(.sqlite)
                return
            }
            guard rest.hasPrefix("-"), let dialect = SQLDialect(name: String(rest.dropFirst())) else {
                return nil
            }
            self = make(dialect)
            return
        }
        return nil
    }

    /// Encodes `text`.
    /// - Parameter text: the value.
    /// - Returns: the encoded value.
    /// - Throws: ``SanitizeError`` `nul-byte` (SQL, shell), `invalid-sql-identifier`,
    ///   `option-like-argument`, `dot-segment` or `empty-path-segment`.
    package func apply(to text: String) throws(SanitizeError) -> String {
        try SanitizeError.typed {
            switch self {
            case .sqlLiteral(let dialect): return try SQL.quoteLiteral(text, dialect: dialect)
            case .sqlIdentifier(let dialect): return try SQL.quoteIdentifier(text, dialect: dialect)
            case .shell: return try Shell.quote(text)
            case .shellRefusingOptions: return try Shell.quote(text, refusingOptions: true)
            case .url(.pathSegment): return try URLPath.encodeSegment(text)
            case .url(let context): return PercentEncoding.encode(text, for: context)
            case .urlPath: return try URLPath.encodePath(text)
            }
        }
    }
}
