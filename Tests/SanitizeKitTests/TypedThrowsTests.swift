import SanitizeKit
import Testing

/// The public API throws one error type, `SanitizeError`, typed (`throws(SanitizeError)`): a
/// `catch` gets a `SanitizeError` without a cast. Each call below would not compile if its
/// function threw `any Error`, and each checks the code it gets.
@Suite("One error style: typed throws(SanitizeError)")
struct TypedThrowsTests {
    /// Runs `body` and returns the typed error's code.
    func code(_ body: () throws(SanitizeError) -> Void) -> SanitizeError.Code? {
        do {
            try body()
            return nil
        } catch {
            return error.code  // `error` is a SanitizeError here, statically
        }
    }

    @Test func sqlShellPercentDecodingTextAndSteps() {
        #expect(code { () throws(SanitizeError) in _ = try SQL.quoteLiteral("a\u{0}", dialect: .postgres) } == .nulByte)
        #expect(code { () throws(SanitizeError) in _ = try SQL.quoteIdentifier("", dialect: .sqlite) } != nil)
        #expect(code { () throws(SanitizeError) in _ = try SQL.strip("a\u{0}") } == .nulByte)
        #expect(code { () throws(SanitizeError) in _ = try Shell.quote("a\u{0}") } == .nulByte)
        #expect(code { () throws(SanitizeError) in _ = try Shell.quote("-rf", refusingOptions: true) } == .optionLikeArgument)
        #expect(code { () throws(SanitizeError) in _ = try Shell.strip("a\u{0}") } == .nulByte)
        #expect(code { () throws(SanitizeError) in _ = try PercentDecoding.decode("100%") } == .malformedPercentEscape)
        #expect(code { () throws(SanitizeError) in _ = try PercentDecoding.decodeForm("%zz") } == .malformedPercentEscape)
        #expect(code { () throws(SanitizeError) in _ = try UTF8Validation.string(validating: [0xFF]) } == .invalidUTF8)
        #expect(code { () throws(SanitizeError) in _ = try TextStep(name: "nope") } == .configuration)
        #expect(code { () throws(SanitizeError) in _ = try TextStep.encode(.shellRefusingOptions).apply(to: "-x") } == .optionLikeArgument)
        #expect(code { () throws(SanitizeError) in _ = try URLPath.encodeSegment("..") } == .dotSegment)
        #expect(code { () throws(SanitizeError) in _ = try StripSet.namedSets(fromJSON: Array("[]".utf8)) } == .configuration)
    }

    @Test func regexEmailRulesCatalogsAndFilterPolicies() throws {
        #expect(code { () throws(SanitizeError) in _ = try PCRE2Pattern("ab(cd") } == .regexCompile)
        let backtracking = try PCRE2Pattern("(a+)+$", options: .init(jit: false))
        #expect(code { () throws(SanitizeError) in _ = try backtracking.matches(String(repeating: "a", count: 40) + "b") } == .regexLimit)
        #expect(code { () throws(SanitizeError) in _ = try EmailPatternFile.pattern(fromFileText: "# only a comment") } == .configuration)
        #expect(code { () throws(SanitizeError) in _ = try EmailPatternFile.pattern(fromFile: "/nonexistent/x.pcre") } == .io)
        #expect(code { () throws(SanitizeError) in _ = try EmailPolicy.policies(fromJSON: Array("{}".utf8)) } == .configuration)
        #expect(code { () throws(SanitizeError) in _ = try RecordFilter.policy(fromJSON: #"{"steps":[]}"#) } == .configuration)
        #expect(code { () throws(SanitizeError) in _ = try MessageCatalog(directory: "/nonexistent/catalogs") } == .io)
    }
}
