import Foundation
import Testing

@testable import SanitizeKit

@Suite("Rule files: one reader, unknown keys refused")
struct RuleFileTests {
    struct UnknownKey: CustomTestStringConvertible, Sendable {
        var kind: String
        /// Reads the file and returns its error.
        var read: @Sendable () throws -> Void
        var code: SanitizeError.Code
        var pointer: String
        /// A key the message must list as allowed.
        var allowed: String
        var testDescription: String { kind }
    }

    static let pin = "sha256/" + Data(repeating: 1, count: 32).base64EncodedString()
    static let pin2 = "sha256/" + Data(repeating: 2, count: 32).base64EncodedString()

    static let cases: [UnknownKey] = [
        UnknownKey(
            kind: "email policy: top level",
            read: { _ = try EmailPolicy.policies(fromJSON: Array(#"{"modes": {}, "specialUseNames": [], "specialUseName": []}"#.utf8)) },
            code: .configuration, pointer: "/specialUseName", allowed: "specialUseNames"),
        UnknownKey(
            kind: "email policy: a mode's options",
            read: {
                _ = try EmailPolicy.policies(
                    fromJSON: Array(
                        #"{"modes": {"rfc5321": {"requireDot": true, "refuseSpecialUseNames": true, "allowQuotedLocalPart": true, "allowDomainLiteral": true, "requireDots": false}}, "specialUseNames": []}"#
                            .utf8))
            },
            code: .configuration, pointer: "/modes/rfc5321/requireDots", allowed: "allowDomainLiteral"),
        UnknownKey(
            kind: "strip sets: top level",
            read: { _ = try StripSet.namedSets(fromJSON: Array(#"{"sets": {}, "set": {}}"#.utf8)) },
            code: .configuration, pointer: "/set", allowed: "sets"),
        UnknownKey(
            kind: "strip sets: a set",
            read: { _ = try StripSet.namedSets(fromJSON: Array(#"{"sets": {"a/b": {"characters": "x", "sequence": ["--"]}}}"#.utf8)) },
            code: .configuration, pointer: "/sets/a~1b/sequence", allowed: "sequences"),
        UnknownKey(
            kind: "filter policy",
            read: { _ = try RecordFilter.policy(fromJSON: #"{"stringStep": ["trim"]}"#) },
            code: .configuration, pointer: "/stringStep", allowed: "stringSteps"),
        UnknownKey(
            kind: "message catalog",
            read: { _ = try MessageCatalog(sources: [(fileName: "en.json", bytes: Array(#"{"locale":"en","fallback":"Oops.","code":{}}"#.utf8))]) },
            code: .catalogInvalidEntry, pointer: "/code", allowed: "codes"),
        UnknownKey(
            kind: "guard policy",
            read: { _ = try GuardPolicy.decode(Data(#"{"version": 1, "headers": {"maxCounts": 3}}"#.utf8)) },
            code: .policyInvalid, pointer: "/headers/maxCounts", allowed: "maxCount"),
        UnknownKey(
            kind: "guard policy: a pin",
            read: {
                _ = try GuardPolicy.decode(
                    Data(#"{"version": 1, "pins": [{"host": "a.example", "sha256": ["\#(pin)", "\#(pin2)"], "expiry": "x"}]}"#.utf8))
            },
            code: .policyInvalid, pointer: "/pins/0/expiry", allowed: "expires"),
    ]

    @Test("an unknown key in each kind of rule file is refused: its pointer and the keys allowed", arguments: cases)
    func refusesUnknownKeys(bad: UnknownKey) throws {
        let error = try #require(throws: SanitizeError.self) { try bad.read() }
        #expect(error.code == bad.code, "\(error)")
        #expect(error.location?.pointer == bad.pointer, "\(error)")
        #expect(error.reason.contains("unknown key"), "\(error)")
        #expect(error.reason.contains(bad.allowed), "\(error)")
    }

    @Test("the same files load without the unknown key")
    func loadsWithoutIt() throws {
        #expect(try StripSet.namedSets(fromJSON: Array(#"{"about": "x", "sets": {"a/b": {"characters": "x", "sequences": ["--"]}}}"#.utf8))["a/b"]?.sequences == ["--"])
        let policies = try EmailPolicy.policies(
            fromJSON: Array(
                #"{"about": "x", "modes": {"rfc5321": {"requireDot": false, "refuseSpecialUseNames": true, "allowQuotedLocalPart": true, "allowDomainLiteral": false}}, "specialUseNames": ["test"]}"#
                    .utf8))
        #expect(policies[.rfc5321]?.requireDot == false)
        #expect(policies[.rfc5321]?.allowDomainLiteral == false)
        #expect(policies[.rfc5321]?.specialUseNames == ["test"])
        #expect(try RecordFilter.policy(fromJSON: #"{"$comment": "x", "stringSteps": ["trim"]}"#).stringSteps.count == 1)
    }

    @Test("a file's problems name the file, the pointer, the line and the column")
    func locatesProblems() throws {
        let text = "{\n  \"sets\": {\n    \"sql\": {\"characters\": 3}\n  }\n}"
        let file = try RuleFile(bytes: Array(text.utf8), file: "strip-sets.json", what: "strip-sets file")
        let sets = try file.members(of: file.root, allowing: ["sets"])
        let sql = try #require(try file.members(of: sets[0].value, allowing: nil).first)
        let characters = try file.required("characters", in: try file.members(of: sql.value, allowing: ["characters"]), of: sql.value)
        let error = try #require(throws: SanitizeError.self) { try file.string(characters) }
        #expect(error.location == .init(file: "strip-sets.json", pointer: "/sets/sql/characters", line: 3, column: 27, byteOffset: 40))
        let missing = try #require(throws: SanitizeError.self) { try file.required("sequences", in: [], of: sql.value) }
        #expect(missing.reason == "required key \"sequences\" is missing from \"/sets/sql\"")
        #expect(missing.location?.pointer == "/sets/sql/sequences")
        #expect(missing.location?.line == 3 && missing.location?.column == 12)
    }

    @Test("a file that is not JSON says what it should have been, with the parser's line and column")
    func syntax() {
        let error = #expect(throws: SanitizeError.self) { try EmailPolicy.policies(fromJSON: Array("{\n\"modes\": }".utf8)) }
        #expect(error?.reason.hasPrefix("not an email policy file: ") == true)
        #expect(error?.location?.line == 2)
    }
}
