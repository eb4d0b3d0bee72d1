public import Foundation

extension Contract {
    /// Validates JSON bytes against the contract, then decodes them.
    ///
    /// ```swift
    /// struct User: Decodable { let id: Int; let name: String }
    /// let user = try contract.decode(User.self, from: responseBody)
    /// ```
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: the JSON payload, e.g. a response body.
    ///   - decoder: the decoder to use after validation.
    /// - Returns: the decoded value.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/contractViolation`` (its reason
    ///   lists the violations, its location points at the first one) when the payload is
    ///   invalid; ``SanitizeError/Code/decodingFailed`` (with the coding path) when the valid
    ///   payload does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, decoder: JSONDecoder = JSONDecoder())
        throws(SanitizeError) -> T
    {
        try check(validate(data))
        return try Self.decoding(type, from: data, decoder: decoder)
    }

    /// `decoder.decode(type, from: data)`, its error as a ``SanitizeError``.
    package static func decoding<T: Decodable>(_ type: T.Type, from data: Data, decoder: JSONDecoder)
        throws(SanitizeError) -> T
    {
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            let (path, what): ([any CodingKey], String) =
                switch error {
                case .typeMismatch(_, let context): (context.codingPath, "a value of another type: \(context.debugDescription)")
                case .valueNotFound(_, let context): (context.codingPath, "a missing value: \(context.debugDescription)")
                case .keyNotFound(let key, let context): (context.codingPath + [key], "no member \"\(key.stringValue)\"")
                case .dataCorrupted(let context): (context.codingPath, context.debugDescription)
                @unknown default: ([], "\(error)")
                }
            let pointer = path.map { "/" + ($0.intValue.map(String.init) ?? $0.stringValue) }.joined()
            throw SanitizeError(.decodingFailed, "cannot decode \(T.self): \(what)", at: .init(pointer: pointer))
        } catch {
            throw SanitizeError(.decodingFailed, "cannot decode \(T.self): \(error)")
        }
    }

    /// Encodes a value and validates the result against the contract before it is sent.
    /// - Parameters:
    ///   - value: the value to send.
    ///   - encoder: the encoder to use.
    /// - Returns: the JSON bytes, known to satisfy the contract.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/contractViolation`` when the
    ///   encoded value is invalid; ``SanitizeError/Code/encodingFailed`` when it cannot encode.
    public func encode<T: Encodable>(_ value: T, encoder: JSONEncoder = JSONEncoder()) throws(SanitizeError) -> Data {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw SanitizeError(.encodingFailed, "cannot encode \(T.self): \(error)")
        }
        try check(validate(data))
        return data
    }

    package func check(_ result: ValidationResult) throws(SanitizeError) {
        guard !result.isValid else { return }
        let summary = result.violations.prefix(5).map(\.description).joined(separator: "; ")
        let more = result.violations.count > 5 ? " (and \(result.violations.count - 5) more)" : ""
        throw SanitizeError(
            .contractViolation, "payload violates the contract: \(summary)\(more)",
            at: .init(pointer: result.violations.first?.instanceLocation))
    }
}
