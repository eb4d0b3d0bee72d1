import Foundation
import Testing

@testable import SanitizeKit

/// Differential test of ``UTS46/domainToASCII(_:)`` against node's `url.domainToASCII`
/// (WHATWG URL domain to ASCII plus the host parser's checks, by the Ada URL parser 2.9.2 in
/// node 20) over every code point from U+0080 to U+2FFFF, each in a label `a<c>b.example`.
///
/// Of 194 432 hosts, the answers differ in these groups only, each where we refuse or node does,
/// but for U+1E9E:
/// - 58 code points added in Unicode 14.0 or 15.0 with Bidi class AL or R (U+061D, U+0870…,
///   U+10F70…): our Bidi_Class makes `a<c>b` break RFC 5893 §2 rule 5; Ada's Bidi data
///   predates 14.0 and reads them as L. We refuse: the safe side for the guard.
/// - 4 ideographs that UTS #46 and Python's `idna` call valid and node refuses
///   (``nodeRefuses``): node then cannot reach the host at all, so accepting them opens nothing.
/// - Ada's IdnaMappingTable is 15.0's: node refuses the code points assigned after 15.0 and
///   those UTS #46 16.0 maps or ignores (``mappedSince16``), which our 18.0 tables accept.
///   Node cannot reach such a host as written; the guard's canonical URL (A-labels of
///   code points node knows, or plain ASCII) is what the adapters send.
/// - U+1E9E ẞ: `ss` in node (15.0), `ß` in ours (since 15.1). The guard sends the A-label
///   (`xn--ab-gia.example`), so a client's own mapping of ẞ is never used.
@Suite("Differential against node url.domainToASCII", .integration)
struct NodeDomainToASCIIDifferentialTests {
    static let program = """
        const url = require('url');
        let data = '';
        process.stdin.on('data', c => data += c);
        process.stdin.on('end', () => {
          const inputs = JSON.parse(data);
          process.stdout.write(JSON.stringify(inputs.map(s => url.domainToASCII(s))));
        });
        """

    /// Valid in IdnaMappingTable 15.0 and later (and in Python's `idna`), refused by node.
    static let nodeRefuses: Set<UInt32> = [0x171DA, 0x253BC, 0x262CB, 0x271DA]

    /// Code points IdnaMappingTable 15.0 disallows and 16.0 maps or ignores (Georgian capitals,
    /// U+04C0, Hangul fillers, invisible operators, deprecated format characters, musical
    /// formatting symbols, U+2132, U+2183, five CJK compatibility ideographs).
    static let mappedSince16: Set<UInt32> = Set(
        [0x04C0, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x1806, 0x180E, 0x2061, 0x2062, 0x2063, 0x2132, 0x2183, 0x3164, 0xFFA0,
         0x2F868, 0x2F874, 0x2F91F, 0x2F95F, 0x2F9BF]
            + Array(0x10A0...0x10C5) + Array(0x206A...0x206F) + Array(0x1D173...0x1D17A))

    /// Whether `scalar` is unknown to Unicode 15.0 (the runtime's age says it came later, or
    /// the runtime does not know it, which our 18.0 tables then do).
    static func isAfter15(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return true }
        return age.major > 15 || (age.major == 15 && age.minor > 0)
    }

    @Test("every code point: the same ASCII host, or refused by both, but for the listed groups")
    func everyCodePoint() throws {
        let inputs = IDNADifferentialCorpus.singleCodePoints
        let run = try ExternalTool.run("node", ["-e", Self.program], stdin: Array(try JSONEncoder().encode(inputs)))
        #expect(run.status == 0, "node failed: \(run.stderr)")
        let answers = try JSONDecoder().decode([String].self, from: Data(run.stdout))
        #expect(answers.count == inputs.count)
        var newerBidi = 0
        var refusedByNode: Set<UInt32> = []
        var newerThanNode = 0
        var sharpS: [String] = []
        for (input, node) in zip(inputs, answers) {
            let ours = IDNADifferentialCorpus.whatwg(input)
            guard ours != node else { continue }
            let scalar = Array(input.unicodeScalars)[1]
            let result = UTS46.domainToASCII(input)
            if case .failure(let error) = result, error.code == .bidi, let age = scalar.properties.age,
                age.major >= 14, !node.isEmpty
            {
                newerBidi += 1
            } else if case .success = result, node.isEmpty, Self.nodeRefuses.contains(scalar.value) {
                refusedByNode.insert(scalar.value)
            } else if case .success = result, node.isEmpty,
                Self.isAfter15(scalar) || Self.mappedSince16.contains(scalar.value)
            {
                newerThanNode += 1
            } else if scalar.value == 0x1E9E {
                sharpS = [ours, node]
            } else {
                Issue.record("\(IDNAError.name(scalar)): ours \(ours.debugDescription), node \(node.debugDescription)")
            }
        }
        #expect(newerBidi == 58)
        #expect(refusedByNode == Self.nodeRefuses)
        #expect(newerThanNode > 7_000, "\(newerThanNode) code points newer than node's table")
        #expect(sharpS == ["xn--ab-gia.example", "assb.example"])
    }
}
