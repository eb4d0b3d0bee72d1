import Foundation
import Testing

/// `sanitize filter` as a GNU parallel stage (Debian's `parallel`, installed by
/// `scripts/test`): the shards' records, reports and `--stats` lines together equal one
/// process's, byte for byte. The one-host test runs README.md's recipe itself, read from the
/// README; the multi-host one runs its command on the local host.
@Suite("sanitize filter under GNU parallel", .integration)
struct GNUParallelTests {
    /// 100 000 generated records with blank lines and lines that are not JSON among them
    /// (parallel's `-N` counts every line, so `--line-offset` must too).
    static func input() -> [UInt8] {
        var lines = FilterFixtures.generatedRecords(count: 100_000, seed: 19).split(separator: 0x0A, omittingEmptySubsequences: false)
        lines.removeLast()
        for index in stride(from: 996, to: lines.count, by: 997) { lines[index] = ArraySlice(#"{"id": 1, "broken""#.utf8) }
        for index in stride(from: 1498, to: lines.count, by: 1499) { lines[index] = [] }
        return Array(lines.joined(separator: [0x0A])) + [0x0A]
    }

    /// A scratch directory holding `input.ndjson`, for a bash script run in it.
    static func workDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(input()).write(to: directory.appendingPathComponent("input.ndjson"))
        return directory
    }

    /// Runs `script` in `directory` with `$SANITIZE`, `$C` (the example contract) and `$MERGE`
    /// (Examples/shards/merge-stats.jq) set; fails the test on a non-zero status.
    static func shell(_ script: String, in directory: URL) throws {
        let root = TestPaths.repositoryRoot.path
        let result = try ShellProcess.run(
            """
            set -euo pipefail
            cd '\(directory.path)'
            export C='\(FilterFixtures.contract)' MERGE='\(root)/Examples/shards/merge-stats.jq'
            \(script)
            """)
        #expect(result.status == 0, "\(result.stderr)")
    }

    static func read(_ name: String, in directory: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// One process over the whole input: records, report, and its stats without timing.
    static let oneProcess = """
        status=0
        "$SANITIZE" filter --contract "$C" --report-key /id --jobs 2 --report one.report.ndjson --stats \\
          < input.ndjson > one.out 2> one.stats || status=$?
        [ "$status" -eq 1 ]
        jq -cS '{stats: .stats | del(.seconds, .megabytesPerSecond, .recordsPerSecond, .peakRSSBytes)}' one.stats > one.merged
        """

    /// README.md's one-host recipe: the `sh` block after "**GNU parallel**, one host", as it stands.
    static func readmeRecipe() throws -> String {
        let readme = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let heading = try #require(readme.range(of: "**GNU parallel**, one host"))
        let open = try #require(readme.range(of: "```sh\n", range: heading.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "```\n", range: open.upperBound..<readme.endIndex))
        return String(readme[open.upperBound..<close.lowerBound])
    }

    @Test("README's parallel --pipe -N 20000 --keep-order recipe, byte for byte: same records, report and stats as one process")
    func pipeKeepOrder() throws {
        let directory = try Self.workDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recipe = try Self.readmeRecipe()
        #expect(recipe.contains("parallel --pipe -N 20000"))
        try Data(recipe.utf8).write(to: directory.appendingPathComponent("recipe.sh"))
        // The recipe's world: `sanitize` on PATH, user.schema.json and users.ndjson in the
        // current folder, Examples/shards/merge-stats.jq below it.
        try Self.shell(
            Self.oneProcess + """

                export PATH="$(dirname "$SANITIZE"):$PATH"
                cp "$C" user.schema.json
                ln -s input.ndjson users.ndjson
                mkdir Examples
                ln -s "$(dirname "$MERGE")" Examples/shards
                bash recipe.sh > merged.json
                jq -cS . merged.json > shards.merged
                """, in: directory)
        let one = try Self.read("one.out", in: directory)
        #expect(one.count > 10_000_000)
        #expect(try Self.read("clean.ndjson", in: directory) == one)
        let report = try Self.read("one.report.ndjson", in: directory)
        let shardReport = try Self.read("report.ndjson", in: directory)
        #expect(shardReport == report)
        #expect(!String(decoding: shardReport, as: UTF8.self).contains(#"{"stats":"#), "the stats lines went into the report")
        #expect(String(decoding: report, as: UTF8.self).contains(#"{"line":997,"key":null,"#))
        let merged = try Self.read("one.merged", in: directory)
        #expect(try Self.read("shards.merged", in: directory) == merged)
        #expect(String(decoding: merged, as: UTF8.self).contains(#""reportKeyNull":100"#))
    }

    @Test("the multi-host form (--sshlogin, here the local host ':'): reports and stats come back on stderr, in order")
    func sshLogin() throws {
        let directory = try Self.workDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.shell(
            Self.oneProcess + """

                status=0
                parallel --will-cite --sshlogin : --pipe -N 20000 --block 32M --keep-order \\
                  "$SANITIZE"' filter --contract "$C" --report-key /id --jobs 1 --line-offset $(( ({#} - 1) * 20000 )) --stats' \\
                  < input.ndjson > shards.out 2> shards.err || status=$?
                [ "$status" -eq 5 ]
                { grep -v '^{"stats":' shards.err || true; } > shards.report.ndjson
                grep '^{"stats":' shards.err | jq -cSs -f "$MERGE" > shards.merged
                """, in: directory)
        #expect(try Self.read("shards.out", in: directory) == Self.read("one.out", in: directory))
        #expect(try Self.read("shards.report.ndjson", in: directory) == Self.read("one.report.ndjson", in: directory))
        #expect(try Self.read("shards.merged", in: directory) == Self.read("one.merged", in: directory))
    }
}
