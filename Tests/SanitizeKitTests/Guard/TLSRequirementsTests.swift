import Foundation
import Testing

@testable import SanitizeKit

/// The policy's TLS floor and forward secrecy (issue #28): parsing, errors with file and
/// pointer, and the requirements per host.
@Suite("Guard policy TLS requirements")
struct TLSRequirementsTests {
    static func policyGuard(_ transport: String) throws -> RequestGuard {
        try RequestGuard(policy: GuardPolicy.decode(Data(#"{"version": 1, "transport": \#(transport)}"#.utf8)))
    }

    @Test("the default policy requires TLS 1.2 and forward secrecy for every host, as ATS does")
    func defaults() throws {
        let answer = try RequestGuard.standard.tlsRequirements(forHost: "api.example.com").get()
        #expect(answer.requirements == TLSRequirements(minimumVersion: .v1_2, requiresForwardSecrecy: true))
        #expect(answer.exceptionDomain == nil)
        #expect(answer.description == "tls>=1.2 forward-secrecy=required tls-source=policy")
        #expect(RequestGuard.standard.allTLSRequirements == [TLSRequirements()])
        #expect(!RequestGuard.standard.allowsUnenforcedTLSFloor)
        let empty = try Self.policyGuard("{}")
        #expect(try empty.tlsRequirements(forHost: "x.example").get().requirements == TLSRequirements())
    }

    @Test("the policy may raise the floor to 1.3 and drop forward secrecy")
    func policyLevel() throws {
        let raised = try Self.policyGuard(#"{"minimumTLSVersion": "1.3", "requiresForwardSecrecy": false}"#)
        let answer = try raised.tlsRequirements(forHost: "a.example").get()
        #expect(answer.requirements == TLSRequirements(minimumVersion: .v1_3, requiresForwardSecrecy: false))
    }

    static let exceptions = #"""
        {"tlsExceptions": [
          {"domain": "legacy.example", "includesSubdomains": true, "minimumTLSVersion": "1.0"},
          {"domain": "old.legacy.example", "includesSubdomains": false, "minimumTLSVersion": "1.1",
           "requiresForwardSecrecy": false},
          {"domain": "B\u00dcCHER.example.", "includesSubdomains": false, "requiresForwardSecrecy": false},
          {"domain": "10.0.0.7", "includesSubdomains": false, "minimumTLSVersion": "1.3"}
        ]}
        """#

    /// (host, floor, forward secrecy, exception domain).
    static let perHost: [(String, TLSProtocolVersion, Bool, String?)] = [
        ("legacy.example", .v1_0, true, "legacy.example"),
        ("a.b.legacy.example", .v1_0, true, "legacy.example"),
        ("LEGACY.example.", .v1_0, true, "legacy.example"),
        // The exact entry is more specific than its parent's subdomain rule.
        ("old.legacy.example", .v1_1, false, "old.legacy.example"),
        // old.legacy.example does not include subdomains: its parent's rule applies below it.
        ("x.old.legacy.example", .v1_0, true, "legacy.example"),
        // Whole labels only.
        ("notlegacy.example", .v1_2, true, nil),
        // Canonical matching: the Unicode domain matches its A-label; the entry keeps the floor.
        ("xn--bcher-kva.example", .v1_2, false, "xn--bcher-kva.example"),
        ("bücher.example", .v1_2, false, "xn--bcher-kva.example"),
        // Not below an exact-only entry.
        ("www.bücher.example", .v1_2, true, nil),
        ("10.0.0.7", .v1_3, true, "10.0.0.7"),
        ("012.0.0.7", .v1_3, true, "10.0.0.7"),  // WHATWG octal: 012 is 10
        ("10.0.0.70", .v1_2, true, nil),
        ("0x0a.0.0.7", .v1_3, true, "10.0.0.7"),
    ]

    @Test("exceptions apply to their domain and, when asked, its subdomains; the most specific wins", arguments: perHost)
    func exceptionsPerHost(entry: (String, TLSProtocolVersion, Bool, String?)) throws {
        let requestGuard = try Self.policyGuard(Self.exceptions)
        let answer = try requestGuard.tlsRequirements(forHost: entry.0).get()
        #expect(answer.requirements.minimumVersion == entry.1, "\(entry.0)")
        #expect(answer.requirements.requiresForwardSecrecy == entry.2, "\(entry.0)")
        #expect(answer.exceptionDomain == entry.3, "\(entry.0)")
    }

    @Test("the most specific entry wins whatever its place in the list")
    func specificityNotOrder() throws {
        let requestGuard = try Self.policyGuard(
            #"""
            {"tlsExceptions": [
              {"domain": "a.b.example", "includesSubdomains": true, "minimumTLSVersion": "1.1"},
              {"domain": "b.example", "includesSubdomains": true, "minimumTLSVersion": "1.0"}
            ]}
            """#)
        #expect(try requestGuard.tlsRequirements(forHost: "x.a.b.example").get().requirements.minimumVersion == .v1_1)
        #expect(try requestGuard.tlsRequirements(forHost: "x.b.example").get().requirements.minimumVersion == .v1_0)
        #expect(
            requestGuard.allTLSRequirements == [
                TLSRequirements(), TLSRequirements(minimumVersion: .v1_1), TLSRequirements(minimumVersion: .v1_0),
            ])
    }

    @Test("an exception without a key keeps the policy's value for it")
    func exceptionInherits() throws {
        let requestGuard = try Self.policyGuard(
            #"{"minimumTLSVersion": "1.3", "tlsExceptions": [{"domain": "a.example", "includesSubdomains": false, "requiresForwardSecrecy": false}]}"#
        )
        let answer = try requestGuard.tlsRequirements(forHost: "a.example").get()
        #expect(answer.requirements == TLSRequirements(minimumVersion: .v1_3, requiresForwardSecrecy: false))
    }

    @Test("a host the guard cannot read gets its denial, not the default requirements")
    func unreadableHost() throws {
        let failure = RequestGuard.standard.tlsRequirements(forHost: "exa%41mple.com")
        guard case .failure(let denial) = failure else {
            Issue.record("a percent-encoded host was given requirements")
            return
        }
        #expect(denial.code == .urlAmbiguous)
    }

    /// (transport JSON, pointer, reason text, line, column).
    static let broken: [(String, String, String, Int, Int)] = [
        (#"{"minimumTLSVersion": "1.1"}"#, "/transport/minimumTLSVersion", #"one of "1.2", "1.3", not "1.1""#, 2, 36),
        (#"{"minimumTLSVersion": "TLSv1.2"}"#, "/transport/minimumTLSVersion", #"not "TLSv1.2""#, 2, 36),
        (#"{"minimumTLSVersion": 1.2}"#, "/transport/minimumTLSVersion", "string", 2, 36),
        (#"{"requiresForwardSecrecy": "yes"}"#, "/transport/requiresForwardSecrecy", "true or false", 2, 41),
        (#"{"allowUnenforcedTLSFloor": 1}"#, "/transport/allowUnenforcedTLSFloor", "true or false", 2, 42),
        (
            #"{"tlsExceptions": [{"domain": "a.example", "includesSubdomains": false, "minimumTLSVersion": "0.9"}]}"#,
            "/transport/tlsExceptions/0/minimumTLSVersion", #"one of "1.0", "1.1", "1.2", "1.3", not "0.9""#, 2, 107
        ),
        (
            #"{"tlsExceptions": [{"domain": "a.example", "includesSubdomains": false, "NSIncludesSubdomains": true}]}"#,
            "/transport/tlsExceptions/0/NSIncludesSubdomains", "unknown key", 2, 86
        ),
        (
            #"{"tlsExceptions": [{"domain": "a.example", "minimumTLSVersion": "1.0"}]}"#,
            "/transport/tlsExceptions/0/includesSubdomains", "missing", 2, 33
        ),
        (
            #"{"tlsExceptions": [{"domain": "exa mple", "includesSubdomains": false}]}"#,
            "/transport/tlsExceptions/0/domain", "not a valid host", 2, 44
        ),
        (
            #"{"tlsExceptions": [{"domain": "10.0.0.1", "includesSubdomains": true}]}"#,
            "/transport/tlsExceptions/0/domain", "IP address", 2, 44
        ),
        (
            #"{"tlsExceptions": [{"domain": "a.example", "includesSubdomains": false}, {"domain": "A.EXAMPLE.", "includesSubdomains": true}]}"#,
            "/transport/tlsExceptions/1/domain", "already listed at /transport/tlsExceptions/0", 2, 98
        ),
    ]

    @Test("a bad TLS key is policy-invalid with the file, line, column and pointer", arguments: broken)
    func brokenPolicy(entry: (String, String, String, Int, Int)) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("guard-tls-\(UUID().uuidString).json")
        try Data("{\"version\": 1,\n\"transport\": \(entry.0)}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = try #require(throws: SanitizeError.self) { try RequestGuard(contentsOf: file) }
        #expect(error.code == .policyInvalid)
        #expect(error.location?.file == file.path)
        #expect(error.location?.pointer == entry.1, "\(entry.0): \(error)")
        #expect(error.location?.line == entry.3, "\(entry.0): \(error)")
        #expect(error.location?.column == entry.4, "\(entry.0): \(error)")
        #expect(error.reason.contains(entry.2), "\(entry.0): \(error.reason)")
    }
}
