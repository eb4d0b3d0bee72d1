/// The version of the `sanitize` command: `sanitize --version` prints it, `sanitize --help`
/// shows it, and a test checks that the README names the same one.
enum SanitizeVersion {
    static let current = "0.1.0"
}
