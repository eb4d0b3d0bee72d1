import Foundation
import SanitizeKit
import Testing

/// The policy options of rfc5321 and international (issue #21): their defaults in
/// `Rules/email/policy.json`, and each option's effect.
@Suite("Email policy options")
struct EmailPolicyTests {
    @Test func compiledInCopyEqualsRulesEmailPolicyJSONByteForByte() throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Rules/" + EmailPolicy.relativePath)
        #expect(Array(try Data(contentsOf: url)) == Array(EmailPolicy.defaultFileText.utf8))
    }

    @Test func theDefaultsAreTheDocumentedOnes() throws {
        let rfc5321 = EmailPolicy.defaults(for: .rfc5321)
        #expect(rfc5321.requireDot && rfc5321.refuseSpecialUseNames)
        #expect(rfc5321.allowQuotedLocalPart && rfc5321.allowDomainLiteral)
        let international = EmailPolicy.defaults(for: .international)
        #expect(international.requireDot && international.refuseSpecialUseNames)
        #expect(international.allowQuotedLocalPart && international.allowDomainLiteral)
        #expect(international.specialUseNames == ["arpa", "invalid", "local", "localhost", "onion", "test"])
        let parsed = try EmailPolicy.policies(fromJSON: Array(EmailPolicy.defaultFileText.utf8))
        #expect(parsed == [.rfc5321: rfc5321, .international: international])
    }

    @Test func theRulesDirectoryPolicyIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("email-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("email"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try EmailPatternFile.defaultFileText(for: .international).write(
            to: directory.appendingPathComponent("email/international.pcre"), atomically: true, encoding: .utf8)
        // Without policy.json: the built-in defaults.
        let defaults = try EmailValidator(mode: .international, rulesDirectory: directory.path)
        #expect(defaults.policy == EmailPolicy.defaults(for: .international))
        let file = #"{"modes": {"international": {"requireDot": false, "refuseSpecialUseNames": true, "allowQuotedLocalPart": false, "allowDomainLiteral": false}}, "specialUseNames": ["corp"]}"#
        try file.write(to: directory.appendingPathComponent("email/policy.json"), atomically: true, encoding: .utf8)
        let validator = try EmailValidator(mode: .international, rulesDirectory: directory.path)
        #expect(validator.validate("me@intranet") == .valid)
        #expect(validator.validate("me@mail.corp") == .invalid(.specialUseDomain(name: "corp")))
        #expect(validator.validate("me@x.test") == .valid)
        #expect(validator.validate("\"a b\"@example.com") == .invalid(.quotedLocalPartRefused))
        #expect(validator.validate("me@[192.0.2.1]") == .invalid(.domainLiteralRefused))
        // A file that does not name the mode, or names an unknown one, is a configuration error.
        #expect(throws: SanitizeError.self) { try EmailValidator(mode: .rfc5321, rulesDirectory: directory.path) }
        try #"{"modes": {"html5": {"requireDot": true, "refuseSpecialUseNames": true, "allowQuotedLocalPart": true, "allowDomainLiteral": true}}, "specialUseNames": []}"#
            .write(to: directory.appendingPathComponent("email/policy.json"), atomically: true, encoding: .utf8)
        do {
            _ = try EmailValidator(mode: .international, rulesDirectory: directory.path)
            Issue.record("a policy for html5 was accepted")
        } catch let error as SanitizeError {
            #expect(error.code == .configuration)
            #expect(error.location?.file?.hasSuffix("email/policy.json") == true)
        }
        #expect(throws: SanitizeError.self) { try EmailPolicy.policies(fromJSON: Array(#"{"modes": {}}"#.utf8)) }
    }

    static let specialUse: [(String, String)] = [
        ("me@in-addr.arpa", "arpa"), ("me@x.invalid", "invalid"), ("me@printer.local", "local"),
        ("me@a.localhost", "localhost"), ("me@hidden.onion", "onion"), ("me@example.test", "test"),
        ("me@EXAMPLE.TEST", "test"), ("me@deep.sub.Local", "local"),
    ]

    @Test(arguments: specialUse)
    func specialUseNamesAreRefusedByDefault(_ example: (String, String)) {
        let verdict = EmailValidator(mode: .international).validate(example.0)
        #expect(verdict == .invalid(.specialUseDomain(name: example.1)))
        var policy = EmailPolicy.defaults(for: .international)
        policy.refuseSpecialUseNames = false
        #expect(EmailValidator(mode: .international, policy: policy).validate(example.0) == .valid)
        #expect(EmailValidator(mode: .rfc5321).validate(example.0) == .invalid(.specialUseDomain(name: example.1)))
        #expect(EmailValidator(mode: .rfc5321, policy: EmailRFC5321Tests.grammarOnly).validate(example.0) == .valid)
    }

    @Test func namesThatOnlyLookSpecialAreValid() {
        let validator = EmailValidator(mode: .international)
        for address in ["me@example.testing", "me@mytest.com", "me@local.example.com", "me@onion.net", "me@arpa.io"] {
            #expect(validator.validate(address) == .valid, "\(address)")
        }
    }

    @Test func aDotIsRequiredByDefault() {
        #expect(EmailValidator(mode: .international).validate("admin@mailserver") == .invalid(.domainWithoutDot))
        #expect(EmailValidator(mode: .international).validate("admin@例え") == .invalid(.domainWithoutDot))
        let rfc5321 = EmailValidator(mode: .rfc5321)
        #expect(rfc5321.validate("admin@mailserver1") == .invalid(.domainWithoutDot))
        #expect(rfc5321.validate("admin@mail.test") == .invalid(.specialUseDomain(name: "test")))
        #expect(EmailValidator(mode: .rfc5321, policy: EmailRFC5321Tests.grammarOnly).validate("admin@mailserver1") == .valid)
        #expect(rfc5321.validate("admin@mail.example") == .valid)
    }

    @Test func quotedLocalPartsAndLiteralsFollowThePolicy() {
        var policy = EmailPolicy.defaults(for: .rfc5321)
        #expect(EmailValidator(mode: .rfc5321, policy: policy).validate("\"a b\"@example.com") == .valid)
        #expect(EmailValidator(mode: .rfc5321, policy: policy).validate("a@[IPv6:::1]") == .valid)
        policy.allowQuotedLocalPart = false
        policy.allowDomainLiteral = false
        for mode in [EmailMode.rfc5321, .international] {
            var modePolicy = policy
            modePolicy.requireDot = mode == .international
            let validator = EmailValidator(mode: mode, policy: modePolicy)
            #expect(validator.validate("\"a b\"@example.com") == .invalid(.quotedLocalPartRefused))
            #expect(validator.validate("a@[IPv6:::1]") == .invalid(.domainLiteralRefused))
            #expect(validator.validate("a@[192.0.2.1]") == .invalid(.domainLiteralRefused))
            #expect(validator.validate("a.b@example.com") == .valid)
        }
    }

    @Test func thePatternOnlyModesIgnoreThePolicy() {
        let policy = EmailPolicy(
            requireDot: true, refuseSpecialUseNames: true, allowQuotedLocalPart: false, allowDomainLiteral: false)
        #expect(EmailValidator(mode: .html5, policy: policy).validate("me@localhost") == .valid)
    }
}
