import Foundation
import Testing

@testable import SanitizeKit

/// Every kind of JSON rule file goes through `RuleFile`, so each refuses the same five kinds of
/// damage with an error of the same shape: its stable code, the file, the line and column, and
/// the JSON Pointer of the offending member when there is one.
@Suite("Rule files: every kind refuses the same damage with its location")
struct RuleFileKindsTests {
    /// A bad variant of a kind's file: its text and where the error must point.
    struct Damage: Sendable {
        var text: String
        var pointer: String
        var line: Int
        var column: Int
        /// Text the reason must contain.
        var says: String
    }

    struct Kind: CustomTestStringConvertible, Sendable {
        var name: String
        /// Where the file goes in a rules directory.
        var path: String
        /// What the file is called in messages ("not a guard policy file: …").
        var what: String
        /// A file that loads; its second line opens a string at column 3.
        var valid: String
        /// Reads the file from a rules directory.
        var read: @Sendable (URL) throws -> Void
        var contentCode: SanitizeError.Code
        var syntaxCode: SanitizeError.Code
        var utf8Code: SanitizeError.Code
        var duplicateCode: SanitizeError.Code
        var unknownKey: Damage
        var wrongType: Damage
        var duplicateKey: Damage
        var testDescription: String { name }
    }

    /// Which damage to a member.
    enum Member: CaseIterable, Sendable {
        case unknownKey, wrongType, duplicateKey

        func damage(of kind: Kind) -> Damage {
            switch self {
            case .unknownKey: kind.unknownKey
            case .wrongType: kind.wrongType
            case .duplicateKey: kind.duplicateKey
            }
        }
    }

