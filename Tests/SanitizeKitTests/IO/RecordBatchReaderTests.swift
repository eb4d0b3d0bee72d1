import Foundation
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

/// Batches move whole buffered lines as blocks; the records they hand out must be exactly the
/// lines, numbers and oversized markers a line-at-a-time reader gives.
@Suite("RecordBatchReader")
struct RecordBatchReaderTests {
    /// Feeds `bytes` through a pipe (in pieces of `chunk` bytes) and describes each record.
    private static func records(
        of bytes: [UInt8], maxRecordBytes: Int, targetBytes: Int, chunk: Int = 1 << 20, batches: inout Int
    ) throws -> [String] {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let feeder = Thread {
            var offset = 0
            while offset < bytes.count {
                writer.write(Data(bytes[offset..<min(offset + chunk, bytes.count)]))
                offset += chunk
            }
            try? writer.close()
        }
        feeder.start()
        let reader = RecordBatchReader(
            descriptor: pipe.fileHandleForReading.fileDescriptor, maxRecordBytes: maxRecordBytes, targetBytes: targetBytes)
        var result: [String] = []
        while let batch = try reader.next() {
            batches += 1
            let described = batch.described().records
            result += described
            #expect(described.count == batch.count)
        }
        return result
    }

    /// What a line-at-a-time reader makes of the same bytes.
    private static func expected(_ bytes: [UInt8], maxRecordBytes: Int) -> [String] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if bytes.last == 0x0A || bytes.isEmpty { lines.removeLast() }
        return lines.enumerated().map { index, line in
            line.count > maxRecordBytes ? "\(index + 1):oversized \(line.count)" : "\(index + 1):\(String(decoding: line, as: UTF8.self))"
        }
    }

    @Test("records, numbers and oversized lines are those of the input, line by line", arguments: [
        (1 << 20, 256 << 10), (1 << 20, 1_000), (100, 256 << 10), (100, 300), (5, 64), (70_000, 256 << 10),
    ])
    func sameAsLineByLine(maxRecordBytes: Int, targetBytes: Int) throws {
        var generator = SeededGenerator(seed: 7)
        var bytes: [UInt8] = []
        for n in 0..<6_000 {
            let length = n % 500 == 0 ? 80_000 : Int.random(in: 0...150, using: &generator)
            bytes += (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            if n % 7 == 0 { bytes.append(0x0D) }  // a carriage return stays part of its line
            bytes.append(0x0A)
        }
        bytes += Array("last line without a newline".utf8)
        var batches = 0
        for chunk in [1 << 20, 4_093] {
            let got = try Self.records(of: bytes, maxRecordBytes: maxRecordBytes, targetBytes: targetBytes, chunk: chunk, batches: &batches)
            #expect(got == Self.expected(bytes, maxRecordBytes: maxRecordBytes))
        }
        #expect(batches > 2)
    }

    @Test("empty input and blank lines")
    func edges() throws {
        var batches = 0
        #expect(try Self.records(of: [], maxRecordBytes: 10, targetBytes: 10, batches: &batches) == [])
        #expect(try Self.records(of: Array("\n\n".utf8), maxRecordBytes: 10, targetBytes: 10, batches: &batches) == ["1:", "2:"])
    }

    @Test("counting newlines: every length and alignment")
    func countNewlines() {
        var generator = SeededGenerator(seed: 3)
        let bytes = (0..<300).map { _ in [0x0A, 0x0B, 0x8A, 0x00, 0x61].randomElement(using: &generator)! as UInt8 }
        bytes.withUnsafeBytes { raw in
            for start in 0..<9 {
                for end in start...raw.count {
                    let slice = UnsafeRawBufferPointer(rebasing: raw[start..<end])
                    #expect(LineReader.countNewlines(slice) == slice.filter { $0 == 0x0A }.count)
                }
            }
        }
    }

    @Test("a copied window hands on its whole lines, an oversized one by its length, at most maxLines, and keeps nothing after them")
    func linesOfACopiedWindow() {
        let text = Array("ab\nccccc\n\nd\nunfinished".utf8)
        text.withUnsafeBytes { source in
            var batch = RecordBatch()
            let taken = batch.appendLines(copying: 0..<source.count, of: source, firstNumber: 10, maxRecordBytes: 3, maxLines: 100)
            #expect(taken.bytes == 12 && taken.lines == 4)
            #expect(batch.described().records == ["10:ab", "11:oversized 5", "12:", "13:d"])
            #expect(batch.count == 4 && batch.byteCount == 12)
            var capped = RecordBatch()
            let two = capped.appendLines(copying: 3..<source.count, of: source, firstNumber: 1, maxRecordBytes: 100, maxLines: 2)
            #expect(two.bytes == 7 && two.lines == 2)
            #expect(capped.described().records == ["1:ccccc", "2:"])
            // Appended after those: numbered on, in the same buffer.
            let more = capped.appendLines(copying: 10..<source.count, of: source, firstNumber: 3, maxRecordBytes: 100, maxLines: 5)
            #expect(more.bytes == 2 && more.lines == 1)
            #expect(capped.described().records == ["1:ccccc", "2:", "3:d"])
            var cut = RecordBatch()
            let nothing = cut.appendLines(copying: 12..<source.count, of: source, firstNumber: 1, maxRecordBytes: 100, maxLines: 5)
            #expect(nothing.bytes == 0 && nothing.lines == 0 && cut.count == 0 && cut.byteCount == 0)
            #expect(cut.described().records.isEmpty)
        }
    }
}
