import Foundation
import Testing

/// The corpus lookup of the tests (``Corpus``) and of the scripts (`scripts/corpus-path`, used by
/// the benchmarks, `scripts/validate-outputs` and `Tests/fuzz`) give the same folder, or both
/// none, for every corpus under each way of pointing at the data.
@Suite("Corpus lookup: the tests' and the scripts' agree")
struct CorpusLookupTests {
    /// Runs `scripts/corpus-path NAME` with exactly `environment`; its folder, or nil on exit 2.
    static func scriptAnswer(_ corpus: Corpus, _ environment: [String: String]) throws -> String? {
        let script = TestPaths.repositoryRoot.appendingPathComponent("scripts/corpus-path").path
        let variables = environment.map { "\($0.key)=\($0.value)" }.sorted()
        let run = try ExternalTool.runExecutable("/usr/bin/env", ["-i", "PATH=/usr/bin:/bin"] + variables + [script, corpus.folder])
        if run.status == 2 {
            #expect(run.stderr.contains("[corpus-missing] needs the \(corpus.folder) corpus"), "\(run.stderr)")
            #expect(run.stderr.contains(corpus.isPackaged ? "scripts/get-package-data" : "scripts/get-corpora"))
            return nil
        }
        #expect(run.status == 0, "\(run.stderr)")
        return run.output.trimmingCharacters(in: .newlines)
    }

    /// A scratch folder holding a fake copy of every corpus (just its marker file) below `all/`,
    /// and one more below `own/<folder>` for the per-corpus variables.
    static func makeFakes() throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sanitize-corpora-\(UUID().uuidString)")
        for corpus in Corpus.allCases {
            for base in ["all", "own"] {
                let marker = scratch.appendingPathComponent(base).appendingPathComponent(corpus.folder)
                    .appendingPathComponent(corpus.marker)
                try FileManager.default.createDirectory(at: marker.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("{}".utf8).write(to: marker)
            }
        }
        return scratch.resolvingSymlinksInPath()
    }

    @Test("every corpus, every order of lookup: the same answer from Swift and from the script")
    func sameAnswers() throws {
        let scratch = try Self.makeFakes()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let empty = scratch.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let all = scratch.appendingPathComponent("all").path
        for corpus in Corpus.allCases {
            let own = scratch.appendingPathComponent("own").appendingPathComponent(corpus.folder).path
            let environments: [(String, [String: String], String??)] = [
                ("SANITIZE_CORPUS_DIR", ["SANITIZE_CORPUS_DIR": all, "SANITIZE_CORPUS_NO_SHARED": "1"], all + "/" + corpus.folder),
                ("own variable first", [corpus.variable: own, "SANITIZE_CORPUS_DIR": all], own),
                ("own variable without the data", [corpus.variable: empty, "SANITIZE_CORPUS_DIR": all], all + "/" + corpus.folder),
                ("nothing, no shared", ["SANITIZE_CORPUS_DIR": empty, "SANITIZE_CORPUS_NO_SHARED": "1"], corpus.isPackaged ? String??.none : .some(nil)),
                ("the shared folder", [:], nil),
            ]
            for (label, environment, expected) in environments {
                let swift = corpus.locate(environment: environment)?.path
                let script = try Self.scriptAnswer(corpus, environment)
                #expect(swift == script, "\(corpus.folder), \(label)")
                // Where the answer does not depend on this machine's ../shared or .build, check it.
                if case .some(let folder) = expected { #expect(swift == folder, "\(corpus.folder), \(label)") }
            }
        }
    }

    @Test("a missing corpus names where it looked and the command that gets it")
    func missingReason() {
        let corpus = Corpus.wptURL
        let candidates = corpus.candidates(environment: ["SANITIZE_CORPUS_DIR": "/nowhere", "SANITIZE_CORPUS_NO_SHARED": "1"])
        #expect(candidates.map(\.path) == ["/nowhere/wpt-url"])
        #expect(corpus.missingReason.contains("scripts/get-corpora"))
        #expect(Corpus.idnaPackage.missingReason.contains("scripts/get-package-data"))
        #expect(Set(Corpus.allCases.map(\.variable)).count == Corpus.allCases.count)
    }
}
