import Testing
import TestSupport

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

/// What a batch writes must be what the filter makes of each of its records alone, in order:
/// records passed as they came are gathered and written together
/// (``RecordBatch/forEach(_:bufferEnds:)``, ``PassedRun``), and nothing between them (a blank
/// line, a record sanitized, kept or dropped) may be lost, moved or written twice.
@Suite("BatchFilter output")
struct BatchFilterOutputTests {
    /// A contract under which a line may pass as it came, be rewritten (trimmed, or written
    /// without its whitespace) or fail.
    static func filter() throws -> RecordFilter {
        try RecordFilter(schema: JSONValue(JSONDocument(parsing: Array(#"""
            {"type":"object","properties":{"n":{"type":"integer","maximum":5},"s":{"type":"string","x-sanitize":["trim"]}},
             "required":["n"],"additionalProperties":false}
            """#.utf8))))
    }

    /// One line of every kind the output must keep apart.
    static func someLine(using generator: inout SeededGenerator) -> [UInt8] {
        let n = Int.random(in: 0...7, using: &generator)
        let line: String
        switch Int.random(in: 0..<10, using: &generator) {
        case 0, 1, 2: line = #"{"n":\#(n),"s":"word\#(n)"}"#  // passes as it came (or is too large)
        case 3: line = #"{"n":\#(n)}"#
        case 4: line = #"{"n":1,"s":"  padded  "}"#  // trimmed
        case 5: line = #"{ "n" : 2 }"#  // written without its whitespace
        case 6: line = #"{"n":3}"# + "\r"  // a CRLF line
        case 7: line = #"{"s":"no n"}"#  // invalid
        case 8: line = ["", "  ", "\r", "\t "][n % 4]  // blank
        default: line = #"{"n":2,"x":true}"#  // invalid
        }
        return Array(line.utf8)
    }

    /// The output the filter's one-record API (``RecordFilter/process(_:)``) makes of `lines`:
    /// a valid record sanitized, an invalid one as it came with `keep`, annotated with
    /// `annotate` (``BatchFilter/annotate(_:into:)``) and not at all with `drop`, a blank line
    /// not at all; each written record ends in `\n`.
    static func oneByOne(_ lines: [[UInt8]], _ filter: RecordFilter, policy: InvalidRecordPolicy) -> [UInt8] {
        var output: [UInt8] = []
        for line in lines where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            let outcome = filter.process(line)
            if outcome.isValid, let sanitized = outcome.sanitized {
                output += sanitized + [0x0A]
            } else if policy == .keep {
                output += line + [0x0A]
            } else if policy == .annotate {
                BatchFilter.annotate(outcome, into: &output)
                output.append(0x0A)
            }
        }
        return output
    }

    @Test("a batch writes each record as the filter makes it alone, in order, lines given one by one or as a block",
          arguments: [InvalidRecordPolicy.keep, .drop, .annotate])
    func recordByRecord(policy: InvalidRecordPolicy) throws {
        let filter = try Self.filter()
        let batchFilter = BatchFilter(filter: filter, policy: policy, maxRecordBytes: 1 << 20, fileName: nil)
        var generator = SeededGenerator(seed: 41)
        for round in 0..<200 {
            let lines = (0..<Int.random(in: 0...40, using: &generator)).map { _ in Self.someLine(using: &generator) }
            let expected = Self.oneByOne(lines, filter, policy: policy)
            var single = RecordBatch()
            for (index, line) in lines.enumerated() { line.withUnsafeBytes { single.append(line: $0, number: index + 1) } }
            var block = RecordBatch()
            let joined: [UInt8] = Array(lines.joined(separator: [0x0A])) + [0x0A]
            joined.withUnsafeBytes { block.append(lines: $0, count: lines.count, firstNumber: 1) }
            for (which, batch) in [("one by one", single), ("as a block", block)] {
                let result = batchFilter.process(batch)
                #expect(String(decoding: result.output, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "round \(round), lines \(which)")
                #expect(result.statistics.recordsOut == expected.count(where: { $0 == 0x0A }))
            }
        }
    }

    @Test("with fail, the output holds the records before the first invalid one, each once")
    func failStopsAfterTheRun() throws {
        let filter = try Self.filter()
        let batchFilter = BatchFilter(filter: filter, policy: .fail, maxRecordBytes: 1 << 20, fileName: nil)
        let lines = [#"{"n":1}"#, #"{"n":2}"#, "", #"{"n":3}"#, #"{"x":1}"#, #"{"n":4}"#].map { Array($0.utf8) }
        var batch = RecordBatch()
        for (index, line) in lines.enumerated() { line.withUnsafeBytes { batch.append(line: $0, number: index + 1) } }
        let result = batchFilter.process(batch)
        #expect(result.stopped)
        #expect(String(decoding: result.output, as: UTF8.self) == "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n")
    }
}
