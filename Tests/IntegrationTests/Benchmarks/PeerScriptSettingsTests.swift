import Foundation
import TestSupport
import Testing

/// The peer scripts of `Benchmarks/peers/` as a user runs them the wrong way: a size, a count of
/// runs or a share of invalid records that is not a number, or out of range, stops the script at
/// once (exit 2) with one line naming the setting, before it installs, builds or generates
/// anything (`Benchmarks/peers/settings.sh`); the generator of the filter's records refuses its
/// own bad arguments the same way.
@Suite("peer scripts refuse bad settings", .integration)
struct PeerScriptSettingsTests {
    static let root = TestPaths.repositoryRoot.path

    /// Runs `command` from the repository root with the settings cleared but `settings`.
    static func run(_ command: String, settings: String = "") throws -> (status: Int32, stdout: String, stderr: String) {
        try ShellProcess.run(
            "cd '\(root)' && env -u RUNS -u INVALID_PERCENT -u N -u EV_N -u SEED -u COPIES -u LINES -u RECORDS -u TOP \(settings) \(command)")
    }

    @Test(
        "a bad setting is named in one line, and nothing runs",
        arguments: [
            ("Benchmarks/peers/filter.sh x", "", "filter.sh: MEGABYTES must be a whole number from 1 to 999999999, not 'x'"),
            ("Benchmarks/peers/filter.sh 0", "", "filter.sh: MEGABYTES must be a whole number from 1 to 999999999, not '0'"),
            ("Benchmarks/peers/filter.sh 1", "RUNS=0", "filter.sh: RUNS must be a whole number from 1 to 999999999, not '0'"),
            ("Benchmarks/peers/filter.sh 1", "INVALID_PERCENT=300", "filter.sh: INVALID_PERCENT must be a whole number from 0 to 100, not '300'"),
            ("Benchmarks/peers/filter.sh 1", "RUNS=1234567890", "filter.sh: RUNS must be a whole number from 1 to 999999999, not '1234567890'"),
            ("Benchmarks/peers/filter-kinds.sh 2", "RUNS=x", "filter-kinds.sh: RUNS must be a whole number from 1 to 999999999, not 'x'"),
            ("Benchmarks/peers/filter-kinds.sh -3", "", "filter-kinds.sh: MEGABYTES must be a whole number from 1 to 999999999, not '-3'"),
            ("Benchmarks/peers/filter-instructions.sh", "RECORDS=x", "filter-instructions.sh: RECORDS must be a whole number from 100 to 1000000, not 'x'"),
            ("Benchmarks/peers/filter-instructions.sh", "TOP=-1", "filter-instructions.sh: TOP must be a whole number from 0 to 1000, not '-1'"),
            ("Benchmarks/peers/shards.sh 1", "RUNS=1.5", "shards.sh: RUNS must be a whole number from 1 to 999999999, not '1.5'"),
            ("Benchmarks/peers/email.sh", "N=-1", "email.sh: N must be a whole number from 1 to 999999999, not '-1'"),
            ("Benchmarks/peers/files.sh", "COPIES=1e3", "files.sh: COPIES must be a whole number from 1 to 999999999, not '1e3'"),
            ("Benchmarks/peers/text.sh", "LINES=0", "text.sh: LINES must be a whole number from 1 to 999999999, not '0'"),
            ("Benchmarks/peers/contracts.sh 5", "", "contracts.sh: RECORDS must be a whole number from 10 to 999999999, not '5'"),
            ("Benchmarks/peers/jsonschema-rs.sh 0.0", "", "jsonschema-rs.sh: SECONDS (or the word instructions) must be a positive number of seconds (such as 2 or 0.5), not '0.0'"),
            ("Benchmarks/peers/jsonschema-rs.sh 1.2.3", "", "jsonschema-rs.sh: SECONDS (or the word instructions) must be a positive number of seconds (such as 2 or 0.5), not '1.2.3'"),
        ])
    func refused(command: String, settings: String, message: String) throws {
        let run = try Self.run(command, settings: settings)
        #expect(run.status == 2, "\(command): \(run.stderr)")
        #expect(run.stderr == message + "\n", "\(command)")
        #expect(run.stdout.isEmpty, "\(command): \(run.stdout.prefix(300))")
    }

    @Test("good settings pass the checks: leading zeros, the bounds, decimal seconds")
    func accepted() throws {
        let run = try Self.run(
            """
            sh -c '. Benchmarks/peers/settings.sh
              require_number A 08 1 100; require_number B 0 0 100; require_number C 100 0 100
              require_number D 999999999 1; require_seconds E 0.5; require_seconds F 2; require_seconds G 10.25
              echo passed'
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "passed\n")
        let refused = try Self.run("sh -c '. Benchmarks/peers/settings.sh; require_number C 101 0 100; echo passed'")
        #expect(refused.status == 2 && refused.stdout.isEmpty, "\(refused.stdout)")
    }

    @Test("the record generator names a bad argument, and its records are unchanged by the checks")
    func generatorArguments() throws {
        for (arguments, message) in [
            ("x 42", "generate-users.py: MEGABYTES must be a number from 1 to 999999999, not 'x'"),
            ("1 42 300", "generate-users.py: INVALID_PERCENT must be a number from 0 to 100, not '300'"),
            ("1 42 nan", "generate-users.py: INVALID_PERCENT must be a number from 0 to 100, not 'nan'"),
            ("1 42 30 kind", "generate-users.py: KIND must be one of type, required, pattern, additional, not 'kind'"),
            ("1", "usage: generate-users.py MEGABYTES SEED [INVALID_PERCENT [KIND]]"),
        ] {
            let run = try Self.run("python3 Benchmarks/peers/filter/generate-users.py \(arguments)")
            #expect(run.status == 1 && run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr == message + "\n", "\(arguments)")
        }
        // One megabyte, 30 % invalid of the four kinds: the same lines as before the checks.
        let run = try Self.run("python3 Benchmarks/peers/filter/generate-users.py 1 42 30 | md5sum")
        #expect(run.stdout.hasPrefix("4368e780e53062b06337878ed5859f17"), "\(run.stdout)")
    }
}
