import Foundation
import Testing

@testable import SanitizeKit

/// Unicode's own conformance data for UTS #46 (`IdnaTestV2.txt`, version 13.0.0, as the PyPI `idna`
/// 3.10 sdist carries it: ``Corpus/idnaPackage``, which `scripts/get-package-data` unpacks)
/// run through ``UTS46/toASCII(_:options:)`` with ``UTS46/Options/strict`` (the file's
/// CheckHyphens and VerifyDnsLength) and through ``UTS46/domainToASCII(_:)`` (the WHATWG
/// flags, so the statuses of the checks it turns off are ignored, as the file's CONFORMANCE
/// section says). Lines with U1 (UseSTD3ASCIIRules, which WHATWG turns off and the file
/// turns on) cannot be compared and are counted. Every other line must agree: the same
/// ASCII result, or an error where the file lists one, except the lines of
/// ``knownDifferences``, and lines the file refuses only for a code point that Unicode's later
/// data accepts (``isNewerThanFile(_:)``: our tables are 18.0.0's).
@Suite("UTS #46 conformance (IdnaTestV2)", .corpus(.idnaPackage))
struct UTS46ConformanceTests {
    struct Case {
        var line: Int
        var source: String
        var toASCII: String
        var statuses: Set<String>
    }

    /// Lines where the WHATWG flags give another answer than the 13.0.0 test data, each for a
    /// reason of the standard's later versions, keyed by source text. The strict run has none.
    static let knownDifferences: [String: String] = [
        // UTS #46 15.1 made a failed Punycode conversion an error whatever the flags; the
        // 13.0 file counts it (P4) only under VerifyDnsLength. Refusing is the safe side.
        "xn--0.pt": "Punycode that does not decode is an error since UTS #46 15.1",
        "xn--a-Ä.pt": "Punycode that does not decode is an error since UTS #46 15.1",
        "xn--a-ä.pt": "Punycode that does not decode is an error since UTS #46 15.1",
        "XN--A-Ä.PT": "Punycode that does not decode is an error since UTS #46 15.1",
        "Xn--A-Ä.pt": "Punycode that does not decode is an error since UTS #46 15.1",
        // UTS #46 15.1 §4.1 criterion 3: without CheckHyphens a label must still not begin
        // with xn-- (here the decoded U-label does); the 13.0 file ties it to CheckHyphens (V2).
        "xn--xn--a--gua.pt": "a U-label starting with xn-- is an error since UTS #46 15.1",
        // U+0D01 and U+18C4E: disallowed in the 13.0 IdnaMappingTable, valid in 15.0; the
        // other statuses (A4_2, the empty label) are VerifyDnsLength's, which WHATWG turns off.
        "㨛𘱎.。7ഁ": "code points valid in Unicode 15.0, disallowed in 13.0",
        "xn--mbm8237g..xn--7-7hf": "code points valid in Unicode 15.0, disallowed in 13.0",
    ]

