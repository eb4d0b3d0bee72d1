import Foundation

/// Test data shared by the text suites.
package enum TextCorpus {
    /// The Big List of Naughty Strings (blns.json, MIT, read from ``Corpus/naughtyStrings``);
    /// empty when the corpus is missing, so every test that reads it (``all`` too) carries
    /// the `.corpus(.naughtyStrings)` trait.
    package static let naughtyStrings: [String] = {
        guard let data = try? Data(contentsOf: Corpus.naughtyStrings.urlIfPresent("blns.json")),
            let strings = try? JSONDecoder().decode([String].self, from: data)
        else { return [] }
        return strings
    }()

    /// Classic SQL injection payloads, with the quote-like characters that fool naive escapers.
    package static let injectionPayloads: [String] = [
        "' OR '1'='1", "' OR 1=1 --", "'; DROP TABLE users; --", "\\'; DROP TABLE users; --",
        "\\", "\\\\'", "'\\", "admin'--", "admin' #", "' UNION SELECT NULL, NULL --",
        "1'); DELETE FROM t; --", "\" OR \"\"=\"", "''''", "'''", "E'\\''", "$$; DROP TABLE t; $$",
        "$tag$x$tag$", "/* comment */ '", "'/*", "*/'", "%' AND 1=0 --", "a\n'; --", "a\r\n-- x",
        "\u{1A}'", "\u{7F}'", "\u{2BC} OR 1=1", "\u{2019} OR 1=1", "\u{FF07} OR 1=1", "\u{A5}'",
        "\u{2216}'", "'\u{0301}", "\u{202E}'", "'; SELECT pg_sleep(10); --", "1; SELECT 1",
        "` OR 1 `", "``", "\"\"", "\"", "ﾞ'", "\t'\t", "' || '", "0x27", "CHAR(39)",
    ]

    /// Every naughty string and injection payload.
    package static var all: [String] { naughtyStrings + injectionPayloads }
}

extension Array where Element == UInt8 {
    /// Lower-case hex of the bytes.
    package var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(count * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Reads `prefix<index>:<value>` lines into a dictionary.
package func indexedLines(_ output: String) -> [Int: String] {
    var result: [Int: String] = [:]
    for line in output.split(separator: "\n") {
        guard let colon = line.firstIndex(of: ":"), let index = Int(line[..<colon]) else { continue }
        result[index] = String(line[line.index(after: colon)...])
    }
    return result
}
