import Foundation
import SanitizeKit
import Testing

/// The usage example in ``RecordFilter``'s documentation, run as written (only `send` and the
/// input are supplied here), so the comment cannot drift from the API again.
@Suite("RecordFilter: the documented example works")
struct RecordFilterDocExampleTests {
    @Test("the example's workspace form gives what process(_:) gives, on every example record")
    func documentedExample() throws {
        let schemaURL = Fixtures.repositoryRoot.appendingPathComponent("Rules/contracts/user.schema.json")
        let lines = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Examples/users.ndjson"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        var sent: [[UInt8]] = []
        func send(_ record: [UInt8]) { sent.append(record) }

        // As in the documentation comment of RecordFilter:
        let filter = try RecordFilter(contractAt: schemaURL)
        var workspace = RecordFilter.Workspace()  // one per thread, reused for every record
        var valid = 0
        for line in lines {
            let outcome = Array(line.utf8).withUnsafeBytes { filter.process($0, in: &workspace) }
            if outcome.isValid { send(outcome.sanitized!) }

            let reference = filter.process(Array(line.utf8))
            #expect(outcome.sanitized == reference.sanitized, "\(line)")
            #expect(outcome.violations.map(\.code) == reference.violations.map(\.code), "\(line)")
            if reference.isValid { valid += 1 }
        }
        #expect(lines.count > 3)
        #expect(sent.count == valid)
        #expect(valid > 0 && valid < lines.count)
    }
}