    static let cases: [Case] = {
        let text = (try? String(contentsOf: Corpus.idnaPackage.urlIfPresent("tests/IdnaTestV2.txt"), encoding: .utf8)) ?? ""
        var cases: [Case] = []
        // Split on scalars, not characters: U+0600…U+0605 are Prepend characters that would
        // join the `;` after them into one grapheme.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let columns = content.split(separator: ";", omittingEmptySubsequences: false)
                .map { unescape(String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespaces)) }
            guard columns.count >= 5 else { continue }
            let source = columns[0]
            let toUnicode = columns[1].isEmpty ? source : columns[1]
            let toASCII = columns[3].isEmpty ? toUnicode : columns[3]
            let statusText = columns[4].isEmpty ? columns[2] : columns[4]
            let statuses = Set(
                statusText.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) })
            cases.append(Case(line: number + 1, source: source, toASCII: toASCII, statuses: statuses))
        }
        return cases
    }()

    /// `\uXXXX` and `\x{XXXX}` escapes of the file.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var output = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first {
            if first == "\\", scalars.count >= 6, scalars.dropFirst().first == "u" {
                let hex = String(String.UnicodeScalarView(scalars.dropFirst(2).prefix(4)))
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    output.append(scalar)
                    scalars = scalars.dropFirst(6)
                    continue
                }
            }
            if first == "\\", scalars.dropFirst().first == "x", scalars.dropFirst(2).first == "{",
                let close = scalars.firstIndex(of: "}")
            {
                let hex = String(String.UnicodeScalarView(scalars[(scalars.startIndex + 3)..<close]))
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    output.append(scalar)
                    scalars = scalars[(close + 1)...]
                    continue
                }
            }
            output.append(first)
            scalars = scalars.dropFirst()
        }
        return String(output)
    }

    /// Whether a result holds what only UseSTD3ASCIIRules refuses: ASCII other than letters,
    /// digits, `-` and `.`, or U+2260, U+226E, U+226F (disallowed_STD3_valid), directly or in
    /// an `xn--` label. The file (STD3 on) marks such names P1/V6 rather than U1, so they are
    /// not comparable with the WHATWG flags.
    static func isSTD3Dependent(_ ascii: String) -> Bool {
        let ldh = Set("abcdefghijklmnopqrstuvwxyz0123456789-.".unicodeScalars)
        if ascii.unicodeScalars.contains(where: { !ldh.contains($0) }) { return true }
        for label in ascii.split(separator: ".") where label.hasPrefix("xn--") {
            let decoded = Punycode.decode(String(label.dropFirst(4))) ?? []
            if decoded.contains(where: { [0x2260, 0x226E, 0x226F].contains($0.value) || ($0.isASCII && !ldh.contains($0)) }) {
                return true
            }
        }
        return false
    }

    /// Code points the 13.0 IdnaMappingTable disallows and UTS #46 16.0 maps or ignores
    /// (Georgian capitals, U+04C0, Hangul fillers, invisible operators, deprecated format
    /// characters, musical formatting symbols, U+2132, U+2183, five CJK compatibility ideographs).
    static let mappedSince16: Set<UInt32> = Set(
        [0x04C0, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x1806, 0x180E, 0x2061, 0x2062, 0x2063, 0x2132, 0x2183, 0x3164, 0xFFA0,
         0x2F868, 0x2F874, 0x2F91F, 0x2F95F, 0x2F9BF]
            + Array(0x10A0...0x10C5) + Array(0x206A...0x206F) + Array(0x1D173...0x1D17A))

    /// Whether `source` (its `xn--` labels decoded) holds a code point the file's 13.0 data
    /// disallows and our 18.0 tables accept: one of ``mappedSince16``, or one assigned after
    /// 13.0 (the runtime's age says so, or it does not know the code point, which our tables
    /// then know from a later version). The file refuses such a line with P1/V6; we may accept it.
    static func isNewerThanFile(_ source: String) -> Bool {
        var scalars = Array(source.unicodeScalars)
        for label in source.lowercased().split(whereSeparator: { $0 == "." || $0 == "\u{3002}" || $0 == "\u{FF0E}" })
        where label.hasPrefix("xn--") {
            scalars += Punycode.decode(String(label.dropFirst(4))) ?? []
        }
        return scalars.contains { scalar in
            guard !scalar.isASCII else { return false }
            if mappedSince16.contains(scalar.value) { return true }
            guard let age = scalar.properties.age else { return true }
            return age.major > 13
        }
    }

    /// Runs every comparable line; returns the disagreements as `line: source` texts.
    static func disagreements(ignoring ignored: Set<String>, _ run: (String) -> Result<String, IDNAError>)
        -> (compared: Int, differences: [String: String])
    {
        var compared = 0
        var differences: [String: String] = [:]
        for item in cases where !item.statuses.contains("U1") {
            compared += 1
            let expectError = !item.statuses.subtracting(ignored).isEmpty
            switch run(item.source) {
            case .success(let ascii):
                if expectError, isSTD3Dependent(ascii) {
                    compared -= 1
                } else if expectError, item.statuses.subtracting(ignored).isSubset(of: ["P1", "V5", "V6"]),
                    isNewerThanFile(item.source)
                {
                    // Disallowed in 13.0 (P1, V6; V5 for a mark since ignored), accepted by our 18.0 tables.
                    compared -= 1
                } else if expectError {
                    differences[item.source] = "line \(item.line): accepted as \(ascii), file says \(item.statuses.sorted())"
                } else if ascii != item.toASCII {
                    differences[item.source] = "line \(item.line): \(ascii) instead of \(item.toASCII)"
                }
            case .failure(let error):
                if !expectError {
                    differences[item.source] = "line \(item.line): refused (\(error)), file says \(item.toASCII)"
                }
            }
        }
        return (compared, differences)
    }

    @Test("the test file is complete: 6 225 lines")
    func fileIsComplete() {
        #expect(Self.cases.count == 6_225)
    }

    @Test("ToASCII with CheckHyphens and VerifyDnsLength agrees with every comparable line")
    func strict() {
        let (compared, differences) = Self.disagreements(ignoring: []) { UTS46.toASCII($0, options: .strict) }
        #expect(compared > 5_000)
        for (source, text) in differences.sorted(by: { $0.value < $1.value }) {
            Issue.record("\(source.debugDescription) \(text)")
        }
    }

    @Test("WHATWG domain to ASCII agrees with every comparable line, hyphen and length statuses ignored")
    func whatwg() {
        let (compared, differences) = Self.disagreements(ignoring: ["V2", "V3", "A4_1", "A4_2", "P4", "X4_2"]) { source in
            UTS46.toASCII(source, options: .whatwg)
        }
        #expect(compared > 5_000)
        for (source, text) in differences.sorted(by: { $0.value < $1.value })
        where Self.knownDifferences[source] == nil {
            Issue.record("\(source.debugDescription) \(text)")
        }
        // Every listed difference still occurs, so the list cannot go stale.
        for source in Self.knownDifferences.keys {
            #expect(differences[source] != nil, "\(source) no longer differs: remove it from knownDifferences")
        }
    }
}
