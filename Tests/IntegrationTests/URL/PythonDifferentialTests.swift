import Foundation
import SanitizeKit
import Testing

/// Differential tests against CPython's `urllib.parse`, all cases through one `python3`
/// process: `quote(s, safe='-._~')` (the RFC 3986 unreserved set) must equal our encoding;
/// `unquote` / `unquote_plus` must equal our strict decoding wherever the input is
/// well-formed; where it is not, our error offset must equal the first `%` that is not
/// followed by two hex digits, found by Python's `re` on the UTF-8 bytes.
@Suite("Differential against Python urllib.parse", .integration, .corpus(.naughtyStrings))
struct PythonDifferentialTests {
    struct Cases: Codable {
        var plain: [String]
        var escaped: [String]
    }

    struct Answers: Codable {
        var quoted: [String]
        var unquoted: [String]
        var unquotedPlus: [String]
        var firstMalformed: [Int]
    }

    static let program = """
        import json, re, sys
        from urllib.parse import quote, unquote, unquote_plus
        cases = json.load(sys.stdin)
        bad = re.compile(rb'%(?![0-9A-Fa-f]{2})')
        def first_bad(s):
            m = bad.search(s.encode('utf-8'))
            return m.start() if m else -1
        json.dump({
            'quoted': [quote(s, safe='-._~') for s in cases['plain']],
            'unquoted': [unquote(s, errors='strict') if first_bad(s) < 0 else '' for s in cases['escaped']],
            'unquotedPlus': [unquote_plus(s, errors='strict') if first_bad(s) < 0 else '' for s in cases['escaped']],
            'firstMalformed': [first_bad(s) for s in cases['escaped']],
        }, sys.stdout)
        """

    @Test("quote, unquote and unquote_plus agree on 6 000 generated strings")
    func differential() throws {
        var generator = SeededGenerator(seed: 2026)
        let plain = (0..<3_000).map { _ in GeneratedText.random(using: &generator) } + TextCorpus.all
        let escaped = (0..<3_000).map { _ in Self.escapedText(using: &generator) }
        let input = try JSONEncoder().encode(Cases(plain: plain, escaped: escaped))
        let run = try ExternalTool.run("python3", ["-c", Self.program], stdin: Array(input))
        #expect(run.status == 0, "python3 failed: \(run.stderr)")
        let answers = try JSONDecoder().decode(Answers.self, from: Data(run.stdout))
        #expect(answers.quoted.count == plain.count)
        for (text, expected) in zip(plain, answers.quoted) {
            #expect(PercentEncoding.encode(text, using: .rfc3986Unreserved) == expected, "\(text.debugDescription)")
        }
        var malformed = 0
        for (index, text) in escaped.enumerated() {
            let badAt = answers.firstMalformed[index]
            if badAt >= 0 {
                malformed += 1
                do throws(SanitizeError) {
                    _ = try PercentDecoding.decode(text)
                    Issue.record("accepted malformed \(text.debugDescription)")
                } catch {
                    #expect(error.code == .malformedPercentEscape)
                    #expect(error.location?.byteOffset == badAt, "\(text.debugDescription)")
                }
            } else {
                #expect(try PercentDecoding.decode(text) == answers.unquoted[index], "\(text.debugDescription)")
                #expect(try PercentDecoding.decodeForm(text) == answers.unquotedPlus[index], "\(text.debugDescription)")
            }
        }
        #expect(malformed > 100 && malformed < 2_900)
    }

    /// Text mixing raw characters, `+`, escapes of whole UTF-8 characters in either hex case,
    /// and now and then a broken escape (`%zz`, `%4`, a final `%`).
    static func escapedText(using generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int(generator.next() % 12) {
            switch generator.next() % 10 {
            case 0: text += "+"
            case 1...4:
                let piece = GeneratedText.random(using: &generator, maxLength: 2)
                let hex = piece.utf8.map { String(format: "%%%02X", $0) }.joined()
                text += generator.next() % 2 == 0 ? hex : hex.lowercased()
            case 5 where generator.next() % 4 == 0:
                text += ["%zz", "%4", "%", "%g1", "%%"][Int(generator.next() % 5)]
            default:
                text += GeneratedText.random(using: &generator, maxLength: 3).replacingOccurrences(of: "%", with: "")
            }
        }
        return text
    }
}
