import Foundation
import Testing

@testable import SanitizeKit

/// A parent may hand us a pipe it made non-blocking (`O_NONBLOCK` is shared by every process
/// that holds the pipe): `SystemCalls` reads and writes wait for it as on a blocking one, where
/// `read(2)` and `write(2)` fail with `EAGAIN`.
@Suite("SystemCalls on non-blocking descriptors")
struct NonBlockingDescriptorTests {
    /// A pipe whose `end` (0: reading, 1: writing) is non-blocking.
    private static func makePipe(nonBlocking end: Int) throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let flags = fcntl(ends[end], F_GETFL)
        try #require(fcntl(ends[end], F_SETFL, flags | O_NONBLOCK) == 0)
        return (ends[0], ends[1])
    }

    @Test("a read waits for bytes that come later, then meets the end, instead of failing with EAGAIN")
    func readWaits() throws {
        let (readEnd, writeEnd) = try Self.makePipe(nonBlocking: 0)
        defer { close(readEnd) }
        let writer = Thread {
            usleep(100_000)  // the first read finds the pipe empty
            _ = Array("hello".utf8).withUnsafeBytes { write(writeEnd, $0.baseAddress!, $0.count) }
            close(writeEnd)
        }
        writer.start()
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try SystemCalls.readBytes(readEnd, into: &buffer)
        #expect(Array(buffer[0..<count]) == Array("hello".utf8))
        #expect(try SystemCalls.readBytes(readEnd, into: &buffer) == 0)
    }

    @Test("writes wait for room in a full pipe instead of failing: every byte arrives, in order")
    func writeWaits() throws {
        let (readEnd, writeEnd) = try Self.makePipe(nonBlocking: 1)
        defer { close(readEnd) }
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }  // 1 MiB: many pipes' worth
        let received = ReceivedBytes()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            usleep(100_000)  // the writer fills the pipe first
            var chunk = [UInt8](repeating: 0, count: 8192)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
                if count <= 0 { break }
                received.append(chunk[0..<count])
                usleep(200)
            }
            done.signal()
        }
        reader.start()
        var offset = 0
        while offset < bytes.count {
            offset += try bytes.withUnsafeBytes { try SystemCalls.writeBytes(writeEnd, from: $0.baseAddress! + offset, count: $0.count - offset) }
        }
        close(writeEnd)
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(received.bytes == bytes)
    }

    /// Bytes gathered by the reading thread.
    private final class ReceivedBytes: @unchecked Sendable {
        private let lock = NSLock()
        private var gathered: [UInt8] = []
        func append(_ chunk: ArraySlice<UInt8>) { lock.withLock { gathered += chunk } }
        var bytes: [UInt8] { lock.withLock { gathered } }
    }
}
