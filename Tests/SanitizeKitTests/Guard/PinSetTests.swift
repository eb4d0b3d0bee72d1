import Foundation
import Testing

@testable import SanitizeKit

@Suite("Pins in the guard policy")
struct PinSetTests {
    static let a = "sha256/" + Data(repeating: 1, count: 32).base64EncodedString()
    static let b = "sha256/" + Data(repeating: 2, count: 32).base64EncodedString()
    static let c = "sha256/" + Data(repeating: 3, count: 32).base64EncodedString()

    static func policy(_ pins: String) throws -> GuardPolicy {
        try GuardPolicy.decode(Data(#"{"version": 1, "pins": \#(pins)}"#.utf8))
    }

    @Test("pin text: sha256/ and the base64 of exactly 32 bytes, printed back the same")
    func pinText() {
        #expect(SPKIPin(Self.a)?.description == Self.a)
        #expect(SPKIPin(Self.a)?.digest == [UInt8](repeating: 1, count: 32))
        #expect(SPKIPin("sha1/" + Data(repeating: 1, count: 20).base64EncodedString()) == nil)
        #expect(SPKIPin("sha256/" + Data(repeating: 1, count: 31).base64EncodedString()) == nil)
        #expect(SPKIPin("sha256/not base64!") == nil)
        #expect(SPKIPin(digest: [UInt8](repeating: 0, count: 33)) == nil)
    }

    @Test("a policy's pins decode: host, subdomains, two pins, expiry")
    func decodes() throws {
        let policy = try Self.policy(
            #"[{"host": "API.Example.com", "includesSubdomains": true, "sha256": ["\#(Self.a)", "\#(Self.b)"], "expires": "2030-01-02T03:04:05Z"}]"#)
        #expect(policy.pins.count == 1)
        #expect(policy.pins[0].includesSubdomains)
        #expect(policy.pins[0].pins.map(\.description) == [Self.a, Self.b])
        #expect(policy.pins[0].expires == Date(timeIntervalSince1970: 1_893_553_445))
        #expect(try Self.policy("[]").pins.isEmpty)
        #expect(try GuardPolicy.decode(Data(#"{"version": 1}"#.utf8)).pins.isEmpty)
    }

    /// (pins JSON, JSON Pointer of the bad key, text the reason contains).
    static let invalid: [(String, String, String)] = [
        (#"[{"host": "a.example", "sha256": ["\#(a)"]}]"#, "/pins/0/sha256", "at least 2 distinct pins"),
        (#"[{"host": "a.example", "sha256": ["\#(a)", "\#(a)"]}]"#, "/pins/0/sha256", "at least 2 distinct pins"),
        (#"[{"host": "a.example", "sha256": ["\#(a)", "md5/xyz"]}]"#, "/pins/0/sha256/1", "32-byte SHA-256"),
        (#"[{"host": "a.example", "sha256": ["\#(a)", "\#(b)"], "expires": "soon"}]"#, "/pins/0/expires", "RFC 3339"),
        (#"[{"host": "a.example", "sha256": ["\#(a)", "\#(b)"], "backup": 1}]"#, "/pins/0/backup", "unknown key"),
        (#"[{"sha256": ["\#(a)", "\#(b)"]}]"#, "/pins/0/host", "missing"),
    ]

    @Test("a bad pin entry is refused with its place", arguments: invalid)
    func refused(json: String, pointer: String, reason: String) {
        #expect {
            _ = try Self.policy(json)
        } throws: { error in
            guard let error = error as? SanitizeError else { return false }
            return error.code == .policyInvalid && error.location?.pointer == pointer && error.reason.contains(reason)
        }
    }

    @Test("a host that is not a host, or one pin only, is refused when compiled")
    func compileErrors() throws {
        let pins = [SPKIPin(Self.a)!, SPKIPin(Self.b)!]
        #expect(throws: SanitizeError.self) { try PinSet([PinnedHost(host: "bad host", pins: pins)]) }
        #expect(throws: SanitizeError.self) { try PinSet([PinnedHost(host: "a.example", pins: [pins[0]])]) }
        #expect(throws: SanitizeError.self) {
            try PinSet([PinnedHost(host: "127.0.0.1", includesSubdomains: true, pins: pins)])
        }
    }

    @Test("verdicts: unpinned, matched anywhere in the chain, mismatch, subdomains, expiry")
    func verdicts() throws {
        let a = SPKIPin(Self.a)!, b = SPKIPin(Self.b)!, c = SPKIPin(Self.c)!
        let expiry = Date(timeIntervalSince1970: 2_000_000_000)
        let set = try PinSet([
            PinnedHost(host: "api.example.com", pins: [a, b]),
            PinnedHost(host: "example.org", includesSubdomains: true, pins: [a, b], expires: expiry),
        ])
        let before = expiry.addingTimeInterval(-1)
        #expect(set.verdict(host: "other.example", chain: [c], at: before) == .unpinned)
        #expect(set.verdict(host: "API.EXAMPLE.COM.", chain: [c, b], at: before) == .matched(b))
        #expect(set.verdict(host: "sub.api.example.com", chain: [c], at: before) == .unpinned)
        #expect(set.verdict(host: "deep.sub.example.org", chain: [a], at: before) == .matched(a))
        guard case .mismatch(let denial) = set.verdict(host: "api.example.com", chain: [c], at: before) else {
            Issue.record("an unpinned key must be refused")
            return
        }
        #expect(denial.code == .pinMismatch)
        #expect(!set.verdict(host: "api.example.com", chain: [], at: before).isAccepted)
        guard case .expired(let when, let warning) = set.verdict(host: "www.example.org", chain: [c], at: expiry) else {
            Issue.record("pins past their expiry must unpin the host")
            return
        }
        #expect(when == expiry)
        #expect(warning.contains("pins for example.org expired at 2033-05-18T03:33:20Z"))
    }
}
