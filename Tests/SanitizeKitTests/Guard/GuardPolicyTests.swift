import Foundation
import Testing

@testable import SanitizeKit

/// The policy files: the compiled-in default, every file in `Rules/policy`, and the errors
/// for broken policies (file and key named, unknown keys rejected).
@Suite("Guard policy files")
struct GuardPolicyTests {
    static let rulesDirectory = Fixtures.repositoryRoot.appendingPathComponent("Rules/policy")

    @Test("the compiled-in default equals Rules/policy/guard-default.json byte for byte")
    func defaultMatchesRules() throws {
        let file = try Data(contentsOf: Self.rulesDirectory.appendingPathComponent("guard-default.json"))
        #expect(Array(file) == Array(DefaultGuardPolicy.json.utf8))
    }

    @Test("the default policy is the safe one")
    func defaultIsSafe() throws {
        let policy = try GuardPolicy.decode(Data(DefaultGuardPolicy.json.utf8))
        #expect(policy == GuardPolicy())
        #expect(RequestGuard.standard.policy == GuardPolicy())
        #expect(policy.credentials.allowedBaseURLs.isEmpty)
        #expect(policy.transport.loopback == .deny)
    }

    @Test("every guard policy in Rules/policy loads and compiles")
    func everyRulesFileLoads() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.rulesDirectory.path)
            .filter { $0.hasPrefix("guard-") && $0.hasSuffix(".json") && !$0.contains("schema") }
        #expect(files.count >= 2)
        for name in files {
            _ = try RequestGuard(contentsOf: Self.rulesDirectory.appendingPathComponent(name))
        }
    }

    @Test("the schema document describes exactly the keys the decoder accepts")
    func schemaKeys() throws {
        let data = try Data(contentsOf: Self.rulesDirectory.appendingPathComponent("guard-policy.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func keys(_ object: [String: Any]?) -> Set<String> {
            Set(((object?["properties"] as? [String: Any]) ?? [:]).keys)
        }
        let properties = schema["properties"] as? [String: Any]
        #expect(keys(schema) == ["$schema", "description", "version", "transport", "credentials", "headers", "pins"])
        #expect(
            keys(properties?["transport"] as? [String: Any]) == [
                "httpExceptions", "loopback", "localNetwork", "allowUserinfo", "minimumTLSVersion",
                "requiresForwardSecrecy", "tlsExceptions", "allowUnenforcedTLSFloor",
            ])
        #expect(keys(properties?["credentials"] as? [String: Any]) == ["additionalHeaderNames", "allowedBaseURLs", "exemptHeaderNames", "serverDecodesDots"])
        #expect(keys(properties?["headers"] as? [String: Any]) == ["maxTotalBytes", "maxCount"])
        #expect(schema["additionalProperties"] as? Bool == false)
        // Every key the schema lists is accepted by the decoder.
        let example = try Data(contentsOf: Self.rulesDirectory.appendingPathComponent("guard-example.json"))
        let exampleObject = try #require(try JSONSerialization.jsonObject(with: example) as? [String: Any])
        let exampleTransport = exampleObject["transport"] as? [String: Any]
        #expect(Set(exampleTransport?.keys.map { $0 } ?? []) == keys(properties?["transport"] as? [String: Any]))
    }

    /// (policy JSON, JSON Pointer of the bad key, text the reason must contain).
    static let broken: [(String, String, String)] = [
        (#"{"version": 1, "transport": {"loopbak": "deny"}}"#, "/transport/loopbak", "unknown key"),
        (#"{"version": 1, "extra": true}"#, "/extra", "unknown key"),
        (
            #"{"version": 1, "transport": {"httpExceptions": [{"domain": "a.com", "includeSubdomains": true}]}}"#,
            "/transport/httpExceptions/0/includeSubdomains", "unknown key"
        ),
        (#"{"version": 2}"#, "/version", "version must be 1"),
        (#"{}"#, "/version", "missing"),
        (#"{"version": 1, "transport": {"loopback": "yes"}}"#, "/transport/loopback", "\"allow-http\""),
        (#"{"version": 1, "transport": {"allowUserinfo": "no"}}"#, "/transport/allowUserinfo", "true or false"),
        (
            #"{"version": 1, "transport": {"httpExceptions": [{"domain": "a.com"}]}}"#,
            "/transport/httpExceptions/0/includesSubdomains", "missing"
        ),
        (
            #"{"version": 1, "transport": {"httpExceptions": [{"domain": "exa mple.com", "includesSubdomains": false}]}}"#,
            "/transport/httpExceptions/0/domain", "not a valid host"
        ),
        (
            #"{"version": 1, "transport": {"httpExceptions": [{"domain": "10.0.0.1", "includesSubdomains": true}]}}"#,
            "/transport/httpExceptions/0/domain", "IP address"
        ),
        (
            #"{"version": 1, "credentials": {"allowedBaseURLs": ["ftp://x.example"]}}"#,
            "/credentials/allowedBaseURLs/0", "scheme"
        ),
        (
            #"{"version": 1, "credentials": {"allowedBaseURLs": ["https://a.example/?q=1"]}}"#,
            "/credentials/allowedBaseURLs/0", "query"
        ),
        (
            #"{"version": 1, "credentials": {"allowedBaseURLs": ["https://u@a.example/"]}}"#,
            "/credentials/allowedBaseURLs/0", "userinfo"
        ),
        (
            #"{"version": 1, "credentials": {"allowedBaseURLs": ["api.example.com"]}}"#,
            "/credentials/allowedBaseURLs/0", "scheme"
        ),
        (
            #"{"version": 1, "credentials": {"allowedBaseURLs": ["https://a.example/x/%2F"]}}"#,
            "/credentials/allowedBaseURLs/0", "encoded"
        ),
        (
            #"{"version": 1, "credentials": {"additionalHeaderNames": ["X Bad"]}}"#,
            "/credentials/additionalHeaderNames/0", "token"
        ),
        (#"{"version": 1, "headers": {"maxTotalBytes": 0}}"#, "/headers/maxTotalBytes", "between 1 and"),
        (#"{"version": 1, "headers": {"maxCount": 99999999}}"#, "/headers/maxCount", "between 1 and"),
        (#"{"version": 1, "headers": []}"#, "/headers", "must be an object"),
        (#"{"version": 1, "transport": {"loopback": "deny", "loopback": "allow-http"}}"#, "/transport/loopback", "duplicate key"),
    ]

    @Test("a broken policy is an error naming the file and the key", arguments: broken)
    func brokenPolicy(entry: (String, String, String)) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "guard-policy-\(UUID().uuidString).json")
        try Data(entry.0.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try RequestGuard(contentsOf: file)
            Issue.record("\(entry.0) was accepted")
        } catch {
            #expect(error.code == .policyInvalid)
            #expect(error.location?.file == file.path)
            #expect(error.location?.pointer == entry.1, "\(entry.0): \(error)")
            #expect(error.reason.contains(entry.2), "\(entry.0): \(error.reason)")
        }
    }

    @Test(
        "a policy file that is not strict JSON is policy-invalid, naming the file, line and column",
        arguments: [("not json", 1, 2), ("{\n  \"version\": 1,\n}", 3, 1), ("{\"version\": 1, \"headers\": {}", 1, 29)])
    func notJSON(text: String, line: Int, column: Int) throws {
        let error = try #require(throws: SanitizeError.self) { try GuardPolicy.decode(Data(text.utf8), file: "guard.json") }
        #expect(error.code == .policyInvalid)
        #expect(error.location == .init(file: "guard.json", line: line, column: column, byteOffset: error.location?.byteOffset))
        #expect(error.reason.hasPrefix("not a guard policy file: "), "\(error)")
    }

    @Test("a value the guard cannot use is located in the file by line and column")
    func compileErrorLocated() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("guard-policy-\(UUID().uuidString).json")
        try Data("{\n  \"version\": 1,\n  \"credentials\": {\"allowedBaseURLs\": [\"ftp://x.example\"]}\n}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = try #require(throws: SanitizeError.self) { try RequestGuard(contentsOf: file) }
        #expect(error.code == .policyInvalid)
        #expect(error.location == .init(file: file.path, pointer: "/credentials/allowedBaseURLs/0", line: 3, column: 39, byteOffset: 56))
    }

    @Test("the Decodable conformance reads through the same reader: same policy, same errors")
    func decodableConformance() throws {
        let example = try Data(contentsOf: Self.rulesDirectory.appendingPathComponent("guard-example.json"))
        #expect(try JSONDecoder().decode(GuardPolicy.self, from: example) == GuardPolicy.decode(example))
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(GuardPolicy.self, from: Data(#"{"version": 1, "transport": {"loopbak": "deny"}}"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.debugDescription.contains("at /transport/loopbak: unknown key \"loopbak\""), "\(context.debugDescription)")
        #expect((context.underlyingError as? SanitizeError)?.code == .policyInvalid)
    }

    @Test("a missing policy file is an io error naming the file")
    func missingFile() {
        let file = URL(fileURLWithPath: "/nonexistent/guard.json")
        #expect {
            _ = try RequestGuard(contentsOf: file)
        } throws: { error in
            (error as? SanitizeError)?.code == .io && (error as? SanitizeError)?.location?.file == file.path
        }
    }
}
