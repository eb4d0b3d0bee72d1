import Foundation
import TestSupport
import Testing

/// About 60 MB of hostile `WWW-Authenticate` fields through `sanitize challenge` (standard
/// input, one field per line), run under GNU time (`/usr/bin/time -f %M`) for the child's
/// peak resident memory: one output line per input line, no crash, exit 1 (some lines are
/// refused), a `[code]` reason on standard error for every refused line, and a peak far
/// below the input's size.
///
/// The peak is the runtime (about 30 MB for a debug build) plus the line reader's buffer, which
/// grows up to `--max-line-bytes` (about twice that while it grows) before an over-long line is
/// skipped: with the default 16 MiB limit that is about 61 MB, so the run here says
/// `--max-line-bytes 4194304` (4 MiB): the 1.5 MB and 2 MB fields are still parsed, the 20 MB
/// line is over the limit, and the bound keeps a margin.
@Suite("Hostile challenge fields through sanitize challenge, under GNU time", .integration)
struct GNUTimeChallengeHostileTests {
    /// One kind of generated line and what the command must make of it.
    struct Kind: Sendable {
        var name: String
        var count: Int
        /// Whether the line is answered (`answer: …`); every other line is refused.
        var answered = false
        /// Whether the line is over `--max-line-bytes` (4 MiB here): refused unread, `limit-exceeded`.
        var oversized = false
        var make: @Sendable (inout SeededGenerator) -> [UInt8]
    }

    static let kinds: [Kind] = [
        Kind(name: "huge quoted realm (1.5 MB)", count: 10) { _ in
            Array(#"Basic realm=""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1_500_000) + [0x22]
        },
        Kind(name: "huge token68 (2 MB)", count: 5) { _ in
            Array("Bearer ".utf8) + [UInt8](repeating: UInt8(ascii: "A"), count: 2_000_000) + Array("==".utf8)
        },
        Kind(name: "thousands of parameters", count: 100) { random in
            let count = 2000 + Int(random.next() % 3000)
            return Array(("Basic " + (0..<count).map { "p\($0)=\"v\($0)\"" }.joined(separator: ", ")).utf8)
        },
        Kind(name: "thousands of challenges", count: 100) { _ in
            Array(String(repeating: #"Basic realm="r", "#, count: 4000).utf8)
        },
        Kind(name: "unbalanced quotes and escapes (1 MB)", count: 5) { _ in
            Array(#"Basic realm=""#.utf8) + Array(String(repeating: #"a\""#, count: 333_333).utf8)
        },
        Kind(name: "non-ASCII realm (1 MB)", count: 5) { _ in
            Array(("Basic realm=\"" + String(repeating: "caf\u{E9}\u{1F600}", count: 110_000) + "\"").utf8)
        },
        Kind(name: "non-ASCII outside quotes", count: 500) { _ in Array("Basic r\u{E9}alm=\"x\"".utf8) },
        Kind(name: "NUL inside", count: 1000) { random in
            Array(#"Basic realm="a"#.utf8) + [0x00] + Array(#"b""#.utf8) + [UInt8(random.next() % 10) + 0x30]
        },
        Kind(name: "CR inside", count: 1000) { _ in Array(#"Basic realm="a"#.utf8) + [0x0D] + Array(#"b""#.utf8) },
        // Inside a quoted string every byte above 0x7F is obs-text, read as ISO-8859-1: answered.
        Kind(name: "invalid UTF-8 inside quotes", count: 1000, answered: true) { random in
            Array(#"Basic realm=""#.utf8) + Self.invalidUTF8[Int(random.next() % 5)] + [0x22]
        },
        Kind(name: "invalid UTF-8 outside quotes", count: 1000) { random in
            Array("Basic ".utf8) + Self.invalidUTF8[Int(random.next() % 5)] + Array(#"realm="x""#.utf8)
        },
        Kind(name: "over --max-line-bytes (20 MB)", count: 1, oversized: true) { _ in
            Array(#"Basic realm=""#.utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: 20_000_000)
        },
        Kind(name: "ordinary", count: 5000, answered: true) { _ in Array(#"Basic realm="WallyWorld""#.utf8) },
    ]

    /// Five kinds of invalid UTF-8: a stray byte, a bad continuation, an overlong form, a
    /// surrogate, a code point past U+10FFFF.
    static let invalidUTF8: [[UInt8]] = [[0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    @Test("one line out per line in, exit 1, a reason per refused line, peak RSS under 64 MB")
    func hostileSet() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("challenge-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data(#"{"version": 1, "credentials": {"allowedBaseURLs": ["https://api.example.com/"]}}"#.utf8)
            .write(to: scratch.appendingPathComponent("policy.json"))

        // The kinds interleaved in a seeded order, so huge lines sit between small ones.
        var random = SeededGenerator(seed: 20)
        var order = Self.kinds.indices.flatMap { Array(repeating: $0, count: Self.kinds[$0].count) }
        order.shuffle(using: &random)
        var input: [UInt8] = []
        for index in order {
            input += Self.kinds[index].make(&random)
            input.append(0x0A)
        }
        #expect(input.count > 50_000_000)
        try Data(input).write(to: scratch.appendingPathComponent("in"))
        input = []

        let result = try ShellProcess.run(
            """
            cd '\(scratch.path)' && /usr/bin/time -f '%M' -o rss "$SANITIZE" challenge --policy policy.json --max-line-bytes 4194304 \
              --origin https://api.example.com/v1 < in > out 2> err; echo "status=$?"
            """)
        #expect(result.stdout == "status=1\n", "\(result.stderr)")
        let out = try Data(contentsOf: scratch.appendingPathComponent("out"))
        let lines = out.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(out.last == 0x0A)
        #expect(lines.count == order.count)
        let expectedAnswers = order.filter { Self.kinds[$0].answered }.count
        var answers = 0
        for (line, index) in zip(lines, order) {
            let kind = Self.kinds[index]
            let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            let decision = object?["decision"] as? String ?? ""
            if kind.oversized { #expect(decision == "refuse: limit-exceeded", "\(kind.name)") }
            #expect(decision.hasPrefix(kind.answered ? "answer: " : "refuse: "), "\(kind.name): \(decision.prefix(120))")
            if decision.hasPrefix("answer: ") { answers += 1 }
        }
        #expect(answers == expectedAnswers)
        // Every refused line has its reason on standard error, ending with a code.
        let stderr = String(decoding: try Data(contentsOf: scratch.appendingPathComponent("err")), as: UTF8.self)
        let reasons = stderr.split(separator: "\n")
        #expect(reasons.count == order.count - expectedAnswers)
        #expect(reasons.allSatisfy { $0.hasPrefix("sanitize: line ") && $0.hasSuffix("]") })
        // GNU time writes "Command exited with non-zero status 1" before the figure.
        let rss = String(decoding: try Data(contentsOf: scratch.appendingPathComponent("rss")), as: UTF8.self)
        let kilobytes = try #require(rss.split(separator: "\n").last.flatMap { Int($0) }, "\(rss)")
        #expect(kilobytes > 0 && kilobytes < 64 * 1024, "peak RSS \(kilobytes) KB for \(order.count) lines")
    }
}
