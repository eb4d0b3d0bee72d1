import Foundation
import Testing

@testable import SanitizeKit

@Suite("LineReader")
struct LineReaderTests {
    /// Writes `bytes` to a pipe from another thread and collects what the reader yields.
    /// With `peeking`, asks ``LineReader/canReadWithoutWaiting`` before every line, as the
    /// line loops do (it remembers the newline it finds for the next line).
    private func lines(of bytes: [UInt8], maxLineBytes: Int = 1 << 20, peeking: Bool = false) throws -> [String] {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let feeder = Thread {
            writer.write(Data(bytes))
            try? writer.close()
        }
        feeder.start()
        var reader = LineReader(descriptor: pipe.fileHandleForReading.fileDescriptor, maxLineBytes: maxLineBytes)
        var result: [String] = []
        while true {
            if peeking { _ = reader.canReadWithoutWaiting }
            guard let line = try reader.next() else { break }
            switch line {
            case .bytes(let number, let raw):
                result.append("\(number):\(String(decoding: raw, as: UTF8.self))")
            case .oversized(let number, let count):
                result.append("\(number):oversized \(count)")
            }
        }
        return result
    }

    @Test func splitsOnNewlineOnlyAndKeepsCarriageReturns() throws {
        #expect(try lines(of: Array("a\r\nb\n\nc".utf8)) == ["1:a\r", "2:b", "3:", "4:c"])
    }

    @Test func emptyInputHasNoLines() throws {
        #expect(try lines(of: []) == [])
        #expect(try lines(of: Array("\n".utf8)) == ["1:"])
    }

    @Test func longLinesAcrossManyReadsStayWhole() throws {
        let long = String(repeating: "x", count: 300_000)
        #expect(try lines(of: Array("\(long)\nshort\n".utf8)) == ["1:\(long)", "2:short"])
    }

    @Test func oversizedLineIsSkippedAndCounted() throws {
        let long = String(repeating: "y", count: 200_000)
        let result = try lines(of: Array("ok\n\(long)\nafter\n\(long)".utf8), maxLineBytes: 1000)
        #expect(result == ["1:ok", "2:oversized 200000", "3:after", "4:oversized 200000"])
    }

    @Test func lineOverTheLimitInsideOneReadIsOversizedToo() throws {
        let result = try lines(of: Array("12345\n123456\n\n1234567".utf8), maxLineBytes: 5)
        #expect(result == ["1:12345", "2:oversized 6", "3:", "4:oversized 7"])
    }

    @Test func askingWhetherALineIsReadyChangesNothing() throws {
        var bytes: [UInt8] = []
        for n in 0..<5_000 { bytes += Array(String(repeating: "z", count: n % 97).utf8) + [0x0A] }
        bytes += Array(String(repeating: "w", count: 70_000).utf8) + [0x0A] + Array("tail".utf8)
        let plain = try lines(of: bytes, maxLineBytes: 60_000)
        #expect(try lines(of: bytes, maxLineBytes: 60_000, peeking: true) == plain)
        #expect(plain.count == 5_002)
        #expect(plain[5_000] == "5001:oversized 70000")
    }
}
