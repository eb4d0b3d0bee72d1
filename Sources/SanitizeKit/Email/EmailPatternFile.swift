import Foundation

/// The `.pcre` rule file format of `Rules/email/`: a pattern with a header of comments.
///
/// Lines whose first non-blank character is `#` are comments. Every other line is trimmed of
/// spaces and tabs at both ends, and the lines are joined without separators into one PCRE2
/// pattern (so a long pattern may be split over lines; write `\x20` for a space at a line's
/// end). The validator matches the pattern against the whole input.
package enum EmailPatternFile {
    /// The name of the rule file for `mode` inside a rules directory: `email/<mode>.pcre`.
    /// - Parameter mode: the mode.
    /// - Returns: the path relative to the rules directory.
    package static func relativePath(for mode: EmailMode) -> String { "email/\(mode.rawValue).pcre" }

    /// The pattern held by a rule file's text.
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the file name, for the error's location.
    /// - Returns: the pattern: the non-comment lines, trimmed and joined.
    /// - Throws: ``SanitizeError`` coded `configuration` when the file holds no pattern.
    package static func pattern(fromFileText text: String, file: String? = nil) throws(SanitizeError) -> String {
        var pattern = ""
        // Split and trimmed as bytes: a split on the `Character` "\n" left a file with Windows
        // line ends whole (`\r\n` is one `Character`), and Foundation's trimming cost every
        // start of a contract with an `email` format a tenth of its instructions.
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var start = line.startIndex
            var end = line.endIndex
            while start < end, isBlank(line[start]) { line.formIndex(after: &start) }
            while start < end, isBlank(line[line.index(before: end)]) { line.formIndex(before: &end) }
            if start == end || line[start] == UInt8(ascii: "#") { continue }
            pattern += Substring(line[start..<end])
        }
        guard !pattern.isEmpty else {
            throw SanitizeError(
                .configuration, "the email rule file holds no pattern, only comments or blank lines",
                at: file.map { SanitizeError.Location(file: $0) })
        }
        return pattern
    }

    /// Whether `byte` is trimmed from a line's ends: a space, a tab or a carriage return.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Reads the rule file for `mode` from a rules directory (`<directory>/email/<mode>.pcre`).
    /// - Parameters:
    ///   - mode: the mode whose file to read.
    ///   - directory: the rules directory, the one that holds `email/`.
    /// - Returns: the pattern the file holds.
    /// - Throws: ``SanitizeError`` coded `io` when the file cannot be read, `configuration`
    ///   when it holds no pattern.
    package static func pattern(for mode: EmailMode, inRulesDirectory directory: String) throws(SanitizeError) -> String {
        let path = URL(fileURLWithPath: directory).appendingPathComponent(relativePath(for: mode)).path
        return try pattern(fromFile: path)
    }

    /// Reads a rule file.
    /// - Parameter path: the file's path.
    /// - Returns: the pattern the file holds.
    /// - Throws: ``SanitizeError`` coded `io` when the file cannot be read as UTF-8,
    ///   `configuration` when it holds no pattern.
    package static func pattern(fromFile path: String) throws(SanitizeError) -> String {
        let data = try FileBytes.read(path: path, what: "email rule file")
        guard let text = String(validating: data, as: UTF8.self) else {
            throw SanitizeError(.invalidUTF8, "the email rule file is not UTF-8", at: SanitizeError.Location(file: path))
        }
        return try pattern(fromFileText: text, file: path)
    }

    /// The compiled-in copy of `Rules/email/<mode>.pcre` (a test checks they are equal).
    /// - Parameter mode: the mode.
    /// - Returns: the file's full text, comments included.
    package static func defaultFileText(for mode: EmailMode) -> String {
        switch mode {
        case .html5: DefaultEmailPatterns.html5
        case .rfc5321: DefaultEmailPatterns.rfc5321
        case .strict: DefaultEmailPatterns.strict
        case .lenient: DefaultEmailPatterns.lenient
        case .international: DefaultEmailPatterns.international
        }
    }
}
