import Foundation
import SanitizeKit
import Testing

/// The JSON-Schema-Test-Suite `optional/format/email.json` and `idn-email.json` cases
/// (draft 2020-12, MIT licence, read from ``Corpus/jsonSchemaTestSuite``), run in the matching mode.
@Suite("JSON-Schema-Test-Suite email formats", .corpus(.jsonSchemaTestSuite))
struct JSONSchemaEmailSuiteTests {
    struct SuiteCase: Sendable, CustomTestStringConvertible {
        let file: String
        let description: String
        let address: String
        let valid: Bool
        var testDescription: String { "\(file): \(description)" }
    }

    /// The string cases of a suite file; non-string data ("all string formats ignore …") is
    /// counted but has nothing for an email validator to check.
    static func cases(_ file: String) -> (strings: [SuiteCase], nonStrings: Int) {
        guard let data = try? Data(contentsOf: Corpus.jsonSchemaTestSuite.urlIfPresent("tests/draft2020-12/optional/format/\(file)")),
            let groups = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [[String: Any]]
        else { return ([], 0) }
        var strings: [SuiteCase] = []
        var nonStrings = 0
        for group in groups {
            for test in group["tests"] as? [[String: Any]] ?? [] {
                guard let address = test["data"] as? String else {
                    nonStrings += 1
                    continue
                }
                strings.append(
                    SuiteCase(
                        file: file, description: test["description"] as? String ?? "",
                        address: address, valid: test["valid"] as? Bool ?? false))
            }
        }
        return (strings, nonStrings)
    }

    static let emailCases = cases("email.json").strings
    static let idnEmailCases = cases("idn-email.json").strings

    @Test func theFixturesHoldEveryCase() {
        // 21 string cases + 6 non-string cases in email.json; 12 + 6 in idn-email.json.
        #expect(Self.emailCases.count == 21)
        #expect(Self.cases("email.json").nonStrings == 6)
        #expect(Self.idnEmailCases.count == 12)
        #expect(Self.cases("idn-email.json").nonStrings == 6)
    }

    static let rfc5321 = EmailValidator(mode: .rfc5321)
    static let international = EmailValidator(mode: .international)

    @Test(arguments: emailCases)
    func emailFormatInRFC5321Mode(_ example: SuiteCase) {
        #expect(Self.rfc5321.validate(example.address).isValid == example.valid, "\(example.address)")
    }

    @Test(arguments: emailCases)
    func emailFormatInInternationalMode(_ example: SuiteCase) {
        #expect(Self.international.validate(example.address).isValid == example.valid, "\(example.address)")
    }

    /// The suite's idn-email cases that `international` refuses by design (issue #21, listed in
    /// docs/email.md): RFC 6531's grammar admits them, the safety rules do not. Each maps to
    /// the rejection code expected instead.
    static let refusedByDesign: [String: String] = [
        "a local part that is not in Unicode NFC is valid": "local-part-not-nfc",
        "a C1 control in the local part is valid": "refused-character",
        "a noncharacter in the local part is valid": "refused-character",
    ]

    @Test(arguments: idnEmailCases)
    func idnEmailFormatInInternationalMode(_ example: SuiteCase) {
        let verdict = Self.international.validate(example.address)
        if let code = Self.refusedByDesign[example.description] {
            #expect(verdict.rejection?.code == code, "\(example.address)")
        } else {
            #expect(verdict.isValid == example.valid, "\(example.address)")
        }
    }

    @Test func everyCaseRefusedByDesignIsInTheSuite() {
        let descriptions = Set(Self.idnEmailCases.map(\.description))
        for description in Self.refusedByDesign.keys {
            #expect(descriptions.contains(description), "\(description)")
        }
    }
}
