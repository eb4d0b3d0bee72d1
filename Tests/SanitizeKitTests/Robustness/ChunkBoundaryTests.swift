import Foundation
import Testing

@testable import SanitizeKit

/// A UTF-8 sequence split by a read boundary at every position: the line reader must hand back
/// exactly the bytes that were sent, so validation judges whole sequences (valid ones pass, a
/// truncated one is reported at the offset where it starts), whatever the chunking.
///
/// Reads go through a `SOCK_SEQPACKET` socket pair: each `read(2)` returns exactly one packet,
/// so the test chooses where every read ends.
@Suite("UTF-8 across read boundaries")
struct ChunkBoundaryTests {
    /// Sends `chunks` as separate packets and closes the sender; returns the receiving end,
    /// which the caller closes.
    static func packetDescriptor(sending chunks: [[UInt8]]) throws -> Int32 {
        var pair: [Int32] = [0, 0]
        #if canImport(Glibc)
            let kind = Int32(SOCK_SEQPACKET.rawValue)
        #else
            let kind = SOCK_SEQPACKET
        #endif
        try #require(socketpair(AF_UNIX, kind, 0, &pair) == 0)
        defer { close(pair[1]) }
        for chunk in chunks {
            let sent = chunk.withUnsafeBytes { send(pair[1], $0.baseAddress, $0.count, 0) }
            try #require(sent == chunk.count)
        }
        return pair[0]
    }

    /// Sends `chunks` as separate packets and collects the reader's lines.
    static func lines(of chunks: [[UInt8]], maxLineBytes: Int = 1 << 20) throws -> [[UInt8]] {
        let descriptor = try packetDescriptor(sending: chunks)
        defer { close(descriptor) }
        var reader = LineReader(descriptor: descriptor, maxLineBytes: maxLineBytes)
        var result: [[UInt8]] = []
        while let line = try reader.next() {
            guard case .bytes(_, let bytes) = line else {
                Issue.record("unexpected oversized line")
                continue
            }
            result.append(Array(bytes))
        }
        return result
    }

    /// Every split of `stream` into two reads (an empty packet would read as end of input, so
    /// split points run over the inside of the stream).
    static func everySplit(of stream: [UInt8]) -> [[[UInt8]]] {
        (1..<stream.count).map { [Array(stream[..<$0]), Array(stream[$0...])] }
    }

    static let characters = ["é", "€", "😀", "\u{10FFFF}"]

    @Test(arguments: characters)
    func wholeSequenceSplitAnywhereComesBackWholeAndValid(character: String) throws {
        let first = Array("ab\(character)cd".utf8)
        let second = Array("{\"k\":\"\(character)\"}".utf8)
        let stream = first + [0x0A] + second + [0x0A]
        for chunks in Self.everySplit(of: stream) {
            let lines = try Self.lines(of: chunks)
            #expect(lines == [first, second], "split at \(chunks[0].count)")
            for line in lines {
                #expect(UTF8Validation.firstInvalidByteOffset(in: line) == nil)
            }
            let document = try JSONDocument(parsing: lines[1])
            #expect(document.member("k", of: document.root).flatMap(document.string) == character)
        }
    }

    @Test(arguments: characters)
    func truncatedSequenceSplitAnywhereIsReportedWhereItStarts(character: String) throws {
        let bytes = Array(character.utf8)
        for kept in 1..<bytes.count {
            let truncated = Array("ab".utf8) + bytes.prefix(kept)
            let json = Array("\"x".utf8) + bytes.prefix(kept) + Array("\"".utf8)
            let stream = truncated + [0x0A] + json + [0x0A] + Array("ok".utf8)
            for chunks in Self.everySplit(of: stream) {
                let lines = try Self.lines(of: chunks)
                #expect(lines == [truncated, json, Array("ok".utf8)], "kept \(kept), split at \(chunks[0].count)")
                #expect(UTF8Validation.firstInvalidByteOffset(in: lines[0]) == 2)
                #expect(UTF8Validation.firstInvalidByteOffset(in: lines[2]) == nil)
                #expect(throws: SanitizeError.self) { try JSONDocument(parsing: lines[1]) }
            }
        }
    }

    @Test func manySmallReadsOfOneByteEachKeepEverySequence() throws {
        let text = Array("ü€😀\u{10FFFF}x\n€\n".utf8)
        let lines = try Self.lines(of: text.map { [$0] })
        #expect(lines == [Array("ü€😀\u{10FFFF}x".utf8), Array("€".utf8)])
    }

    @Test func sequenceSplitAtTheLineLimitIsCountedNotCut() throws {
        // A 4-byte character crossing the limit: the line is oversized, never cut in half.
        let line = Array(String(repeating: "a", count: 14).utf8) + Array("😀".utf8)
        let descriptor = try Self.packetDescriptor(
            sending: [Array(line.prefix(15)), Array(line.dropFirst(15)) + Array("\nok\n".utf8)])
        defer { close(descriptor) }
        var reader = LineReader(descriptor: descriptor, maxLineBytes: 16)
        var seen: [String] = []
        while let next = try reader.next() {
            switch next {
            case .bytes(let number, let bytes): seen.append("\(number):\(String(decoding: bytes, as: UTF8.self))")
            case .oversized(let number, let count): seen.append("\(number):oversized \(count)")
            }
        }
        #expect(seen == ["1:oversized 18", "2:ok"])
    }
}
