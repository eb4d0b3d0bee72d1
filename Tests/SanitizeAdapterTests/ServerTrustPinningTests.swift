import Foundation
import SanitizeKit
import SanitizeURLSession
import Testing

/// The decision URLSession's server-trust delegate takes on Apple platforms, checked here on
/// any platform: ordinary trust first, then a pin of the host somewhere in the chain, expired
/// pins falling back to ordinary trust with a warning.
struct ServerTrustPinningTests {
    static let leaf = SPKIPin(digest: [UInt8](repeating: 1, count: 32))!
    static let intermediate = SPKIPin(digest: [UInt8](repeating: 2, count: 32))!
    static let other = SPKIPin(digest: [UInt8](repeating: 3, count: 32))!
    static let backup = SPKIPin(digest: [UInt8](repeating: 4, count: 32))!
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func pins(_ list: [SPKIPin], expires: Date? = nil) throws -> PinSet {
        try PinSet([PinnedHost(host: "api.example.com", includesSubdomains: true, pins: list, expires: expires)])
    }

    @Test func unpinnedHostsGetDefaultHandlingWhateverTheChain() throws {
        let pins = try Self.pins([Self.other, Self.backup])
        #expect(ServerTrustPinning.decide(host: "example.org", trusted: false, chain: [], pins: pins, at: Self.now) == .defaultHandling)
        #expect(ServerTrustPinning.decide(host: "example.org", trusted: true, chain: [Self.leaf], pins: .empty) == .defaultHandling)
    }

    @Test("a pin anywhere in the trusted chain passes; a subdomain is pinned too", arguments: [
        (["leaf", "intermediate"], "api.example.com"),
        (["intermediate", "leaf"], "api.example.com"),
        (["leaf"], "eu.api.example.com"),
        (["other", "leaf"], "API.Example.com"),
    ])
    func matched(names: [String], host: String) throws {
        let known = ["leaf": Self.leaf, "intermediate": Self.intermediate, "other": Self.other]
        let chain = names.compactMap { known[$0] }
        let pins = try Self.pins([Self.backup, Self.leaf])
        #expect(ServerTrustPinning.decide(host: host, trusted: true, chain: chain, pins: pins, at: Self.now) == .defaultHandling)
    }

    @Test func aChainWithoutPinIsRefused() throws {
        let pins = try Self.pins([Self.other, Self.backup])
        let decision = ServerTrustPinning.decide(
            host: "api.example.com", trusted: true, chain: [Self.leaf, Self.intermediate], pins: pins, at: Self.now)
        guard case .refuse(let reason) = decision else { Issue.record("\(decision)"); return }
        #expect(reason.contains("api.example.com") && reason.contains("2 certificates"))
        // A chain of keys that could not be read (none) is refused too.
        #expect(ServerTrustPinning.decide(host: "api.example.com", trusted: true, chain: [], pins: pins, at: Self.now) != .defaultHandling)
    }

    @Test func pinningNeverWidensTrust() throws {
        let pins = try Self.pins([Self.leaf, Self.backup])
        let decision = ServerTrustPinning.decide(host: "api.example.com", trusted: false, chain: [Self.leaf], pins: pins, at: Self.now)
        guard case .refuse(let reason) = decision else { Issue.record("\(decision)"); return }
        #expect(reason.contains("ordinary trust"))
        // Expired pins do not make an untrusted chain acceptable either.
        let expired = try Self.pins([Self.other, Self.backup], expires: Self.now.addingTimeInterval(-1))
        #expect(ServerTrustPinning.decide(host: "api.example.com", trusted: false, chain: [Self.leaf], pins: expired, at: Self.now)
            != .defaultHandling)
    }

    @Test func expiredPinsFallBackToOrdinaryTrustWithAWarning() throws {
        let pins = try Self.pins([Self.other, Self.backup], expires: Self.now.addingTimeInterval(-60))
        let decision = ServerTrustPinning.decide(host: "api.example.com", trusted: true, chain: [Self.leaf], pins: pins, at: Self.now)
        guard case .defaultHandlingAfterWarning(let warning) = decision else { Issue.record("\(decision)"); return }
        #expect(warning.contains("expired"))
        // Before the expiry the same chain is refused.
        let live = try Self.pins([Self.other, Self.backup], expires: Self.now.addingTimeInterval(60))
        guard case .refuse = ServerTrustPinning.decide(host: "api.example.com", trusted: true, chain: [Self.leaf], pins: live, at: Self.now)
        else { Issue.record("not refused before expiry"); return }
    }

    @Test("DER lengths: short form below 128 bytes, long form above", arguments: [0, 1, 127, 128, 255, 256, 65_535, 65_536])
    func derLengths(count: Int) {
        let spki = ServerTrustPinning.subjectPublicKeyInfo(kind: .rsa, key: [UInt8](repeating: 0xAB, count: count))
        // SEQUENCE, then the length of everything after it.
        #expect(spki.first == 0x30)
        let (length, header) = Self.readLength(spki, at: 1)
        #expect(length == spki.count - 1 - header)
        // The BIT STRING holds the key after one "unused bits" byte.
        #expect(Array(spki.suffix(count)) == [UInt8](repeating: 0xAB, count: count))
    }

    /// A DER length at `offset`: its value and how many bytes it took.
    static func readLength(_ bytes: [UInt8], at offset: Int) -> (Int, Int) {
        let first = Int(bytes[offset])
        guard first >= 0x80 else { return (first, 1) }
        let count = first & 0x7F
        return (bytes[(offset + 1)...(offset + count)].reduce(0) { $0 << 8 | Int($1) }, 1 + count)
    }
}
