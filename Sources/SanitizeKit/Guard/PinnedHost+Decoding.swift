import Foundation

extension PinnedHost: Decodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case host, includesSubdomains, sha256, expires
    }

    /// Decodes one entry of the policy's `pins`:
    /// `{"host": "api.example.com", "includesSubdomains": false,
    ///   "sha256": ["sha256/…", "sha256/…"], "expires": "2027-06-01T00:00:00Z"}`.
    ///
    /// `host` and `sha256` are required; `sha256` needs at least ``minimumPins`` distinct
    /// well-formed pins; `expires` is an RFC 3339 date-time with a time zone.
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` naming the offending key path (unknown keys included).
    package init(from decoder: any Decoder) throws {
        let names = try decoder.container(keyedBy: PinKey.self)
        if let unknown = names.allKeys.map(\.stringValue).sorted().first(where: { CodingKeys(rawValue: $0) == nil }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath + [PinKey(stringValue: unknown)], debugDescription: "unknown key \"\(unknown)\" (allowed: \(CodingKeys.allCases.map(\.rawValue).joined(separator: ", ")))"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let texts = try container.decode([String].self, forKey: .sha256)
        var pins: [SPKIPin] = []
        for (index, text) in texts.enumerated() {
            guard let pin = SPKIPin(text) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath + [CodingKeys.sha256, PinKey(intValue: index)],
                        debugDescription: "a pin is \"sha256/\" and the base64 of a 32-byte SHA-256 digest"))
            }
            pins.append(pin)
        }
        if Set(pins).count < Self.minimumPins {
            throw DecodingError.dataCorruptedError(
                forKey: .sha256, in: container,
                debugDescription: "at least \(Self.minimumPins) distinct pins are required (a backup key, RFC 7469 §4.3)")
        }
        var expires: Date?
        if let text = try container.decodeIfPresent(String.self, forKey: .expires) {
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .expires, in: container,
                    debugDescription: "expected an RFC 3339 date-time such as 2027-06-01T00:00:00Z")
            }
            expires = date
        }
        self.init(
            host: try container.decode(String.self, forKey: .host),
            includesSubdomains: try container.decodeIfPresent(Bool.self, forKey: .includesSubdomains) ?? false,
            pins: pins, expires: expires)
    }
}

/// Any key of a pin entry, and array indexes in error paths.
private struct PinKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
