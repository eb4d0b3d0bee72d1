package import Foundation

/// The example contract and records that the command's tests and the shard tests (GNU
/// parallel, Spark, jq) run `sanitize filter` on.
package enum FilterFixtures {
    /// `Rules/contracts/user.schema.json`.
    package static let contract = TestPaths.repositoryRoot.appendingPathComponent("Rules/contracts/user.schema.json").path
    /// `Examples/users.ndjson`.
    package static let examples = TestPaths.repositoryRoot.appendingPathComponent("Examples/users.ndjson")

    /// The example records, line by line (line 10 is blank, line 7 is not JSON).
    package static func exampleInput() throws -> [UInt8] { Array(try Data(contentsOf: examples)) }

    /// Deterministic user records, about 3 % of them invalid.
    package static func generatedRecords(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let cities = ["London", "Paris", "Lagos", "Lima", "Tokyo", "Oslo"]
        var out: [UInt8] = []
        for id in 1...count {
            var age = String(next() % 100)
            var country = "GB"
            switch next() % 100 {
            case 0: age = "\"old\""
            case 1: country = "Britain"
            default: break
            }
            let line =
                #"{"id":\#(id),"name":"  User \#(id) ","email":"user\#(id)@Example.com","age":\#(age),"#
                + #""address":{"city":"\#(cities[Int(next() % 6)])","country":"\#(country)"},"tags":["a","b\#(id % 7)"]}"#
            out += Array(line.utf8)
            out.append(0x0A)
        }
        return out
    }
}
