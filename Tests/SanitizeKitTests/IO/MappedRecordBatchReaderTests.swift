import Foundation
import Synchronization
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

/// A large regular file is read through a mapping (``SystemCalls/FileMapping``): the records
/// must be exactly those `read(2)` gives, and a file that shrinks or changes meanwhile must end
/// the run with an error, never a crash or a record made of lost bytes. Serialized: one
/// mapping lives at a time in a process.
@Suite("RecordBatchReader over a mapped file", .serialized)
struct MappedRecordBatchReaderTests {
    /// A temporary file with `bytes`, open for reading at `offset`.
    private final class OpenFile {
        let url: URL
        let descriptor: Int32

        init(_ bytes: [UInt8], offset: Int = 0) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString).ndjson")
            try Data(bytes).write(to: url)
            descriptor = try SystemCalls.openForReading(url.path)
            #expect(SystemCalls.seek(descriptor, to: offset))
        }

        deinit {
            SystemCalls.close(descriptor)
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Every record of every batch, described; with `touch`, called after each batch.
    private static func records(
        _ reader: RecordBatchReader, after touch: (Int) throws -> Void = { _ in }
    ) throws -> (records: [String], intact: Bool) {
        var result: [String] = []
        var intact = true
        var batches = 0
        while let batch = try reader.next() {
            batches += 1
            try touch(batches)
            let (described, whole) = batch.described()
            result += described
            intact = intact && whole
        }
        return (result, intact)
    }

    /// Lines of printable bytes, some long, some with CR, some over `maxRecordBytes`.
    private static func generated(lines: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        for n in 0..<lines {
            let length = n % 997 == 0 ? 90_000 : Int.random(in: 0...300, using: &generator)
            bytes += (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            if n % 7 == 0 { bytes.append(0x0D) }
            bytes.append(0x0A)
        }
        return bytes
    }

    /// What a line-at-a-time reader makes of the bytes.
    private static func expected(_ bytes: ArraySlice<UInt8>, maxRecordBytes: Int) -> [String] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if bytes.last == 0x0A || bytes.isEmpty { lines.removeLast() }
        return lines.enumerated().map { index, line in
            line.count > maxRecordBytes ? "\(index + 1):oversized \(line.count)" : "\(index + 1):\(String(decoding: line, as: UTF8.self))"
        }
    }

    @Test("records, numbers and oversized lines are those read(2) gives, from any offset, with a last line without \\n",
          arguments: [(0, 1 << 20), (1, 80_000), (12_345, 50)])
    func sameAsRead(offset: Int, maxRecordBytes: Int) throws {
        let bytes = Self.generated(lines: 20_000, seed: 5) + Array("the last line, unfinished".utf8)
        #expect(bytes.count > 4 * RecordBatchReader.minimumMappedBytes)
        // Batches of 64 and 256 KiB, mapped, and read with read(2).
        for (mapping, targetBytes) in [(true, 64 << 10), (true, 256 << 10), (false, 64 << 10)] {
            let file = try OpenFile(bytes, offset: offset)
            let reader = RecordBatchReader(
                descriptor: file.descriptor, maxRecordBytes: maxRecordBytes, targetBytes: targetBytes, mapping: mapping)
            #expect(reader.isMapped == mapping)
            let got = try Self.records(reader)
            #expect(got.intact)
            let expected = Self.expected(bytes[offset...], maxRecordBytes: maxRecordBytes)
            #expect(got.records.count == expected.count, "mapping \(mapping)")
            let first = got.records.indices.first { $0 < expected.count && got.records[$0] != expected[$0] }
            #expect(first == nil, "mapping \(mapping): record \(first ?? 0): \(first.map { got.records[$0].prefix(60) } ?? "") vs \(first.map { expected[$0].prefix(60) } ?? "")")
            #expect(SystemCalls.currentOffset(of: file.descriptor) == bytes.count)  // as read(2) leaves it
        }
    }

    @Test("a filtered mapped file writes each record as the filter makes it alone, in order, as read(2) does",
          arguments: [InvalidRecordPolicy.keep, .drop])
    func filteredAsOneByOne(policy: InvalidRecordPolicy) throws {
        let filter = try BatchFilterOutputTests.filter()
        var generator = SeededGenerator(seed: 43)
        var lines: [[UInt8]] = []
        var byteCount = 0
        while byteCount < 3 * RecordBatchReader.minimumMappedBytes {
            lines.append(BatchFilterOutputTests.someLine(using: &generator))
            byteCount += lines[lines.count - 1].count + 1
        }
        let expected = BatchFilterOutputTests.oneByOne(lines, filter, policy: policy)
        let batchFilter = BatchFilter(filter: filter, policy: policy, maxRecordBytes: 1 << 20, fileName: nil)
        for mapping in [true, false] {
            // Without a `\n` after the last line too: read(2) reads it, the output ends it.
            let file = try OpenFile(Array(lines.joined(separator: [0x0A])))
            let reader = RecordBatchReader(descriptor: file.descriptor, maxRecordBytes: 1 << 20, mapping: mapping)
            #expect(reader.isMapped == mapping)
            var output: [UInt8] = []
            while let batch = try reader.next() {
                let result = batchFilter.process(batch)
                #expect(!result.inputChanged)
                output += result.output
            }
            // The first byte that differs, not the whole of both (megabytes) when they do.
            let first = zip(output, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(output.count, expected.count)
            #expect(output.count == expected.count && first == expected.count, "mapping \(mapping): differs from byte \(first)")
        }
    }

    @Test("the end of the last line: every position of the last line feed, across window edges")
    func endOfLastLine() {
        for count in [0, 1, 2, 100, (64 << 10) - 1, 64 << 10, (64 << 10) + 1, 200_000] {
            for position in Set([-1, 0, 1, count / 2, count - (64 << 10), count - (64 << 10) - 1, count - 2, count - 1]) {
                var bytes = [UInt8](repeating: 0x61, count: count)
                let expected = position >= 0 && position < count ? position + 1 : 0
                if expected > 0 {
                    bytes[position] = 0x0A
                    if position > 3 { bytes[position / 2] = 0x0A }  // an earlier one does not count
                }
                bytes.withUnsafeBytes { raw in
                    #expect(RecordBatchReader.endOfLastLine(raw) == expected, "count \(count), line feed at \(position)")
                }
            }
        }
    }

    @Test("a small file, and a file without a line feed, are read, not mapped")
    func smallFilesAreRead() throws {
        let small = try OpenFile(Array("{\"a\":1}\n".utf8))
        #expect(!RecordBatchReader(descriptor: small.descriptor, maxRecordBytes: 100).isMapped)
        let oneLine = try OpenFile([UInt8](repeating: 0x61, count: 3 << 20))
        let reader = RecordBatchReader(descriptor: oneLine.descriptor, maxRecordBytes: 1 << 20)
        #expect(!reader.isMapped)
        #expect(try Self.records(reader).records == ["1:oversized \(3 << 20)"])
    }

    @Test("lines appended after the mapping was made are read after it, numbered on")
    func growingFile() throws {
        let first = Self.generated(lines: 10_000, seed: 9)
        let file = try OpenFile(first)
        let reader = RecordBatchReader(descriptor: file.descriptor, maxRecordBytes: 1 << 20)
        #expect(reader.isMapped)
        let more = Array("{\"appended\":1}\n{\"appended\":2}\n".utf8)
        let handle = try FileHandle(forWritingTo: file.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(more))
        try handle.close()
        let got = try Self.records(reader)
        #expect(got.intact)
        #expect(got.records == Self.expected((first + more)[...], maxRecordBytes: 1 << 20))
    }

    /// The filter judges a line and then writes the same line: were the line handed on the
    /// mapping itself, another process writing the file in place between the two reads would
    /// put bytes that were never judged into the output (on Linux a private read-only mapping
    /// shows such a write on every page this process has not copied). So the bytes a batch
    /// hands on are the reader's copy, taken when it read the batch: a write to the file while
    /// the lines are handled does not change them. (Later batches are copied when they are
    /// read, and hold what the file holds then: each line is judged and written as one.)
    @Test("a line handed on does not change while another process rewrites the file in place")
    func linesAreSnapshots() throws {
        // Lines of 1 to 200 printable bytes: a batch of 64 KiB holds hundreds.
        var bytes: [UInt8] = []
        for n in 0..<20_000 {
            bytes += [UInt8](repeating: UInt8(0x21 + n % 90), count: 1 + n % 200)
            bytes.append(0x0A)
        }
        let file = try OpenFile(bytes)
        let reader = RecordBatchReader(descriptor: file.descriptor, maxRecordBytes: 1 << 20, targetBytes: 64 << 10)
        #expect(reader.isMapped)
        let batch = try #require(try reader.next())
        let writer = try FileHandle(forWritingTo: file.url)  // in place: not truncated
        defer { try? writer.close() }
        func write(_ bytes: some Collection<UInt8>, at offset: Int) {
            do {
                try writer.seek(toOffset: UInt64(offset))
                try writer.write(contentsOf: Data(bytes))
            } catch {
                Issue.record(error)
            }
        }
        var handled = 0
        var fileOffset = 0
        var changedWhileHandled: [Int] = []
        batch.forEach { record in
            guard case .line(let number, let raw) = record else { return }
            let seen = Array(raw)
            // The file rewritten with other bytes of the same length (its line feeds kept), from
            // this line on past the batch's end, while this line is being handled: shifted by
            // one printable byte, or by two, so that each write changes every byte it covers.
            let rewrittenRange = fileOffset..<min(bytes.count, fileOffset + (80 << 10))
            let shift = UInt8(1 + handled % 2)
            write(bytes[rewrittenRange].map { $0 == 0x0A ? $0 : 0x21 + ($0 - 0x21 + shift) % 94 }, at: fileOffset)
            if Array(raw) != seen { changedWhileHandled.append(number) }
            fileOffset += seen.count + 1
            handled += 1
        }
        #expect(handled > 100)
        #expect(changedWhileHandled.count == 0, "lines changed under the filter: \(changedWhileHandled.prefix(5))")
    }

    /// A line feed written into a line after the reader found the lines, handed on inside one,
    /// would make one judged record two output lines. A writer thread turns one byte of a line
    /// into `\n` and back as fast as it can while readers read the file's first batch again and
    /// again: no line handed on may hold a line feed, and a batch that says it is intact must
    /// hand on every line as one state of the file holds it (the byte as it was, or the line
    /// feed: line 31 in two), since its lines are found in its copy.
    @Test("a line feed written into a line while it is read never reaches the handler")
    func lineFeedRace() throws {
        var bytes: [UInt8] = []
        for n in 0..<40_000 {
            bytes += [UInt8](repeating: UInt8(ascii: "a") + UInt8(n % 26), count: 40)
            bytes.append(0x0A)
        }
        let file = try OpenFile(bytes)
        let target = 30 * 41 + 20  // the middle of line 31
        var split = bytes
        split[target] = 0x0A
        // The lines of a 64 KiB batch in either state of the file.
        func lines(_ state: [UInt8], count: Int) -> [[UInt8]] {
            Array(state.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(count).map(Array.init))
        }
        let stop = Atomic<Bool>(false)
        let writes = Atomic<Int>(0)
        let finished = Atomic<Bool>(false)
        let path = file.url.path
        let originalByte = bytes[target]
        let writer = Thread {
            defer { finished.store(true, ordering: .releasing) }
            guard let handle = FileHandle(forUpdatingAtPath: path) else { return }
            var flip = false
            while !stop.load(ordering: .relaxed) {
                flip.toggle()
                try? handle.seek(toOffset: UInt64(target))
                try? handle.write(contentsOf: Data([flip ? 0x0A : originalByte]))
                writes.add(1, ordering: .relaxed)
            }
            try? handle.seek(toOffset: UInt64(target))
            try? handle.write(contentsOf: Data([originalByte]))
            try? handle.close()
        }
        writer.start()
        defer {
            stop.store(true, ordering: .relaxed)
            while !finished.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.001) }
        }
        var runs = 0
        var brokenRuns = 0
        var lineFeedsHandedOn = 0
        var wrongBatches = 0
        var splitBatches = 0
        var plainBatches = 0
        // Two seconds, and on a busy machine until the writer has written a thousand times
        // (at most thirty seconds).
        let start = ContinuousClock.now
        while ContinuousClock.now < start + .seconds(2)
            || (writes.load(ordering: .relaxed) < 1000 && ContinuousClock.now < start + .seconds(30))
        {
            #expect(SystemCalls.seek(file.descriptor, to: 0))
            let reader = RecordBatchReader(descriptor: file.descriptor, maxRecordBytes: 1 << 20, targetBytes: 64 << 10)
            #expect(reader.isMapped)
            let batch: RecordBatch
            do {
                batch = try #require(try reader.next())
            } catch let error as SanitizeError {
                // The file was seen without the line feed its last line ends in: never here
                // (the writer's byte is inside the file), but an error is a refusal, not a record.
                #expect(error.code == .io)
                continue
            }
            var handed: [[UInt8]] = []
            let intact = batch.forEach { record in
                guard case .line(_, let raw) = record else { return }
                if raw.contains(0x0A) { lineFeedsHandedOn += 1 }
                handed.append(Array(raw))
            }
            runs += 1
            if !intact {
                brokenRuns += 1
                continue
            }
            if handed == lines(split, count: batch.count) {
                splitBatches += 1
            } else if handed == lines(bytes, count: batch.count) {
                plainBatches += 1
            } else {
                wrongBatches += 1
            }
        }
        #expect(runs > 10)
        #expect(lineFeedsHandedOn == 0)
        #expect(wrongBatches == 0)
        // The writer did get in the reader's way: batches read in both states of the file
        // (otherwise this proved nothing). A batch broken (the copy not ending its last line)
        // hands nothing on.
        #expect(splitBatches > 0 && plainBatches > 0, "\(runs) runs, \(brokenRuns) broken, \(splitBatches) split, \(writes.load(ordering: .relaxed)) writes")
    }

    @Test("a file truncated while it is read: an error or a batch marked broken, never a crash or a record of lost bytes",
          arguments: [1, 3])
    func truncatedWhileRead(afterBatches: Int) throws {
        let bytes = Self.generated(lines: 30_000, seed: 13)
        let file = try OpenFile(bytes)
        let reader = RecordBatchReader(descriptor: file.descriptor, maxRecordBytes: 1 << 20, targetBytes: 64 << 10)
        #expect(reader.isMapped)
        let keep = 2 * RecordBatchReader.minimumMappedBytes / 3
        var records: [String] = []
        var intact = true
        do {
            let got = try Self.records(reader) { batch in
                if batch == afterBatches { #expect(truncate(file.url.path, off_t(keep)) == 0) }
            }
            records = got.records
            intact = got.intact
        } catch let error as SanitizeError {
            #expect(error.code == .io)
            #expect(error.reason.contains("shrank or changed"))
            return
        }
        // Not thrown: then a batch read lost bytes and says so.
        #expect(!intact)
        #expect(records.count < Self.expected(bytes[...], maxRecordBytes: 1 << 20).count)
    }
}
