import Foundation
import Testing

/// `Examples/shards/merge-stats.jq` run by jq (Debian's `jq`, installed by `scripts/test`):
/// the `--stats` lines of shards merge into one process's counts, whatever each shard saw.
@Suite("merging --stats lines with jq", .integration)
struct JqMergeStatsTests {
    @Test("shards with no invalid record, with codes the others lack, and with blank lines merge into one process's counts")
    func unevenShards() throws {
        let lines = try FilterFixtures.exampleInput().split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        // Lines 1–3 are valid (the first shard's invalidByCode is empty); line 10 is blank.
        let shards = [lines[0..<3], lines[3..<9], lines[9..<14]]
        #expect(shards.map(\.count).reduce(0, +) == lines.count)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, shard) in shards.enumerated() {
            let bytes = Array(shard.joined(separator: [0x0A])) + [0x0A]
            try Data(bytes).write(to: directory.appendingPathComponent("shard\(index + 1).ndjson"))
        }
        let root = TestPaths.repositoryRoot.path
        let result = try ShellProcess.run(
            """
            set -euo pipefail
            cd '\(directory.path)'
            run() { "$SANITIZE" filter --contract '\(FilterFixtures.contract)' --report-key /id --report /dev/null --stats < "$1" 2>&1 >/dev/null || [ $? -eq 1 ]; }
            for shard in shard1.ndjson shard2.ndjson shard3.ndjson; do run "$shard"; done > shards.stats
            cat shard1.ndjson shard2.ndjson shard3.ndjson > all.ndjson
            run all.ndjson | jq -cS '{stats: .stats | del(.seconds, .megabytesPerSecond, .recordsPerSecond, .peakRSSBytes)}'
            jq -cSs -f '\(root)/Examples/shards/merge-stats.jq' shards.stats
            head -1 shards.stats
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout.split(separator: "\n").map(String.init)
        try #require(output.count == 3)
        #expect(output[0].contains(#""invalidByCode":{"additional-properties":1,"#))
        #expect(output[1] == output[0])
        #expect(output[2].contains(#""invalidByCode":{}"#), "the first shard had no invalid record")
    }
}
