import Synchronization

/// A small memo of the UTS #46 canonicaliser's answers (``UTS46/toASCII(_:options:)``) for the
/// email domains seen last, so a list of addresses at a few IDN domains converts each domain
/// once instead of once per address.
///
/// The canonicaliser is a pure function of the domain's bytes, so a remembered answer is the
/// answer: the cache changes speed, never a verdict. It is direct-mapped (``slots`` entries,
/// chosen by an FNV-1a hash of the bytes), holds domains of at most ``maxKeyBytes`` bytes, and
/// is shared by every validator and thread behind one `Mutex` (held only to compare and copy).
final class CanonicalDomainCache: Sendable {
    /// The number of entries.
    static let slots = 256
    /// The longest domain remembered, in bytes (the longest valid domain is 253 A-label octets).
    static let maxKeyBytes = 256

    /// The one cache of the package.
    static let shared = CanonicalDomainCache()

    private struct Entry: Sendable {
        var key: [UInt8]
        var value: Result<String, IDNAError>
    }

    private let entries = Mutex<[Entry?]>(Array(repeating: nil, count: slots))

    /// The canonicaliser's answer for `domain`, from the cache or from `compute`.
    /// - Parameters:
    ///   - domain: the domain's bytes as written.
    ///   - compute: runs the canonicaliser on a miss.
    /// - Returns: the answer.
    func value(
        for domain: UnsafeRawBufferPointer, compute: () -> Result<String, IDNAError>
    ) -> Result<String, IDNAError> {
        guard domain.count <= Self.maxKeyBytes else { return compute() }
        var hash: UInt32 = 2_166_136_261
        for byte in domain { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let slot = Int(hash % UInt32(Self.slots))
        let cached = entries.withLock { entries -> Result<String, IDNAError>? in
            guard let entry = entries[slot], entry.key.elementsEqual(domain) else { return nil }
            return entry.value
        }
        if let cached { return cached }
        let value = compute()
        let entry = Entry(key: Array(domain), value: value)
        entries.withLock { $0[slot] = entry }
        return value
    }
}
