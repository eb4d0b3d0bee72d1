public import Foundation

extension GuardPolicy: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case schema = "$schema"
        case description, version, transport, credentials, headers
        case pins
    }

    /// Decodes a policy, rejecting unknown keys and any `version` other than 1.
    /// - Parameter decoder: the decoder (normally `JSONDecoder`).
    /// - Throws: `DecodingError` naming the offending key path.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = try container.decodeIfPresent(String.self, forKey: .schema)
        _ = try container.decodeIfPresent(String.self, forKey: .description)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.currentVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "version must be \(Self.currentVersion), found \(version)")
        }
        self.init(
            transport: try container.decodeIfPresent(TransportPolicy.self, forKey: .transport) ?? TransportPolicy(),
            credentials: try container.decodeIfPresent(CredentialPolicy.self, forKey: .credentials)
                ?? CredentialPolicy(),
            headers: try container.decodeIfPresent(HeaderLimits.self, forKey: .headers) ?? HeaderLimits())
        self.pins = try container.decodeIfPresent([PinnedHost].self, forKey: .pins) ?? []
    }

    /// Decodes a policy from JSON bytes.
    /// - Parameters:
    ///   - data: the JSON document.
    ///   - file: the file name to put in error locations, if the bytes came from a file.
    /// - Returns: the decoded policy (not yet compiled: see ``RequestGuard/init(policy:)``).
    /// - Throws: ``SanitizeError`` with code `policy-invalid`, naming the file and the key.
    public static func decode(_ data: Data, file: String? = nil) throws(SanitizeError) -> GuardPolicy {
        do {
            return try JSONDecoder().decode(GuardPolicy.self, from: data)
        } catch let error as DecodingError {
            throw SanitizeError(error, file: file)
        } catch {
            throw SanitizeError(.policyInvalid, "\(error)", at: SanitizeError.Location(file: file))
        }
    }
}

extension TransportPolicy: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case httpExceptions, loopback, localNetwork, allowUserinfo
    }

    /// Decodes transport rules, rejecting unknown keys.
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` naming the offending key path.
    package init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            httpExceptions: try container.decodeIfPresent([HTTPException].self, forKey: .httpExceptions) ?? [],
            loopback: try container.decodeIfPresent(LocalAccess.self, forKey: .loopback) ?? .deny,
            localNetwork: try container.decodeIfPresent(LocalAccess.self, forKey: .localNetwork) ?? .deny,
            allowUserinfo: try container.decodeIfPresent(Bool.self, forKey: .allowUserinfo) ?? false)
    }
}

extension TransportPolicy.HTTPException: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case domain, includesSubdomains
    }

    /// Decodes an exception; `domain` and `includesSubdomains` are both required.
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` naming the offending key path.
    package init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            domain: try container.decode(String.self, forKey: .domain),
            includesSubdomains: try container.decode(Bool.self, forKey: .includesSubdomains))
    }
}

extension TransportPolicy.LocalAccess: Decodable {
    /// Decodes one of `deny`, `https-only`, `allow-http`.
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` listing the allowed values.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(rawValue: text) else {
            let allowed = Self.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not one of \(allowed)")
        }
        self = value
    }
}

extension CredentialPolicy: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case additionalHeaderNames, allowedBaseURLs, exemptHeaderNames, serverDecodesDots
    }

    /// Decodes credential scoping, rejecting unknown keys.
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` naming the offending key path.
    package init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            additionalHeaderNames: try container.decodeIfPresent([String].self, forKey: .additionalHeaderNames) ?? [],
            allowedBaseURLs: try container.decodeIfPresent([String].self, forKey: .allowedBaseURLs) ?? [],
            exemptHeaderNames: try container.decodeIfPresent([String].self, forKey: .exemptHeaderNames) ?? [])
        serverDecodesDots = try container.decodeIfPresent(Bool.self, forKey: .serverDecodesDots) ?? false
    }
}

extension HeaderLimits: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case maxTotalBytes, maxCount
    }

    /// Decodes header limits, rejecting unknown keys and values outside 1…``ceiling``.
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` naming the offending key path.
    package init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = HeaderLimits()
        var limits = defaults
        for key in [CodingKeys.maxTotalBytes, .maxCount] {
            guard let value = try container.decodeIfPresent(Int.self, forKey: key) else { continue }
            guard (1...Self.ceiling).contains(value) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "must be between 1 and \(Self.ceiling), found \(value)")
            }
            if key == .maxTotalBytes { limits.maxTotalBytes = value } else { limits.maxCount = value }
        }
        self = limits
    }
}

/// Any key, for listing what an object holds.
private struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws when the current object has a key that `Keys` does not name, listing the keys
    /// allowed.
    fileprivate func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_: Keys.Type) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue })
        where Keys(stringValue: key.stringValue) == nil {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown key \"\(key.stringValue)\" (allowed: \(Keys.allCases.map(\.stringValue).joined(separator: ", ")))"))
        }
    }
}

extension SanitizeError {
    /// A `policy-invalid` error from a decoding error, with the key path as a JSON Pointer.
    fileprivate init(_ error: DecodingError, file: String?) {
        let path: [any CodingKey]
        let text: String
        switch error {
        case .typeMismatch(let type, let context):
            path = context.codingPath
            text = "expected \(Self.jsonTypeName(type))"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            text = "expected \(Self.jsonTypeName(type)), found null"
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            text = "required key \"\(key.stringValue)\" is missing"
        case .dataCorrupted(let context):
            path = context.codingPath
            text = path.isEmpty ? "not valid JSON" : context.debugDescription
        @unknown default:
            path = []
            text = "\(error)"
        }
        let pointer = JSONPointerText.make(path)
        self.init(
            .policyInvalid, "invalid guard policy: \(text)",
            at: Location(file: file, pointer: pointer))
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type: "an integer"
        case is [String].Type: "an array of strings"
        default: "an object or array of the documented shape"
        }
    }
}

/// Builds JSON Pointer text (RFC 6901) from coding paths and segments.
enum JSONPointerText {
    static func make(_ path: [any CodingKey]) -> String {
        make(path.map { $0.intValue.map(String.init) ?? $0.stringValue })
    }

    static func make(_ segments: [String]) -> String {
        JSONPointer(tokens: segments).description
    }
}
