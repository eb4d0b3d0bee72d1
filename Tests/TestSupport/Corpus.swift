package import Foundation

/// Third-party test data, read where it lives and never committed (issue #27).
///
/// Each corpus is looked up in this order, the first folder holding its ``marker`` wins:
/// 1. the corpus's own variable (``variable``, e.g. `SANITIZE_CORPUS_WPT_URL=/data/wpt-url`);
/// 2. `SANITIZE_CORPUS_DIR/<folder>` (a folder holding corpora by their ``folder`` names);
/// 3. `../shared/corpora/<folder>` beside the checkout (every development machine and CI have it;
///    `SANITIZE_CORPUS_NO_SHARED=1` turns this step off, to see what a bare clone sees);
/// 4. for the corpora that come from a PyPI source distribution, `.build/package-data/<folder>`,
///    where `scripts/get-package-data` unpacks them.
///
/// `scripts/corpus-path` is the same lookup for the shell (benchmarks, `scripts/validate-outputs`,
/// `Tests/fuzz`); `CorpusLookupTests` holds the two to the same answers.
package enum Corpus: String, CaseIterable, Sendable {
    /// json-schema-org/JSON-Schema-Test-Suite (MIT).
    case jsonSchemaTestSuite = "JSON-Schema-Test-Suite"
    /// minimaxir/big-list-of-naughty-strings (MIT).
    case naughtyStrings = "big-list-of-naughty-strings"
    /// web-platform-tests `url/resources` (BSD-3-Clause).
    case wptURL = "wpt-url"
    /// The benchmark data of jsonschema-rs (MIT).
    case jsonschemaRSBenchmark = "jsonschema-rs-benchmark"
    /// A subset of the SchemaStore catalog (Apache-2.0); our manifest and exception list stay in
    /// `Tests/IntegrationTests/Fixtures/schemastore`.
    case schemaStoreSubset = "schemastore-subset"
    /// python-email-validator 2.3.0's source distribution (`tests/test_syntax.py`, the Unlicense).
    case emailValidatorPackage = "email-validator-2.3.0"
    /// PyPI `idna` 3.10's source distribution (`tests/IdnaTestV2.txt`, Unicode's UTS #46 test
    /// data 13.0.0; the last `idna` release that ships it).
    case idnaPackage = "idna-3.10"

    /// The folder name, below `SANITIZE_CORPUS_DIR`, `../shared/corpora` or `.build/package-data`.
    package var folder: String { rawValue }

    /// The environment variable that names this corpus's folder directly.
    package var variable: String {
        switch self {
        case .jsonSchemaTestSuite: "SANITIZE_CORPUS_JSON_SCHEMA_TEST_SUITE"
        case .naughtyStrings: "SANITIZE_CORPUS_NAUGHTY_STRINGS"
        case .wptURL: "SANITIZE_CORPUS_WPT_URL"
        case .jsonschemaRSBenchmark: "SANITIZE_CORPUS_JSONSCHEMA_RS"
        case .schemaStoreSubset: "SANITIZE_CORPUS_SCHEMASTORE"
        case .emailValidatorPackage: "SANITIZE_CORPUS_EMAIL_VALIDATOR"
        case .idnaPackage: "SANITIZE_CORPUS_IDNA"
        }
    }

    /// A file the folder must hold to count as this corpus (so a wrong path is not taken for it).
    package var marker: String {
        switch self {
        case .jsonSchemaTestSuite: "tests/draft2020-12/type.json"
        case .naughtyStrings: "blns.json"
        case .wptURL: "urltestdata.json"
        case .jsonschemaRSBenchmark: "fhir.schema.json"
        case .schemaStoreSubset: "schemas/tsconfig.json"
        case .emailValidatorPackage: "tests/test_syntax.py"
        case .idnaPackage: "tests/IdnaTestV2.txt"
        }
    }

    /// Whether the corpus is unpacked from a PyPI source distribution by `scripts/get-package-data`
    /// (the others are clones that `scripts/get-corpora` makes).
    package var isPackaged: Bool {
        switch self {
        case .emailValidatorPackage, .idnaPackage: true
        case .jsonSchemaTestSuite, .naughtyStrings, .wptURL, .jsonschemaRSBenchmark, .schemaStoreSubset: false
        }
    }

    /// The command that gets this corpus onto a machine.
    package var fetchCommand: String {
        isPackaged
            ? "scripts/get-package-data (pip download of the sdist into .build/package-data), or \(variable)=DIR"
            : "scripts/get-corpora ../shared/corpora (git clones at the pinned commits), or SANITIZE_CORPUS_DIR=DIR or \(variable)=DIR"
    }

    /// The folders tried, in order, for this corpus.
    /// - Parameters:
    ///   - environment: the variables to read (the process's own by default).
    ///   - repositoryRoot: the checkout, whose parent holds `shared/corpora`.
    package func candidates(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        repositoryRoot: URL = TestPaths.repositoryRoot
    ) -> [URL] {
        var result: [URL] = []
        if let own = environment[variable], !own.isEmpty { result.append(URL(fileURLWithPath: own)) }
        if let all = environment["SANITIZE_CORPUS_DIR"], !all.isEmpty {
            result.append(URL(fileURLWithPath: all).appendingPathComponent(folder))
        }
        if environment["SANITIZE_CORPUS_NO_SHARED"] != "1" {
            result.append(
                repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
                    .appendingPathComponent(folder))
        }
        if isPackaged {
            result.append(repositoryRoot.appendingPathComponent(".build/package-data").appendingPathComponent(folder))
        }
        return result
    }

    /// The first candidate folder that holds ``marker``, or `nil`.
    package func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        repositoryRoot: URL = TestPaths.repositoryRoot
    ) -> URL? {
        candidates(environment: environment, repositoryRoot: repositoryRoot).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent(marker).path)
        }?.standardizedFileURL
    }

    /// This process's folder of the corpus, looked up once.
    package var directory: URL? { Corpus.found[self] ?? nil }

    private static let found: [Corpus: URL?] = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.locate()) })

    /// A file of the corpus; throws ``CorpusMissing`` when the corpus is not on this machine.
    package func url(_ relativePath: String) throws -> URL {
        guard let directory else { throw CorpusMissing(corpus: self) }
        return directory.appendingPathComponent(relativePath)
    }

    /// A file of the corpus, or a path that does not exist when the corpus is missing (for the
    /// static tables that tests take their arguments from; the ``corpus(_:)`` trait skips or
    /// fails those tests first).
    package func urlIfPresent(_ relativePath: String) -> URL {
        (directory ?? URL(fileURLWithPath: "/nonexistent/\(folder)")).appendingPathComponent(relativePath)
    }

    /// Why a test that needs this corpus does not run, with the command that gets it.
    package var missingReason: String {
        let tried = candidates().map(\.path).joined(separator: ", ")
        return "needs the \(folder) corpus, not found (tried \(tried.isEmpty ? "nothing" : tried)): get it with \(fetchCommand)"
    }
}

/// A corpus a test needs is not on this machine.
package struct CorpusMissing: Error, CustomStringConvertible {
    package let corpus: Corpus
    package var description: String {
        "[corpus-missing] \(corpus.missingReason)"
            + (CorpusLookup.isCI ? " (CI=true: a missing corpus fails instead of skipping)" : "")
    }
}

/// Whether this run is CI's, where a missing corpus fails its tests instead of skipping them.
package enum CorpusLookup {
    /// `true` when `CI` is `true` or `1`.
    package static let isCI: Bool = {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased()
        return value == "true" || value == "1"
    }()
}
