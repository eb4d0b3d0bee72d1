import Benchmark
import SanitizeKit

/// Email validation: addresses per second in every mode, with PCRE2's JIT (the interpreter is
/// measured through the command: `sanitize check email --no-jit`, Benchmarks/peers/email.sh).
///
/// The input is one million seeded, mixed addresses (valid and invalid for the various modes,
/// with quoted local parts, address literals, IDN, length edges) held as one UTF-8 buffer;
/// `scalingFactor: .mega` makes each measured iteration validate the whole list once, in order,
/// through the byte API the CLI uses, so throughput reads as millions of addresses per second.
func registerEmailBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.throughput, .wallClock, .mallocCountTotal], scalingFactor: .mega, maxDuration: .seconds(3))
    for mode in EmailMode.allCases {
        Benchmark("Email: \(mode), JIT", configuration: configuration) {
            (benchmark: Benchmark, validator: EmailValidator) in
            let list = EmailBenchmarkInputs.addresses
            list.bytes.withUnsafeBytes { bytes in
                for index in benchmark.scaledIterations {
                    let range = list.ranges[index % list.ranges.count]
                    blackHole(validator.validate(UnsafeRawBufferPointer(rebasing: bytes[range])))
                }
            }
        } setup: { () throws -> EmailValidator in
            _ = EmailBenchmarkInputs.addresses  // build the list outside the measurement
            return EmailValidator(mode: mode)
        }
    }
}

/// The mixed address list, built once from a seeded generator.
enum EmailBenchmarkInputs {
    /// All addresses back to back, and the byte range of each.
    struct AddressList: Sendable {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
    }

    static let count = 1_000_000

    static let addresses: AddressList = {
        var generator = SplitMix64(seed: 3)
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }
        let words = ["john", "jane", "doe", "smith", "info", "sales", "admin", "mail", "user", "contact", "x"]
        let separators = [".", "_", "-", "+"]
        let locals: [() -> String] = [
            { pick(words) },
            { pick(words) + pick(separators) + pick(words) },
            { "\"" + pick(words) + " " + pick(words) + "\"" },
            { pick(words) + "'" + pick(words) },
            { pick(words) + ".." + pick(words) },
            { "δοκιμή" },
            { String(repeating: "a", count: 60 + Int(generator.next() % 10)) },
        ]
        let localWeights = [55, 20, 5, 5, 5, 5, 5]
        let hosts = ["example", "mail", "gmail", "mx1.corp", "sub.domain", "xn--bcher-kva", "a-b-c", "bücher"]
        let tlds = ["com", "org", "net", "io", "de", "co.uk", "museum", "company", "technology"]
        let domains: [() -> String] = [
            { pick(hosts) + "." + pick(tlds) },
            { "[192.168.\(generator.next() % 300).\(generator.next() % 256)]" },
            { "[IPv6:2001:db8::\(generator.next() % 10_000)]" },
            { pick(hosts) + "-." + pick(tlds) },
            { pick(hosts) + ".." + pick(tlds) },
        ]
        let domainWeights = [85, 4, 3, 4, 4]
        func weighted(_ weights: [Int]) -> Int {
            var roll = Int(generator.next() % 100)
            for (index, weight) in weights.enumerated() {
                if roll < weight { return index }
                roll -= weight
            }
            return 0
        }
        var list = AddressList()
        list.ranges.reserveCapacity(count)
        for _ in 0..<count {
            let address: String
            if chance(4) {
                address = pick(words) + "." + pick(tlds)  // no @
            } else {
                address = locals[weighted(localWeights)]() + "@" + domains[weighted(domainWeights)]()
            }
            let start = list.bytes.count
            list.bytes += Array(address.utf8)
            list.ranges.append(start..<list.bytes.count)
        }
        return list
    }()
}
