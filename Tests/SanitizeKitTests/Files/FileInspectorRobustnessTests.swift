import Foundation
import Testing

@testable import SanitizeKit

/// Thousands of random and mutated inputs: every one gets a verdict, none crashes, and the
/// chunked reader always agrees with the in-memory one.
@Suite("Files: robustness on random and mutated bytes")
struct FileInspectorRobustnessTests {
    let inspector = FileInspector()

    /// Checks what must hold for any verdict on `bytes`.
    private func checkInvariants(_ verdict: FileVerdict, _ bytes: [UInt8]) {
        #expect((verdict.reason == nil) == (verdict.kind == .valid), "\(verdict)")
        if let offset = verdict.offset {
            #expect(offset >= 0 && offset <= bytes.count, "\(verdict) for \(bytes.count) bytes")
        }
        let detected = bytes.withUnsafeBytes { FileInspector.detectFormat($0) }
        if detected != .unknown { #expect(verdict.format == detected) }
        if verdict.kind == .valid {
            #expect(detected != .unknown)
            if detected == .jpeg { #expect(bytes.withUnsafeBytes { FileInspector.isClassicJPEG($0) }) }
        }
    }

    @Test("3000 random byte strings, bare and behind every signature")
    func randomBytes() throws {
        var random = SeededGenerator(seed: 0x5EED)
        let signatures: [[UInt8]] = [
            [], [0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("GIF89a".utf8),
            Array("RIFF".utf8) + [0x40, 0, 0, 0] + Array("WEBP".utf8), Array("%PDF-1.4\n".utf8),
        ]
        for round in 0..<3000 {
            let length = Int(random.next() % 400)
            var bytes = signatures[round % signatures.count]
            bytes += (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            checkInvariants(inspector.inspect(bytes), bytes)
        }
    }

    @Test("3000 mutated fixtures: random bytes set, inserted, deleted and duplicated")
    func mutatedFixtures() throws {
        var random = SeededGenerator(seed: 42)
        let originals = try ImageFixture.all.map { try $0.bytes }
        let scratch = try ScratchDirectory()
        var tiny = FileInspector()
        tiny.readBufferSize = 150
        var kinds: [FileVerdict.Kind: Int] = [:]
        for round in 0..<3000 {
            var bytes = originals[round % originals.count]
            for _ in 0..<(1 + Int(random.next() % 6)) {
                guard !bytes.isEmpty else { break }
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 5 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1:
                    bytes.insert(
                        contentsOf: (0..<(1 + Int(random.next() % 9))).map { _ in
                            UInt8(truncatingIfNeeded: random.next())
                        }, at: at)
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 64)))
                case 3:
                    bytes.insert(
                        contentsOf: bytes[at..<min(bytes.count, at + Int(random.next() % 300))],
                        at: Int(random.next() % UInt64(bytes.count)))
                default: bytes[at] = [0x00, 0xFF, 0xD9, 0x3B, 0x25][Int(random.next() % 5)]  // structure bytes
                }
            }
            let verdict = inspector.inspect(bytes)
            checkInvariants(verdict, bytes)
            kinds[verdict.kind, default: 0] += 1
            if round % 10 == 0 {
                let file = try scratch.write(bytes, named: "mutant-\(round)")
                #expect(try tiny.inspectFile(atPath: file.path) == verdict, "round \(round)")
            }
        }
        // The mutations reach every kind of verdict but mismatch (no type is declared here).
        for kind in [FileVerdict.Kind.valid, .truncated, .trailingData, .corrupt] {
            #expect(kinds[kind, default: 0] > 0, "no \(kind) among \(kinds)")
        }
    }

    @Test("lengths at their maximum read nothing past the input and end in a verdict")
    func hugeLengths() throws {
        let png = try #require(ImageFixture.all.first { $0.name == "truecolor.png" }).bytes
        var hugeChunk = png
        hugeChunk[33...36] = [0x7F, 0xFF, 0xFF, 0xFF]  // the second chunk's length
        #expect(inspector.inspect(hugeChunk).kind == .truncated)
        let gif = try #require(ImageFixture.all.first { $0.format == .gif }).bytes
        var hugeTable = Array(gif.prefix(13))
        hugeTable[10] = 0xFF  // a 256-entry global colour table that is not there
        #expect(inspector.inspect(hugeTable).kind == .truncated)
        let bound = FileInspector(maxBytes: 1000)
        #expect(bound.inspect(png).kind == .tooLarge)
        #expect(FileInspector(maxBytes: 0).inspect(png).kind == .tooLarge)
        #expect(FileInspector(maxBytes: -5).inspect(png).kind == .tooLarge)
    }
}
