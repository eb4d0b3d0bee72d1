import Foundation
import Testing

/// `sanitize filter` as an Apache Spark stage (`RDD.pipe`, PyPI's pyspark in local mode on
/// Debian's Java; `scripts/test` installs both): over 200 000 records the partitions give the
/// same multiset of records and of report keys as one process, and their `--stats` merge into
/// its counts. One Spark run (1–3 minutes on a loaded 2-core VM: the JVM starts once), bounded
/// by `timeout`.
@Suite("sanitize filter under Apache Spark", .integration)
struct SparkPipeTests {
    /// Java and pyspark are there (scripts/test installs them, so CI always runs this test).
    static let available: Bool = {
        let result = try? ShellProcess.run("command -v java >/dev/null && python3 -c 'import pyspark' 2>/dev/null")
        return result?.status == 0
    }()

    /// The lines of a file, as a multiset.
    static func counted(_ data: [UInt8]) -> [ArraySlice<UInt8>: Int] {
        var counts: [ArraySlice<UInt8>: Int] = [:]
        for line in data.split(separator: 0x0A) { counts[line, default: 0] += 1 }
        return counts
    }

    /// The `key` member of every report line, as JSON text, as a multiset.
    static func keys(_ report: [UInt8]) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in report.split(separator: 0x0A) {
            let entry = try #require(JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let key = try #require(entry["key"])
            let text = String(decoding: try JSONSerialization.data(withJSONObject: [key]), as: UTF8.self)
            counts[text, default: 0] += 1
        }
        return counts
    }

    @Test(
        "the command RDD.pipe starts: exit 1 (invalid records) becomes 0, exit 2 stays 2 with its message (no JVM)",
        .enabled(if: available, "needs java and pyspark: run scripts/test, which installs them"))
    func pipeCommandStatus() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spark-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = TestPaths.repositoryRoot.path
        let result = try ShellProcess.run(
            """
            cd '\(directory.path)'
            python3 - "$SANITIZE" <<'PY'
            import shlex, subprocess, sys
            sys.path.insert(0, '\(root)/Examples/shards')
            from spark_filter import filter_command
            for contract in ['\(FilterFixtures.contract)', '/nonexistent/contract.json']:
                command = filter_command(sys.argv[1], contract, '.', '/id')
                run = subprocess.run(shlex.split(command), input=b'{"id":5,"name":"A","email":"not-an-email"}\\n', capture_output=True)
                print(run.returncode, len(run.stdout), run.stderr.decode().count('\\n'), 'cannot read the contract' in run.stderr.decode())
            PY
            cat *.report.ndjson
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(result.stdout)")
        #expect(lines[0] == "0 0 0 False")  // an invalid record: dropped, reported, the task goes on
        #expect(lines[1] == "2 0 1 True")  // a configuration error: the task fails, with the filter's one line
        #expect(lines[2].hasPrefix(#"{"line":1,"key":5,"#))
    }

    @Test(
        "RDD.pipe in local[2] over 200 000 records: the records and report keys of one process",
        .enabled(if: available, "needs java and pyspark: run scripts/test, which installs them"),
        .timeLimit(.minutes(15)))
    func localMode() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines = FilterFixtures.generatedRecords(count: 200_000, seed: 23).split(separator: 0x0A)
        for index in stride(from: 499, to: lines.count, by: 500) { lines[index] = ArraySlice(#"{"id": 1, "broken""#.utf8) }
        try Data(Array(lines.joined(separator: [0x0A])) + [0x0A]).write(to: directory.appendingPathComponent("input.ndjson"))

        let root = TestPaths.repositoryRoot.path
        let result = try ShellProcess.run(
            """
            set -euo pipefail
            cd '\(directory.path)'
            status=0
            "$SANITIZE" filter --contract '\(FilterFixtures.contract)' --report-key /id --report one.report.ndjson --stats \\
              < input.ndjson > one.out 2> one.stats || status=$?
            [ "$status" -eq 1 ]
            jq -cS '{stats: .stats | del(.seconds, .megabytesPerSecond, .recordsPerSecond, .peakRSSBytes)}' one.stats > one.merged
            timeout 600 python3 '\(root)/Examples/shards/spark_filter.py' "$SANITIZE" '\(FilterFixtures.contract)' \\
              input.ndjson spark-out spark-reports 'local[2]' 4 /id > spark.log 2>&1 || { tail -40 spark.log >&2; exit 1; }
            cat spark-out/part-* > spark.out
            cat spark-reports/*.report.ndjson > spark.report.ndjson
            cat spark-reports/*.stats.ndjson | jq -cSs -f '\(root)/Examples/shards/merge-stats.jq' > spark.merged
            ls spark-reports/*.stats.ndjson | wc -l > spark.partitions
            """)
        #expect(result.status == 0, "\(result.stderr)")
        func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: directory.appendingPathComponent(name))) }

        let one = try read("one.out")
        #expect(one.split(separator: 0x0A).count > 190_000)
        #expect(Self.counted(try read("spark.out")) == Self.counted(one))
        let oneKeys = try Self.keys(try read("one.report.ndjson"))
        #expect(oneKeys["[null]"] == 400)  // the lines that are not JSON (each key as a one-element JSON array)
        #expect(try Self.keys(try read("spark.report.ndjson")) == oneKeys)
        #expect(try read("spark.merged") == read("one.merged"))
        let partitions = Int(String(decoding: try read("spark.partitions"), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect((partitions ?? 0) >= 4, "one filter per partition")
    }
}
