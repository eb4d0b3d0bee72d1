public import Foundation

extension RecordFilter {
    /// Sanitizes a payload with the contract's `x-sanitize` steps, validates the sanitized
    /// value, then decodes it: what `sanitize filter` does to a record, ending in a Swift value.
    ///
    /// ```swift
    /// let filter = try RecordFilter(contractAt: URL(fileURLWithPath: "user.schema.json"))
    /// let user = try filter.decode(User.self, from: responseBody)   // trimmed, NFC, valid
    /// ```
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: one JSON document, e.g. a response body.
    ///   - decoder: the decoder to use after sanitizing and validating.
    /// - Returns: the decoded value, built from the sanitized JSON.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/contractViolation`` (its reason
    ///   lists the violations, its location points at the first one) when the sanitized payload
    ///   is invalid, ``SanitizeError/Code/decodingFailed`` when it does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, decoder: JSONDecoder = JSONDecoder())
        throws(SanitizeError) -> T
    {
        let outcome = process([UInt8](data))
        guard let sanitized = outcome.sanitizedData, outcome.isValid else {
            let summary = outcome.violations.prefix(5).map(\.description).joined(separator: "; ")
            throw SanitizeError(
                .contractViolation, "payload violates the contract: \(summary)",
                at: .init(pointer: outcome.violations.first?.instanceLocation))
        }
        return try Contract.decoding(type, from: sanitized, decoder: decoder)
    }
}

extension RecordFilter.Outcome {
    /// The sanitized record as text (it is UTF-8 JSON); `nil` when the record could not be parsed.
    public var sanitizedText: String? { sanitized.map { String(decoding: $0, as: UTF8.self) } }

    /// The sanitized record as `Data`, ready for `JSONDecoder` or a request body; `nil` when the
    /// record could not be parsed.
    package var sanitizedData: Data? { sanitized.map { Data($0) } }
}
