/// One of the encoders of `sanitize encode`, writing each value straight into an output buffer.
///
/// The public API (``SQL``, ``Shell``, ``PercentEncoding``) returns or appends to arrays; a
/// line filter that encodes millions of short lines goes faster when each value is validated
/// and encoded directly into the bytes that go to `write(2)` (see
/// ``OutputWriter/append(reservingCapacity:_:)``). The output is the same, byte for byte, as
/// the public API's.
package enum StreamEncoder: Sendable {
    /// A string literal of a SQL dialect.
    case sqlLiteral(SQLDialect)
    /// An identifier of a SQL dialect (also checked against the dialect's identifier rules).
    case sqlIdentifier(SQLDialect)
    /// One POSIX shell word in single quotes.
    case shell
    /// One POSIX shell word in single quotes, refusing a value that begins with `-`
    /// (``Shell/quote(_:refusingOptions:)``).
    case shellRefusingOptions
    /// One URL path segment, refusing dot segments (``URLPath/encodeSegment(_:allowingEmpty:)``).
    case urlPathSegment(allowingEmpty: Bool)
    /// A relative URL path, refusing dot segments (``URLPath/encodePath(_:allowingEmptySegments:)``).
    case urlPath(allowingEmpty: Bool)
    /// Percent-encoding with a set.
    case percent(PercentEncodeSet)

    /// The prepared form: the loop to run and what it may write.
    package struct Prepared: Sendable {
        fileprivate enum Loop: Sendable {
            case quote(ByteQuoter, nulReason: String, identifierDialect: SQLDialect?)
            case percent(PercentEncoder)
        }
        /// What an encoded value must also pass.
        fileprivate enum Check: Sendable {
            case none, notOption
            case segment(allowingEmpty: Bool)
            case path(allowingEmpty: Bool)
        }
        fileprivate let loop: Loop
        fileprivate var check: Check = .none

        /// The most bytes the encoding of `count` input bytes can take.
        package func maxOutputCount(_ count: Int) -> Int {
            switch loop {
            case .quote(let quoter, _, _): return quoter.maxQuotedCount(count)
            case .percent(let encoder): return encoder.maxEncodedCount(count)
            }
        }

        /// Checks that `bytes` are well-formed UTF-8 (and, for an identifier, acceptable to the
        /// dialect), writes their encoding to `out` (room for ``maxOutputCount(_:)`` bytes) and
        /// returns how many bytes it wrote.
        /// - Throws: ``SanitizeError`` `invalid-utf8`, `nul-byte` or `invalid-sql-identifier`,
        ///   with the byte offset, as the public API does.
        package func write(_ bytes: UnsafeRawBufferPointer, to out: UnsafeMutablePointer<UInt8>) throws -> Int {
            // The loops look at every byte anyway and say whether any is non-ASCII; only then
            // is there UTF-8 to validate. Invalid UTF-8 is reported before anything else, as
            // the public API does.
            var nonASCII = true
            let written: Int
            do {
                switch loop {
                case .quote(let quoter, let nulReason, let identifierDialect):
                    if let identifierDialect {
                        try UTF8Validation.validate(bytes)
                        try SQLIdentifierRules.check(bytes, dialect: identifierDialect)
                    }
                    written = try quoter.write(quoting: bytes, to: out, nulReason: nulReason, nonASCII: &nonASCII)
                case .percent(let encoder):
                    written = encoder.write(encoding: bytes, to: out, nonASCII: &nonASCII)
                }
            } catch {
                try UTF8Validation.validate(bytes)
                throw error
            }
            if nonASCII { try UTF8Validation.validate(bytes) }
            switch check {
            case .none: break
            case .notOption: try ShellQuoter.checkNotOption(bytes.first)
            case .segment(let allowingEmpty):
                try URLPath.checkSegment(UnsafeRawBufferPointer(start: out, count: written), at: 0, allowingEmpty: allowingEmpty)
            case .path(let allowingEmpty):
                try URLPath.checkPath(UnsafeRawBufferPointer(start: out, count: written), allowingEmpty: allowingEmpty)
            }
            return written
        }
    }

    /// The tables and loop for this encoder, looked up once.
    package var prepared: Prepared {
        switch self {
        case .sqlLiteral(let dialect):
            let quoter = dialect == .mysql ? SQLQuoter.mysqlLiteral : SQLQuoter.doubling
            return Prepared(loop: .quote(quoter, nulReason: SQLQuoter.nulReason, identifierDialect: nil))
        case .sqlIdentifier(let dialect):
            let quoter = dialect == .mysql ? SQLQuoter.backtickIdentifier : SQLQuoter.doubleQuotedIdentifier
            return Prepared(loop: .quote(quoter, nulReason: SQLQuoter.nulReason, identifierDialect: dialect))
        case .shell:
            return Prepared(loop: .quote(ShellQuoter.quoter, nulReason: ShellQuoter.nulReason, identifierDialect: nil))
        case .percent(let set):
            return Prepared(loop: .percent(PercentEncoder.cached(for: set)))
        case .shellRefusingOptions:
            return Prepared(
                loop: .quote(ShellQuoter.quoter, nulReason: ShellQuoter.nulReason, identifierDialect: nil), check: .notOption)
        case .urlPathSegment(let allowingEmpty):
            return Prepared(loop: .percent(PercentEncoder.cached(for: URLPath.segmentSet)), check: .segment(allowingEmpty: allowingEmpty))
        case .urlPath(let allowingEmpty):
            return Prepared(loop: .percent(PercentEncoder.cached(for: URLPath.pathSet)), check: .path(allowingEmpty: allowingEmpty))
        }
    }
}
