import Testing

@testable import SanitizeKit

/// The word-at-a-time quoting loop against a byte-at-a-time reference, with the special bytes
/// and NUL placed at every position of the eight-byte words and in the tail.
@Suite("ByteQuoter")
struct ByteQuoterTests {
    /// The MySQL literal quoter has the most special bytes; the shell quoter the longest escape.
    static let quoters: [(name: String, quoter: ByteQuoter, escapes: [UInt8: [UInt8]])] = [
        ("doubling", SQLQuoter.doubling, [0x27: [0x27, 0x27]]),
        ("mysql", SQLQuoter.mysqlLiteral, [0x5C: [0x5C, 0x5C], 0x27: [0x5C, 0x27], 0x22: [0x5C, 0x22],
                                           0x0A: [0x5C, 0x6E], 0x0D: [0x5C, 0x72], 0x1A: [0x5C, 0x5A]]),
        ("shell", ShellQuoter.quoter, [0x27: [0x27, 0x5C, 0x27, 0x27]]),
    ]

    /// What the quoter must produce: the quote, each byte or its escape, the quote.
    private func reference(_ bytes: [UInt8], quote: UInt8, escapes: [UInt8: [UInt8]]) -> [UInt8] {
        [quote] + bytes.flatMap { escapes[$0] ?? [$0] } + [quote]
    }

    /// Values of length 0 to 25 made of `filler` with `special` at one or two positions.
    private func values(special: UInt8, filler: UInt8 = 0x61) -> [[UInt8]] {
        var result: [[UInt8]] = []
        for length in 0...25 {
            result.append([UInt8](repeating: filler, count: length))
            for first in 0..<length {
                var value = [UInt8](repeating: filler, count: length)
                value[first] = special
                result.append(value)
                for second in first..<length {
                    var pair = value
                    pair[second] = special
                    result.append(pair)
                }
            }
        }
        return result
    }

    @Test func everyPlacementOfEverySpecialByteMatchesTheReference() throws {
        for (name, quoter, escapes) in Self.quoters {
            // Neighbours of the special bytes too: "has zero byte" tricks go wrong near them.
            for special in Array(escapes.keys) + [0x26, 0x28, 0x80, 0xFF, 0x01] {
                for value in values(special: special) {
                    let quoted = try value.withUnsafeBytes { try quoter.quoted($0, nulReason: "") }
                    let expected = reference(value, quote: quoter.quote, escapes: escapes)
                    #expect(quoted == expected, "\(name): \(value)")
                    if quoted != expected { return }
                }
            }
        }
    }

    @Test func nulIsRefusedAtItsOffsetWherever() {
        for (name, quoter, _) in Self.quoters {
            for value in values(special: 0x00, filler: 0x27) where value.contains(0) {
                let first = value.firstIndex(of: 0)!
                do {
                    _ = try value.withUnsafeBytes { try quoter.quoted($0, nulReason: "x") }
                    Issue.record("\(name): NUL passed in \(value)")
                    return
                } catch let error as SanitizeError {
                    #expect(error.code == .nulByte)
                    #expect(error.location?.byteOffset == first, "\(name): \(value)")
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
    }

    @Test func theStreamEncodersWriteWhatThePublicAPIReturns() throws {
        let samples = ["", "O'Reilly", "a\\b\"c\nd\re\u{1A}", "café 🇪🇸 it's", String(repeating: "'x", count: 40),
                       "order", "a`b", "%&=+# /?"]
        for sample in samples {
            var text = sample
            try text.withUTF8 { utf8 in
                let bytes = UnsafeRawBufferPointer(utf8)
                for dialect in [SQLDialect.sqlite, .postgres, .mysql] {
                    var literal: [UInt8] = []
                    try SQL.quoteLiteral(utf8: bytes, dialect: dialect, into: &literal)
                    #expect(try streamed(.sqlLiteral(dialect), bytes) == literal)
                    var identifier: [UInt8] = []
                    if (try? SQL.quoteIdentifier(utf8: bytes, dialect: dialect, into: &identifier)) != nil {
                        #expect(try streamed(.sqlIdentifier(dialect), bytes) == identifier)
                    } else {
                        #expect(throws: SanitizeError.self) { try streamed(.sqlIdentifier(dialect), bytes) }
                    }
                }
                var shell: [UInt8] = []
                try Shell.quote(utf8: bytes, into: &shell)
                #expect(try streamed(.shell, bytes) == shell)
                for context in URLEncodingContext.allCases {
                    #expect(try streamed(.percent(context.encodeSet), bytes)
                        == PercentEncoding.encode(utf8: bytes, using: context.encodeSet))
                }
            }
        }
    }

    @Test(arguments: [
        [0x61, 0x62, 0xC3, 0x28],  // a truncated sequence
        [0x61, 0x62, 0xFF] + Array(repeating: 0x61, count: 20),  // in the word loop
        [0x61, 0x00, 0xC3, 0x28],  // a NUL before it: the UTF-8 error is what is reported
    ] as [[UInt8]])
    func theStreamEncodersRefuseInvalidUTF8WithItsOffset(bytes: [UInt8]) {
        for encoder in [StreamEncoder.sqlLiteral(.sqlite), .sqlLiteral(.mysql), .sqlIdentifier(.postgres), .shell,
                        .percent(.component)] {
            do {
                _ = try bytes.withUnsafeBytes { try streamed(encoder, $0) }
                Issue.record("invalid UTF-8 passed \(encoder)")
            } catch let error as SanitizeError {
                #expect(error.code == .invalidUTF8)
                #expect(error.location?.byteOffset == 2)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    /// What `encoder` writes for `bytes` into a buffer of exactly its announced size.
    private func streamed(_ encoder: StreamEncoder, _ bytes: UnsafeRawBufferPointer) throws -> [UInt8] {
        let prepared = encoder.prepared
        let capacity = prepared.maxOutputCount(bytes.count)
        return try [UInt8](unsafeUninitializedCapacity: max(capacity, 1)) { buffer, count in
            count = 0
            count = try prepared.write(bytes, to: buffer.baseAddress!)
            #expect(count <= capacity)
        }
    }
}
