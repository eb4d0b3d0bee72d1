public import Foundation

extension SanitizeError.Code {
    /// A payload handed to ``Contract/decode(_:from:decoder:)`` or produced by
    /// ``Contract/encode(_:encoder:)`` does not satisfy the contract.
    public static let contractViolation = Self(rawValue: "contract-violation")
}

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
    ///   invalid; the decoder's error when the valid payload does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try check(validate(data))
        return try decoder.decode(type, from: data)
    }

    /// Encodes a value and validates the result against the contract before it is sent.
    /// - Parameters:
    ///   - value: the value to send.
    ///   - encoder: the encoder to use.
    /// - Returns: the JSON bytes, known to satisfy the contract.
    /// - Throws: ``SanitizeError`` with code ``SanitizeError/Code/contractViolation`` when the
    ///   encoded value is invalid; the encoder's error when it cannot encode.
    public func encode<T: Encodable>(_ value: T, encoder: JSONEncoder = JSONEncoder()) throws -> Data {
        let data = try encoder.encode(value)
        try check(validate(data))
        return data
    }

    private func check(_ result: ValidationResult) throws(SanitizeError) {
        guard !result.isValid else { return }
        let summary = result.violations.prefix(5).map(\.description).joined(separator: "; ")
        let more = result.violations.count > 5 ? " (and \(result.violations.count - 5) more)" : ""
        throw SanitizeError(
            .contractViolation, "payload violates the contract: \(summary)\(more)",
            at: .init(pointer: result.violations.first?.instanceLocation))
    }
}
