import Benchmark
import Foundation
import SanitizeKit

/// Seeded user records shaped like `Examples/users.ndjson` (what the example contract expects).
enum PipelineInputs {
    /// With the untidiness the contract's steps are for: padded names, mixed-case email domains,
    /// tags to fold.
    static let records = userRecords(seed: 5, untidy: true)
    /// Already clean and valid (what the filter's shape check passes in one read): no padding,
    /// lowercase domains, tags the steps leave alone.
    static let cleanRecords = userRecords(seed: 6, untidy: false)

    static func userRecords(seed: UInt64, untidy: Bool) -> [[UInt8]] {
        var generator = SplitMix64(seed: seed)
        let first = ["Ada", "Grace", "José", "Zoë", "Ming", "Olu", "Anna", "Émile"]
        let last = ["Lovelace", "Hopper", "Martí", "Ng", "Okafor", "Müller", "Kim"]
        let cities = ["London", "Paris", "São Paulo", "Tokyo", "Lagos", "Oslo"]
        let tags = untidy ? ["admin", " beta ", "ｖｉｐ"] : ["admin", "beta", "vip"]
        let domain = untidy ? "Example.COM" : "example.com"
        func pick(_ list: [String]) -> String { list[Int(generator.next() % UInt64(list.count))] }
        return (1...10_000).map { id in
            let padding = untidy && generator.next() % 4 == 0 ? "  " : ""
            let text =
                #"{"id":\#(id),"name":"\#(padding)\#(pick(first)) \#(pick(last))\#(padding)","email":"user\#(id)@\#(domain)","#
                + #""age":\#(generator.next() % 100),"address":{"street":"\#(generator.next() % 900 + 1) Main Street","#
                + #""city":"\#(pick(cities))","postcode":"\#(generator.next() % 90_000 + 10_000)","country":"GB"},"#
                + #""tags":["\#(pick(tags))","staff"]}"#
            return Array(text.utf8)
        }
    }
}

/// The engine of `sanitize filter`, record by record: parse, x-sanitize steps, validate, write,
/// with the example contract (`Rules/contracts/user.schema.json`) and with the default policy.
func registerPipelineBenchmarks() {
    let contractURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Rules/contracts/user.schema.json")
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

    // One scaled iteration = one record; throughput reads as records/s (×1000 with .kilo).
    func benchmarkFilter(
        _ name: String, records: [[UInt8]] = PipelineInputs.records, _ makeFilter: @escaping @Sendable () -> RecordFilter?
    ) {
        Benchmark(name, configuration: .init(metrics: metrics, scalingFactor: .kilo)) { benchmark in
            guard let filter = makeFilter() else { return }
            var workspace = RecordFilter.Workspace()
            var index = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let record = records[index]
                blackHole(record.withUnsafeBytes { filter.process($0, in: &workspace) })
                index = index == records.count - 1 ? 0 : index + 1
            }
        }
    }
    benchmarkFilter("Filter record with the example contract (steps + validation)") {
        try? RecordFilter(contractAt: contractURL, options: .init(assertFormats: true))
    }
    benchmarkFilter("Filter clean record with the example contract (shape check)", records: PipelineInputs.cleanRecords) {
        try? RecordFilter(contractAt: contractURL, options: .init(assertFormats: true))
    }
    benchmarkFilter("Filter record with the default policy (no contract)") { RecordFilter.defaultPolicy() }
}
