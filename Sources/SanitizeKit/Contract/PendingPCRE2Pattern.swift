import Foundation

/// Stand-in with the API of the email part's PCRE2 wrapper until that branch is merged.
final class PCRE2Pattern: @unchecked Sendable {
    struct Options {
        var ecmaScriptCompatible = true
        static let `default` = Options()
    }
    private let regex: NSRegularExpression

    init(_ pattern: String, options: Options = .default) throws {
        regex = try NSRegularExpression(pattern: pattern)
    }

    func matches(_ text: String) throws -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func matches(_ utf8: UnsafeRawBufferPointer) throws -> Bool {
        try matches(String(decoding: utf8, as: UTF8.self))
    }
}
