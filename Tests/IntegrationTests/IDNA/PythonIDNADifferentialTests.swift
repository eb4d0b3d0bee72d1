import Foundation
import Testing

@testable import SanitizeKit

/// Differential test of our UTS #46 mapping against PyPI `idna` 3.13 (Unicode 17.0.0 tables):
/// `idna.uts46_remap(s, std3_rules=False, transitional=False)` (UTS #46 §4 steps 1–2: mapping
/// and NFC), then Punycode for every non-ASCII label, over every code point from U+0080 to
/// U+2FFFF in a label `a<c>b.example`. Python's `idna.encode` itself is not used: after the
/// mapping it applies IDNA2008 (RFC 5891/5892) code point classes, not UTS #46 validity.
///
/// Where we accept, Python's remap must give the same ASCII. Where we refuse a code point as
/// disallowed, Python must refuse it too, unless the code point was added after Unicode 15.0
/// (our data) or its entry changed in 15.1 or 16.0 (``changedAfter15``,
/// ``disallowedIn15MappedIn16``: 72 code points, every one listed).
@Suite("Differential against Python idna uts46_remap", .integration)
struct PythonIDNADifferentialTests {
    static let program = """
        import json, sys, idna
        assert idna.__version__ == '3.13', idna.__version__
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

    /// Code points whose IdnaMappingTable entry changed after 15.0: U+1E9E ẞ maps to `ss` in
    /// 15.0 (as node and libcurl map it) and to `ß` since 15.1.
    static let changedAfter15: Set<UInt32> = [0x1E9E]

    /// Code points disallowed in UTS #46 15.0 that 16.0 maps or ignores (Georgian capitals,
    /// Hangul fillers, invisible operators, deprecated format characters, musical formatting
    /// symbols, U+04C0, U+2132, U+2183, some CJK compatibility ideographs). We refuse them; a
    /// client with 16.0 tables maps them, so the guard's refusal is the safe side.
    static let disallowedIn15MappedIn16: Set<UInt32> = Set(
        [0x04C0, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x1806, 0x180E, 0x2061, 0x2062, 0x2063, 0x2132, 0x2183, 0x3164, 0xFFA0,
         0x2F868, 0x2F874, 0x2F91F, 0x2F95F, 0x2F9BF]
            + Array(0x10A0...0x10C5) + Array(0x206A...0x206F) + Array(0x1D173...0x1D17A))

    @Test("every code point: the same mapping, or refused by both, but for later Unicode versions")
    func everyCodePoint() throws {
        let setup = Process()
        setup.executableURL = TestPaths.repositoryRoot.appendingPathComponent("scripts/install-python-deps")
        setup.arguments = ["idna==3.13"]
        try setup.run()
        setup.waitUntilExit()
        #expect(setup.terminationStatus == 0)

        let inputs = IDNADifferentialCorpus.singleCodePoints
        let run = try ExternalTool.run("python3", ["-c", Self.program], stdin: Array(try JSONEncoder().encode(inputs)))
        #expect(run.status == 0, "python3 failed: \(run.stderr)")
        let answers = try JSONDecoder().decode([String?].self, from: Data(run.stdout))
        #expect(answers.count == inputs.count)
        var newer = 0
        var changed: Set<UInt32> = []
        for (input, python) in zip(inputs, answers) {
            let scalar = Array(input.unicodeScalars)[1]
            switch UTS46.domainToASCII(input) {
            case .success(let ours):
                if Self.changedAfter15.contains(scalar.value), ours != python {
                    changed.insert(scalar.value)
                } else {
                    #expect(ours == python, "\(IDNAError.name(scalar))")
                }
            case .failure(let error) where error.code == .disallowed:
                guard python != nil else { continue }
                if Self.disallowedIn15MappedIn16.contains(scalar.value) {
                    changed.insert(scalar.value)
                } else if let age = scalar.properties.age, age.major > 15 || (age.major == 15 && age.minor > 0) {
                    newer += 1
                } else {
                    Issue.record("\(IDNAError.name(scalar)): we refuse (\(error)), Python maps to \(python ?? "")")
                }
            case .failure:
                continue  // a validity rule (Bidi, joiners, marks): not part of uts46_remap
            }
        }
        #expect(changed == Self.changedAfter15.union(Self.disallowedIn15MappedIn16))
        #expect(newer > 0)
    }
}