    static let kinds: [Kind] = [
        Kind(
            name: "message catalog", path: "messages/en.json", what: "message catalog",
            valid: "{\n  \"locale\": \"en\",\n  \"fallback\": \"Oops.\",\n  \"codes\": {\"x\": \"A.\"}\n}",
            read: { _ = try MessageCatalog(directory: $0.appendingPathComponent("messages").path) },
            contentCode: .catalogInvalidEntry, syntaxCode: .catalogSyntax, utf8Code: .catalogSyntax,
            duplicateCode: .catalogDuplicateKey,
            unknownKey: Damage(
                text: "{\n  \"locale\": \"en\",\n  \"fallback\": \"Oops.\",\n  \"code\": {\"x\": \"A.\"}\n}",
                pointer: "/code", line: 4, column: 3, says: "unknown key \"code\" in the message catalog (allowed: "),
            wrongType: Damage(
                text: "{\n  \"locale\": \"en\",\n  \"fallback\": \"Oops.\",\n  \"codes\": [\"A.\"]\n}",
                pointer: "/codes", line: 4, column: 12, says: "\"/codes\" must be an object"),
            duplicateKey: Damage(
                text: "{\n  \"locale\": \"en\",\n  \"fallback\": \"Oops.\",\n  \"codes\": {\"x\": \"A.\", \"x\": \"B.\"}\n}",
                pointer: "/codes/x", line: 4, column: 24, says: "duplicate key \"x\"")),
        Kind(
            name: "guard policy", path: "guard.json", what: "guard policy file",
            valid: "{\n  \"version\": 1,\n  \"transport\": {\"loopback\": \"deny\"}\n}",
            read: { _ = try RequestGuard(contentsOf: $0.appendingPathComponent("guard.json")) },
            contentCode: .policyInvalid, syntaxCode: .policyInvalid, utf8Code: .policyInvalid,
            duplicateCode: .policyInvalid,
            unknownKey: Damage(
                text: "{\n  \"version\": 1,\n  \"transport\": {\"loopbak\": \"deny\"}\n}",
                pointer: "/transport/loopbak", line: 3, column: 17,
                says: "unknown key \"loopbak\" in \"/transport\" of the guard policy file (allowed: "),
            wrongType: Damage(
                text: "{\n  \"version\": \"1\",\n  \"transport\": {\"loopback\": \"deny\"}\n}",
                pointer: "/version", line: 2, column: 14, says: "\"/version\" must be an integer"),
            duplicateKey: Damage(
                text: "{\n  \"version\": 1,\n  \"transport\": {\"loopback\": \"deny\", \"loopback\": \"allow-http\"}\n}",
                pointer: "/transport/loopback", line: 3, column: 37, says: "duplicate key \"loopback\"")),
        Kind(
            name: "email policy", path: "email/policy.json", what: "email policy file",
            valid:
                "{\n  \"specialUseNames\": [\"test\"],\n  \"modes\": {\"rfc5321\": {\"requireDot\": true, \"refuseSpecialUseNames\": true, \"allowQuotedLocalPart\": true, \"allowDomainLiteral\": true}}\n}",
            read: { _ = try EmailPolicy.policy(for: .rfc5321, inRulesDirectory: $0.path) },
            contentCode: .configuration, syntaxCode: .jsonSyntax, utf8Code: .invalidUTF8, duplicateCode: .jsonDuplicateKey,
            unknownKey: Damage(
                text:
                    "{\n  \"specialUseNames\": [\"test\"],\n  \"modes\": {\"rfc5321\": {\"requireDot\": true, \"refuseSpecialUseNames\": true, \"allowQuotedLocalPart\": true, \"allowDomainLiteral\": true, \"requireDots\": true}}\n}",
                pointer: "/modes/rfc5321/requireDots", line: 3, column: 134, says: "unknown key \"requireDots\""),
            wrongType: Damage(
                text:
                    "{\n  \"specialUseNames\": \"test\",\n  \"modes\": {\"rfc5321\": {\"requireDot\": true, \"refuseSpecialUseNames\": true, \"allowQuotedLocalPart\": true, \"allowDomainLiteral\": true}}\n}",
                pointer: "/specialUseNames", line: 2, column: 22, says: "\"/specialUseNames\" must be an array"),
            duplicateKey: Damage(
                text:
                    "{\n  \"specialUseNames\": [\"test\"],\n  \"modes\": {\"rfc5321\": {\"requireDot\": true, \"refuseSpecialUseNames\": true, \"allowQuotedLocalPart\": true, \"allowDomainLiteral\": true, \"requireDot\": false}}\n}",
                pointer: "/modes/rfc5321/requireDot", line: 3, column: 134, says: "duplicate key \"requireDot\"")),
        Kind(
            name: "strip sets", path: "strip-sets.json", what: "strip-sets file",
            valid: "{\n  \"sets\": {\"sql\": {\"characters\": \";\", \"sequences\": [\"--\"]}}\n}",
            read: { _ = try StripSet.namedSets(contentsOfFile: $0.appendingPathComponent("strip-sets.json").path) },
            contentCode: .configuration, syntaxCode: .jsonSyntax, utf8Code: .invalidUTF8, duplicateCode: .jsonDuplicateKey,
            unknownKey: Damage(
                text: "{\n  \"sets\": {\"sql\": {\"characters\": \";\", \"sequence\": [\"--\"]}}\n}",
                pointer: "/sets/sql/sequence", line: 2, column: 39, says: "unknown key \"sequence\""),
            wrongType: Damage(
                text: "{\n  \"sets\": {\"sql\": {\"characters\": 3, \"sequences\": [\"--\"]}}\n}",
                pointer: "/sets/sql/characters", line: 2, column: 34, says: "\"/sets/sql/characters\" must be a string"),
            duplicateKey: Damage(
                text: "{\n  \"sets\": {\"sql\": {\"characters\": \";\", \"characters\": \"'\"}}\n}",
                pointer: "/sets/sql/characters", line: 2, column: 39, says: "duplicate key \"characters\"")),
        Kind(
            name: "filter policy", path: "filter.json", what: "filter policy file",
            valid: "{\n  \"stringSteps\": [\"trim\", \"nfc\"]\n}",
            read: {
                let path = $0.appendingPathComponent("filter.json").path
                _ = try RecordFilter.policy(fromJSON: Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
            },
            contentCode: .configuration, syntaxCode: .jsonSyntax, utf8Code: .invalidUTF8, duplicateCode: .jsonDuplicateKey,
            unknownKey: Damage(
                text: "{\n  \"stringStep\": [\"trim\", \"nfc\"]\n}",
                pointer: "/stringStep", line: 2, column: 3, says: "unknown key \"stringStep\""),
            wrongType: Damage(
                text: "{\n  \"stringSteps\": [\"trim\", 3]\n}",
                pointer: "/stringSteps/1", line: 2, column: 27, says: "x-sanitize step 1: "),
            duplicateKey: Damage(
                text: "{\n  \"stringSteps\": [\"trim\"], \"stringSteps\": [\"nfc\"]\n}",
                pointer: "/stringSteps", line: 2, column: 28, says: "duplicate key \"stringSteps\"")),
    ]

    /// Writes `bytes` as the kind's file in a fresh rules directory, reads it, and returns the error.
    static func error(_ kind: Kind, _ bytes: [UInt8]) throws -> (SanitizeError?, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rule-file-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(kind.path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        do {
            try kind.read(directory)
            return (nil, file.path)
        } catch let error as SanitizeError {
            return (error, file.path)
        }
    }

    @Test("the undamaged file loads", arguments: kinds)
    func validLoads(kind: Kind) throws {
        let (error, _) = try Self.error(kind, Array(kind.valid.utf8))
        #expect(error == nil, "\(String(describing: error))")
    }

    @Test(
        "an unknown key, a wrong type and a duplicate key: code, file, pointer, line, column and why",
        arguments: kinds, Member.allCases)
    func damagedMember(kind: Kind, member: Member) throws {
        let bad = member.damage(of: kind)
        let (found, path) = try Self.error(kind, Array(bad.text.utf8))
        let error = try #require(found, "\(kind.name): \(bad.text) was accepted")
        #expect(error.code == (member == .duplicateKey ? kind.duplicateCode : kind.contentCode), "\(error)")
        #expect(error.location?.file == path, "\(error)")
        #expect(error.location?.pointer == bad.pointer, "\(error)")
        #expect(error.location?.line == bad.line && error.location?.column == bad.column, "\(error)")
        #expect(error.reason.contains(bad.says), "\(error)")
        #expect(error.description.hasPrefix("\(path):\(bad.line):\(bad.column) "), "\(error)")
    }

    @Test("bad UTF-8 is refused, not repaired: code, file, line and column", arguments: kinds)
    func badUTF8(kind: Kind) throws {
        // The second line is `  "key…`: put a malformed sequence inside that key.
        var bytes = Array(kind.valid.utf8)
        let secondLine = try #require(bytes.firstIndex(of: 0x0A)) + 1
        bytes.insert(contentsOf: [0xC3, 0x28], at: secondLine + 3)
        let (found, path) = try Self.error(kind, bytes)
        let error = try #require(found, "\(kind.name): bad UTF-8 was accepted")
        #expect(error.code == kind.utf8Code, "\(error)")
        #expect(error.location?.file == path, "\(error)")
        #expect(error.location?.line == 2 && error.location?.column == 4, "\(error)")
        #expect(error.reason.hasPrefix("not a\(kind.what.first == "e" ? "n" : "") \(kind.what): "), "\(error)")
    }

    @Test("a truncated file is refused: code, file, line and column", arguments: kinds)
    func truncated(kind: Kind) throws {
        // The first two lines only: the file ends inside an object on line 2.
        let lines = kind.valid.split(separator: "\n", omittingEmptySubsequences: false)
        let text = lines[0] + "\n" + lines[1]
        let (found, path) = try Self.error(kind, Array(text.utf8))
        let error = try #require(found, "\(kind.name): a truncated file was accepted")
        #expect(error.code == kind.syntaxCode, "\(error)")
        #expect(error.location?.file == path, "\(error)")
        #expect(error.location?.line == 2 && error.location?.column == lines[1].utf8.count + 1, "\(error)")
        #expect(error.reason.contains("end of input"), "\(error)")
    }
}
