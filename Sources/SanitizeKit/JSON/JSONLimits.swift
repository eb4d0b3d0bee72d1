/// The limits the JSON parser enforces, all in one place.
public struct JSONLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted (RFC 8259 §9 lets a parser set one).
    package var maxDepth: Int
    /// The largest document accepted, in bytes. Node offsets are 32-bit, so at most 4 GiB − 1.
    package var maxBytes: Int
    /// What to do with an object that has the same key twice.
    package var duplicateKeys: DuplicateKeyPolicy

    /// How repeated keys in one object are treated (RFC 8259 §4 says names SHOULD be unique).
    public enum DuplicateKeyPolicy: Sendable, Hashable {
        /// Reject the document: two readers could otherwise disagree on which value counts.
        case reject
        /// Keep every member as written; lookups find the last one.
        case allow
    }

    /// Depth 512, 4 GiB − 1 bytes, duplicate keys rejected.
    public static let `default` = JSONLimits()

    /// Creates limits.
    /// - Parameters:
    ///   - maxDepth: deepest nesting accepted (default 512).
    ///   - maxBytes: largest document accepted (default and maximum `UInt32.max - 1`).
    ///   - duplicateKeys: the duplicate-key policy (default `.reject`).
    public init(maxDepth: Int = 512, maxBytes: Int = Int(UInt32.max - 1), duplicateKeys: DuplicateKeyPolicy = .reject) {
        self.maxDepth = maxDepth
        self.maxBytes = min(maxBytes, Int(UInt32.max - 1))
        self.duplicateKeys = duplicateKeys
    }
}
