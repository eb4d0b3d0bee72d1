import Benchmark
import SanitizeKit

/// The contract from `Benchmarks/peers/contracts/user.schema.json` (a user record with a nested
/// address and tags), the same one the peer comparison uses.
enum ContractInputs {
    static let userSchema = #"""
        {"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
         "properties":{"id":{"type":"integer","minimum":1},"name":{"type":"string","minLength":1,"maxLength":64},
          "email":{"type":"string","maxLength":254,"pattern":"^[^@\\s]+@[^@\\s]+$"},"age":{"type":"integer","minimum":0,"maximum":150},
          "active":{"type":"boolean"},"score":{"type":"number","minimum":0,"maximum":100},"role":{"enum":["admin","editor","viewer"]},
          "tags":{"type":"array","items":{"type":"string","maxLength":16},"maxItems":8,"uniqueItems":true},
          "address":{"type":"object","properties":{"street":{"type":"string","maxLength":128},"city":{"type":"string","maxLength":64},
            "zip":{"type":"string","pattern":"^[0-9]{5}$"},"country":{"type":"string","minLength":2,"maxLength":2}},
           "required":["street","city","zip","country"],"additionalProperties":false}},
         "required":["id","name","email","active","address"],"additionalProperties":false}
        """#

    /// 10 000 seeded user records, one JSON text each (about 230 bytes).
    static let records: [[UInt8]] = {
        var generator = SplitMix64(seed: 3)
        let words = ["alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma", "theta", "lambda", "zeta"]
        let cities = ["Berlin", "Paris", "Zürich", "São Paulo", "Tokyo", "Oslo", "Lyon", "Kraków"]
        func pick(_ list: [String]) -> String { list[Int(generator.next() % UInt64(list.count))] }
        func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
        return (1...10_000).map { id in
            let first = capitalized(pick(words))
            let name = "\(first) \(capitalized(pick(words)))"
            var tags: [String] = []
            for word in words.shuffled(using: &generator).prefix(Int(generator.next() % 5)) { tags.append("\"\(word)\"") }
            let score = Double(generator.next() % 10_000) / 100
            let text =
                #"{"id":\#(id),"name":"\#(name)","email":"\#(first.lowercased()).\#(id)@example.com","age":\#(18 + generator.next() % 70),"#
                + #""active":\#(generator.next() % 2 == 0),"score":\#(score),"role":"\#(pick(["admin", "editor", "viewer"]))","#
                + #""tags":[\#(tags.joined(separator: ","))],"address":{"street":"\#(generator.next() % 200) \#(capitalized(pick(words))) Street","#
                + #""city":"\#(pick(cities))","zip":"\#(String(format5(generator.next() % 100_000)))","country":"\#(pick(["DE", "FR", "CH", "JP"]))"}}"#
            return Array(text.utf8)
        }
    }()

    /// All records as one JSON array (about 2.3 MB), with a contract for the array.
    static let largeDocument: [UInt8] = Array("[".utf8) + Array(records.joined(separator: Array(",".utf8))) + Array("]".utf8)
    static let largeSchema = #"{"$schema":"http://json-schema.org/draft-07/schema#","type":"array","items":"# + userSchema + "}"

    /// The user contract in draft 2020-12 with its parts behind `$ref`s into `$defs` (the
    /// address, the tag item, the bounded integers), for the path that crosses references.
    static let userSchemaWithRefs = #"""
        {"type":"object",
         "$defs":{"positive":{"type":"integer","minimum":1},"percent":{"type":"number","minimum":0,"maximum":100},
          "tag":{"type":"string","maxLength":16},"code2":{"type":"string","minLength":2,"maxLength":2},
          "address":{"type":"object","properties":{"street":{"type":"string","maxLength":128},"city":{"type":"string","maxLength":64},
            "zip":{"type":"string","pattern":"^[0-9]{5}$"},"country":{"$ref":"#/$defs/code2"}},
           "required":["street","city","zip","country"],"additionalProperties":false}},
         "properties":{"id":{"$ref":"#/$defs/positive"},"name":{"type":"string","minLength":1,"maxLength":64},
          "email":{"type":"string","maxLength":254,"pattern":"^[^@\\s]+@[^@\\s]+$"},"age":{"type":"integer","minimum":0,"maximum":150},
          "active":{"type":"boolean"},"score":{"$ref":"#/$defs/percent"},"role":{"enum":["admin","editor","viewer"]},
          "tags":{"type":"array","items":{"$ref":"#/$defs/tag"},"maxItems":8,"uniqueItems":true},
          "address":{"$ref":"#/$defs/address"}},
         "required":["id","name","email","active","address"],"additionalProperties":false}
        """#

    static func format5(_ value: UInt64) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, 5 - text.count)) + text
    }
}

func registerContractBenchmarks() {
    let recordBytes = ContractInputs.records.reduce(0) { $0 + $1.count }
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

    // One scaled iteration = one record; throughput reads as records/s (×1000 with .kilo).
    Benchmark(
        "Contract validate user record (avg \(recordBytes / ContractInputs.records.count) B)",
        configuration: .init(metrics: metrics, scalingFactor: .kilo)
    ) { benchmark in
        guard let contract = try? Contract(schema: ContractInputs.userSchema) else { return }
        var validator = contract.makeValidator()
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let record = ContractInputs.records[index]
            blackHole(record.withUnsafeBytes { validator.isValid($0) })
            index = index == ContractInputs.records.count - 1 ? 0 : index + 1
        }
    }

    // The reporting path (`validate`, not `isValid`) over `$ref`s, on valid records.
    Benchmark(
        "Contract validate user record through $ref (validate, avg \(recordBytes / ContractInputs.records.count) B)",
        configuration: .init(metrics: metrics, scalingFactor: .kilo)
    ) { benchmark in
        guard let contract = try? Contract(schema: ContractInputs.userSchemaWithRefs) else { return }
        var validator = contract.makeValidator()
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let record = ContractInputs.records[index]
            blackHole(record.withUnsafeBytes { validator.validate($0).isValid })
            index = index == ContractInputs.records.count - 1 ? 0 : index + 1
        }
    }

    Benchmark(
        "Contract validate large document (\(ContractInputs.largeDocument.count / 1000) kB)",
        configuration: .init(metrics: metrics, scalingFactor: .one)
    ) { benchmark in
        guard let contract = try? Contract(schema: ContractInputs.largeSchema) else { return }
        var validator = contract.makeValidator()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(ContractInputs.largeDocument.withUnsafeBytes { validator.isValid($0) })
        }
    }
}
