import Foundation
import Testing

@testable import SanitizeKit

@Suite("OutputWriter")
struct OutputWriterTests {
    private struct Refused: Error {}

    /// Runs `body` on a writer over a temporary file (64-byte buffer, so flushes happen) and
    /// returns the file's bytes after the writer is gone.
    private func written(_ body: (inout OutputWriter) throws -> Void) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("output-writer-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(descriptor >= 0)
        defer { unlink(path) }
        do {
            var writer = OutputWriter(descriptor: descriptor, capacity: 64)
            try body(&writer)
            try writer.flush()
        }
        close(descriptor)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("decimal integers are written as String(n) would", arguments: [0, 7, 10, 99, 65_536, -1, -120, Int.max, Int.min])
    func decimal(value: Int) throws {
        let bytes = try written { writer in
            for _ in 0..<5 { try writer.write(decimal: value) }  // across flushes of the 64-byte buffer
        }
        #expect(bytes == Array(String(repeating: String(value), count: 5).utf8))
    }

    @Test func reservedWritesLandInOrderAcrossFlushes() throws {
        let bytes = try written { writer in
            for n in 0..<100 {
                try writer.write(byte: UInt8(ascii: "<"))
                try writer.append(reservingCapacity: 10) { out in
                    out.update(repeating: UInt8(ascii: "0") + UInt8(n % 10), count: 3)
                    return 3
                }
            }
        }
        let expected = (0..<100).flatMap { n in [UInt8(ascii: "<")] + Array(repeating: UInt8(ascii: "0") + UInt8(n % 10), count: 3) }
        #expect(bytes == expected)
    }

    @Test func aReservationLargerThanTheBufferGrowsIt() throws {
        let bytes = try written { writer in
            try writer.write(Array("head".utf8))
            try writer.append(reservingCapacity: 1_000) { out in
                out.update(repeating: 0x78, count: 999)
                return 999
            }
            try writer.write(Array("tail".utf8))
        }
        #expect(bytes == Array("head".utf8) + Array(repeating: 0x78, count: 999) + Array("tail".utf8))
    }

    @Test func aWriterThatThrowsLeavesNothing() throws {
        let bytes = try written { writer in
            try writer.write(Array("kept".utf8))
            #expect(throws: Refused.self) {
                try writer.append(reservingCapacity: 8) { out in
                    out.update(repeating: 0x21, count: 8)
                    throw Refused()
                }
            }
            try writer.write(Array("!".utf8))
        }
        #expect(bytes == Array("kept!".utf8))
    }
}
