import Foundation
import SanitizeKit
import Testing

@Suite("Email rules as data")
struct EmailRulesTests {
    static let rulesDirectory = Fixtures.repositoryRoot.appendingPathComponent("Rules").path

    @Test(arguments: EmailMode.allCases)
    func compiledInCopyEqualsTheRuleFileByteForByte(mode: EmailMode) throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Rules/" + EmailPatternFile.relativePath(for: mode))
        let file = try Data(contentsOf: url)
        #expect(Array(file) == Array(EmailPatternFile.defaultFileText(for: mode).utf8))
    }

    @Test(arguments: EmailMode.allCases)
    func everyRuleFileLoadsAndCompiles(mode: EmailMode) throws {
        let validator = try EmailValidator(mode: mode, rulesDirectory: Self.rulesDirectory)
        #expect(validator.pattern.pattern == EmailValidator(mode: mode).pattern.pattern)
        #expect(validator.pattern.usesJIT == PCRE2Pattern.isJITAvailable)
        #expect(validator.validate("joe@example.com").isValid)
    }

    @Test func headerCommentsAreDroppedAndLinesJoined() throws {
        let text = "# a comment\n  # an indented comment\n\n  ^a+\n\t@b$  \n"
        #expect(try EmailPatternFile.pattern(fromFileText: text) == "^a+@b$")
    }

    @Test func windowsLineEndsSplitLinesToo() throws {
        let text = "# a comment\r\n  ^a+ \r\n\t@b$\r\n\r\n"
        #expect(try EmailPatternFile.pattern(fromFileText: text) == "^a+@b$")
        // Every built-in file reads the same with its line ends written the Windows way.
        for mode in EmailMode.allCases {
            let file = EmailPatternFile.defaultFileText(for: mode)
            let windows = file.replacingOccurrences(of: "\n", with: "\r\n")
            #expect(try EmailPatternFile.pattern(fromFileText: windows) == EmailPatternFile.pattern(fromFileText: file))
        }
    }

    @Test func onlyBlanksAtTheEndsAreTrimmed() throws {
        // Inner spaces stay; a non-ASCII character is kept whole.
        #expect(try EmailPatternFile.pattern(fromFileText: " \t^a b\u{301}$ \r") == "^a b\u{301}$")
    }

    @Test func aFileWithoutPatternIsAConfigurationError() {
        #expect(throws: SanitizeError.self) { try EmailPatternFile.pattern(fromFileText: "# only\n\n") }
    }

    @Test func aUserPatternReplacesTheBuiltInOne() throws {
        let corporate = try EmailValidator(mode: .html5, pattern: #"[a-z]+@example\.com"#)
        #expect(corporate.validate("joe@example.com") == .valid)
        #expect(corporate.validate("joe@example.org") == .invalid(.patternMismatch(mode: .html5)))
        // The pattern always matches the whole input, whatever the options say.
        #expect(corporate.validate("xjoe@example.comx") == .invalid(.patternMismatch(mode: .html5)))
    }

    @Test func aRulesDirectoryOfYourOwn() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("email-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("email"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "# only .test\n^[^@]+@[a-z]+\\.test$\n".write(
            to: directory.appendingPathComponent("email/strict.pcre"), atomically: true, encoding: .utf8)
        let validator = try EmailValidator(mode: .strict, rulesDirectory: directory.path)
        #expect(validator.validate("me@site.test") == .valid)
        #expect(validator.validate("me@site.com") == .invalid(.patternMismatch(mode: .strict)))
        // A missing file is an I/O error naming the file.
        do {
            _ = try EmailValidator(mode: .html5, rulesDirectory: directory.path)
            Issue.record("a missing rule file loaded")
        } catch let error as SanitizeError {
            #expect(error.code == .io)
            #expect(error.location?.file?.hasSuffix("email/html5.pcre") == true)
        }
    }

    @Test func aBrokenPatternFileSaysWhereAndWhy() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("email-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("email"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "# broken\n[a-z+@x\n".write(
            to: directory.appendingPathComponent("email/lenient.pcre"), atomically: true, encoding: .utf8)
        do {
            _ = try EmailValidator(mode: .lenient, rulesDirectory: directory.path)
            Issue.record("a broken pattern compiled")
        } catch let error as SanitizeError {
            #expect(error.code == .regexCompile)
            #expect(error.location?.file?.hasSuffix("email/lenient.pcre") == true)
            #expect(error.location?.byteOffset == 7)
            #expect(error.reason.contains("missing terminating ]"))
        }
    }
}
