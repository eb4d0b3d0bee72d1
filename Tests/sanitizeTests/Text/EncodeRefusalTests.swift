import Foundation
import Testing

/// `encode url-path-segment`, `encode url-path` and `encode shell --refuse-options` refuse the
/// values no encoding makes safe (issue #22): dot segments, and words a program reads as options.
@Suite("sanitize encode: path traversal and option injection")
struct EncodeRefusalTests {
    /// The naughty strings that fit on one line (``Corpus/naughtyStrings``).
    static let naughtyLines: [String] = TextCorpus.naughtyStrings.filter { !$0.contains("\n") && !$0.contains("\r") }

    @Test("url-path-segment refuses '', '.' and '..' (exit 1, empty output line, reason); dots inside and %2e are encoded")
    func segment() throws {
        let run = try SanitizeProcess.run(["encode", "url-path-segment"], input: "..\n.\n\na.b\n%2e\n...\n")
        #expect(run.status == 1)
        #expect(run.lines == ["", "", "", "a.b", "%252e", "..."])
        #expect(run.stderr.contains("line 1: '..' is a double-dot segment"))
        #expect(run.stderr.contains("line 2: '.' is a single-dot segment"))
        #expect(run.stderr.contains("line 3: an empty path segment"))
        let allowed = try SanitizeProcess.run(["encode", "url-path-segment", "--allow-empty"], input: "\n..\n")
        #expect(allowed.lines == ["", ""])
        #expect(allowed.status == 1)
        #expect(!allowed.stderr.contains("line 1"))
    }

    @Test("url-path encodes each segment and refuses a path with a dot or empty segment")
    func path() throws {
        let run = try SanitizeProcess.run(["encode", "url-path"], input: "docs/a b/1.txt\ndocs/../etc\na//b\n")
        #expect(run.lines == ["docs/a%20b/1.txt", "", ""])
        #expect(run.status == 1)
        #expect(run.stderr.contains("line 2: the segment at byte 5: '..' is a double-dot segment"))
        #expect(run.stderr.contains("line 3: the segment at byte 2: an empty path segment"))
    }

    @Test("shell --refuse-options over the naughty strings: no accepted value begins with -, each one that does is refused", .corpus(.naughtyStrings))
    func refuseOptions() throws {
        let values = Self.naughtyLines + ["-rf", "--", "-", "--help=x", "a-b", " -x"]
        try #require(values.count > 400)
        let run = try SanitizeProcess.run(["encode", "shell", "--refuse-options"], input: values.joined(separator: "\n") + "\n")
        let lines = run.lines
        try #require(lines.count == values.count)
        let refused = Set(
            run.stderr.split(separator: "\n").compactMap { line -> Int? in
                guard line.hasPrefix("sanitize: line "), line.contains("begins with '-'") else { return nil }
                return Int(line.dropFirst("sanitize: line ".count).prefix { $0.isNumber })
            })
        for (index, value) in values.enumerated() {
            // Bytes, not Characters: a combining mark after the first byte makes another Character.
            if value.utf8.first == UInt8(ascii: "-") {
                #expect(lines[index].isEmpty && refused.contains(index + 1), "\(value)")
            } else if !value.contains("\u{0}") {
                #expect(lines[index].utf8.first == UInt8(ascii: "'") && !refused.contains(index + 1), "\(value)")
            }
        }
        #expect(run.status == 1)
        let plain = try SanitizeProcess.run(["encode", "shell", "--", "-rf"])
        #expect(plain.output == "'-rf'\n")
        #expect(plain.status == 0)
    }

    @Test("the new flags belong to their kinds")
    func flagsApplyToTheirKinds() throws {
        #expect(try SanitizeProcess.run(["encode", "url-query", "--refuse-options", "x"]).status == 2)
        #expect(try SanitizeProcess.run(["encode", "shell", "--allow-empty", "x"]).status == 2)
    }
}
