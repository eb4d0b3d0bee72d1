import SanitizeKit

/// docs/email.md: a pattern that does not compile.
func emailPatternError() {
    do {
        _ = try EmailValidator(mode: .html5, pattern: "ab(cd")
    } catch {
        print(error)   // SanitizeError code "regex-compile" at byte 5: "missing closing parenthesis"
    }
}
