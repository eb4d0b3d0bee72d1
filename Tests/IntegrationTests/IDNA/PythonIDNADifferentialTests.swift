import Foundation
import Testing

@testable import SanitizeKit

/// Differential test of our UTS #46 mapping against PyPI `idna` 3.20 (Unicode 18.0.0 tables,
/// the version ours are generated from): `idna.uts46_remap(s, std3_rules=False,
/// transitional=False)` (UTS #46 §4 steps 1–2: mapping and NFC), then Punycode for every
/// non-ASCII label, over every code point from U+0080 to U+2FFFF in a label `a<c>b.example`.
/// Python's `idna.encode` itself is not used: after the mapping it applies IDNA2008
/// (RFC 5891/5892) code point classes, not UTS #46 validity.
///
/// Where we accept, Python's remap must give the same ASCII; where we refuse a code point as
/// disallowed, Python must refuse it too. No exception: both read the same Unicode version.
@Suite("Differential against Python idna uts46_remap", .integration)
struct PythonIDNADifferentialTests {
    static let program = """
        import json, sys, idna
        assert idna.__version__ == '3.20', idna.__version__
        out = []
        for s in json.load(sys.stdin):
            try:
                mapped = idna.uts46_remap(s, std3_rules=False, transitional=False)
            except idna.IDNAError:
                out.append(None)
                continue
            labels = [l if l.isascii() else 'xn--' + l.encode('punycode').decode('ascii') for l in mapped.split('.')]
            out.append('.'.join(labels))
        json.dump(out, sys.stdout)
        """

    @Test("every code point: the same mapping, or refused by both")
    func everyCodePoint() throws {
        let setup = Process()
        setup.executableURL = TestPaths.repositoryRoot.appendingPathComponent("scripts/install-python-deps")
        setup.arguments = ["idna==3.20"]
        try setup.run()
        setup.waitUntilExit()
        #expect(setup.terminationStatus == 0)

        let inputs = IDNADifferentialCorpus.singleCodePoints
        let run = try ExternalTool.run("python3", ["-c", Self.program], stdin: Array(try JSONEncoder().encode(inputs)))
        #expect(run.status == 0, "python3 failed: \(run.stderr)")
        let answers = try JSONDecoder().decode([String?].self, from: Data(run.stdout))
        #expect(answers.count == inputs.count)
        var mapped = 0
        var refused = 0
        for (input, python) in zip(inputs, answers) {
            let scalar = Array(input.unicodeScalars)[1]
            switch UTS46.domainToASCII(input) {
            case .success(let ours):
                mapped += 1
                #expect(ours == python, "\(IDNAError.name(scalar))")
            case .failure(let error) where error.code == .disallowed:
                refused += 1
                #expect(python == nil, "\(IDNAError.name(scalar)): we refuse (\(error)), Python maps to \(python ?? "")")
            case .failure:
                continue  // a validity rule (Bidi, joiners, marks): not part of uts46_remap
            }
        }
        // Both outcomes are exercised over the range, so neither check is vacuous.
        #expect(mapped > 100_000 && refused > 10_000, "\(mapped) mapped, \(refused) refused")
    }
}
