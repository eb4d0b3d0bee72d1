import Foundation
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

@Suite("ByteBufferPool")
struct ByteBufferPoolTests {
    @Test("a recycled buffer comes back empty, with its storage and its room")
    func reusesStorage() {
        let pool = ByteBufferPool()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(300_000)
        buffer.append(contentsOf: repeatElement(7, count: 1000))
        let storage = buffer.withUnsafeBufferPointer { $0.baseAddress }
        pool.recycle(buffer)
        buffer = []  // the pool holds the only reference
        let taken = pool.take(capacity: 200_000)
        #expect(taken.isEmpty)
        #expect(taken.capacity >= 300_000)
        #expect(taken.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(pool.take(capacity: 10).capacity < 300_000)  // nothing left: a new, small buffer
    }

    @Test("take prefers a buffer large enough, else the largest")
    func choosesBySize() {
        let pool = ByteBufferPool()
        for size in [1 << 10, 1 << 18, 1 << 12] {
            var buffer: [UInt8] = []
            buffer.reserveCapacity(size)
            pool.recycle(buffer)
        }
        #expect(pool.take(capacity: 100_000).capacity >= 1 << 18)
        // None of the two left is large enough: the larger (4 KiB) is taken and grown...
        #expect(pool.take(capacity: 1 << 20).capacity >= 1 << 20)
        // ...so the one left is the 1 KiB buffer.
        let last = pool.take(capacity: 0).capacity
        #expect(last >= 1 << 10 && last < 1 << 12)
    }

    @Test("the pool keeps no more than its bound, and nothing without room")
    func bounded() {
        let pool = ByteBufferPool(maxPooledBytes: 1 << 20)
        var big: [UInt8] = []
        big.reserveCapacity(2 << 20)
        pool.recycle(big)  // over the bound alone: dropped
        pool.recycle([])  // no room: nothing to keep
        #expect(pool.take(capacity: 0).capacity == 0)
        for _ in 0..<8 {
            var buffer: [UInt8] = []
            buffer.reserveCapacity(300 << 10)
            pool.recycle(buffer)
        }
        var kept = 0
        while pool.take(capacity: 0).capacity > 0 { kept += 1 }
        #expect(kept == 3)  // 3 × 300 KiB (and a bit) fit in 1 MiB, 4 do not
    }

    @Test("batches run with recycled buffers write what they write with new ones")
    func batchesAlike() throws {
        let filter = try RecordFilter(schema: JSONValue(JSONDocument(parsing: Array(#"""
            {"type":"object","properties":{"n":{"type":"integer","maximum":5},"s":{"type":"string","x-sanitize":["trim"]}},
             "required":["n"],"additionalProperties":false}
            """#.utf8))))
        let batchFilter = BatchFilter(filter: filter, policy: .keep, maxRecordBytes: 1 << 20, fileName: nil)
        let pool = ByteBufferPool()
        var generator = SeededGenerator(seed: 31)
        for round in 0..<40 {
            var batch = RecordBatch()
            for line in 0..<Int.random(in: 0...30, using: &generator) {
                let record: String
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: record = #"{"n":\#(Int.random(in: 0...9, using: &generator))}"#
                case 1: record = #"{"n":1,"s":"  padded  "}"#
                case 2: record = #"{"s":"no n"}"#
                default: record = #"{"n":2,"x":true}"#
                }
                Array(record.utf8).withUnsafeBytes { batch.append(line: $0, number: 1000 * round + line + 1) }
            }
            let fresh = batchFilter.process(batch)
            let recycled = batchFilter.process(batch, buffers: pool)
            #expect(recycled.output == fresh.output)
            #expect(recycled.report == fresh.report)
            #expect(recycled.statistics.invalid == fresh.statistics.invalid)
            pool.recycle(recycled.output)
            pool.recycle(recycled.report)
        }
    }

    @Test("a batch's buffer goes back to its pool when the last copy of the batch is gone, and a copy changed alone is its own")
    func batchBuffersComeBack() {
        let pool = ByteBufferPool()
        var storage: UnsafePointer<UInt8>?
        do {
            var batch = RecordBatch(capacity: 100_000, buffers: pool)
            Array("a\nbb\n".utf8).withUnsafeBytes { batch.append(lines: $0, count: 2, firstNumber: 1) }
            let copy = batch
            // Changed alone: the copy keeps its lines, the batch gets a buffer of its own (no pool).
            Array("ccc".utf8).withUnsafeBytes { batch.append(line: $0, number: 3) }
            #expect(copy.described().records == ["1:a", "2:bb"])
            #expect(batch.described().records == ["1:a", "2:bb", "3:ccc"])
            storage = copy.firstByteAddress
            #expect(batch.firstByteAddress != storage)
        }
        // Both gone: the pool holds the first buffer, the only reference, with its room.
        let taken = pool.take(capacity: 50_000)
        #expect(taken.isEmpty && taken.capacity >= 100_000)
        #expect(taken.withUnsafeBufferPointer { $0.baseAddress } == storage)
    }

    @Test("lines are found in the batch's copy: a copy that does not hold the lines counted breaks the batch")
    func copiedLinesAreCounted() {
        for (text, counted, handedOn) in [
            ("a\nb\n", 2, ["1:a", "2:b"]), ("a\nb\n", 3, ["1:a", "2:b"]), ("a\nb\n", 1, ["1:a"]), ("a\nb", 2, ["1:a"]),
            ("\n\n", 2, ["1:", "2:"]), ("", 0, []),
        ] {
            var batch = RecordBatch()
            Array(text.utf8).withUnsafeBytes { batch.append(lines: $0, count: counted, firstNumber: 1) }
            let (records, intact) = batch.described()
            #expect(records == handedOn, "\(text.debugDescription), \(counted) counted")
            #expect(intact == (text.utf8.filter { $0 == 0x0A }.count == counted && (text.isEmpty || text.last == "\n")))
        }
    }
}
