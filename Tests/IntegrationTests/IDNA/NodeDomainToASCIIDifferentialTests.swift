import Foundation
import Testing

@testable import SanitizeKit

/// Differential test of ``UTS46/domainToASCII(_:)`` against node's `url.domainToASCII`
/// (WHATWG URL domain to ASCII plus the host parser's checks, by the Ada URL parser 2.9.2 in
/// node 20) over every code point from U+0080 to U+2FFFF, each in a label `a<c>b.example`.
///
/// Of 194 432 hosts, the answers differ in two groups only, both where we refuse or node does:
/// - 58 code points added in Unicode 14.0 or 15.0 with Bidi class AL or R (U+061D, U+0870…,
///   U+10F70…): our Unicode 15.0 Bidi_Class makes `a<c>b` break RFC 5893 §2 rule 5; Ada's
///   Bidi data predates 14.0 and reads them as L. We refuse: the safe side for the guard.
/// - 4 ideographs that UTS #46 15.0 and Python's `idna` call valid and node refuses
///   (``nodeRefuses``): node then cannot reach the host at all, so accepting them opens nothing.
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

    /// Valid in IdnaMappingTable 15.0 (and in Python idna's Unicode 17.0 table), refused by node.
    static let nodeRefuses: Set<UInt32> = [0x171DA, 0x253BC, 0x262CB, 0x271DA]

    @Test("every code point: the same ASCII host, or refused by both, but for the listed groups")
    func everyCodePoint() throws {
        let inputs = IDNADifferentialCorpus.singleCodePoints
        let run = try ExternalTool.run("node", ["-e", Self.program], stdin: Array(try JSONEncoder().encode(inputs)))
        #expect(run.status == 0, "node failed: \(run.stderr)")
        let answers = try JSONDecoder().decode([String].self, from: Data(run.stdout))
        #expect(answers.count == inputs.count)
        var newerBidi = 0
        var refusedByNode: Set<UInt32> = []
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
            } else {
                Issue.record("\(IDNAError.name(scalar)): ours \(ours.debugDescription), node \(node.debugDescription)")
            }
        }
        #expect(newerBidi == 58)
        #expect(refusedByNode == Self.nodeRefuses)
    }
}
