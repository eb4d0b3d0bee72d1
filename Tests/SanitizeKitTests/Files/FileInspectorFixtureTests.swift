import Foundation
import Testing

@testable import SanitizeKit

@Suite("Files: real images made by real encoders")
struct FileInspectorFixtureTests {
    let inspector = FileInspector()

    @Test("every fixture is valid, of the format its encoder wrote", arguments: ImageFixture.all)
    func fixtureIsValid(_ fixture: ImageFixture) throws {
        let verdict = inspector.inspect(try fixture.bytes)
        #expect(verdict == FileVerdict(format: fixture.format, kind: .valid), "\(fixture.madeBy)")
        #expect(
            FileInspector.detectFormat(try fixture.bytes)
                == fixture.format)
    }

    @Test("Data, [UInt8], a file read in chunks and a pipe give the same verdict", arguments: ImageFixture.all)
    func inputKindsAgree(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        let expected = inspector.inspect(bytes)
        #expect(inspector.inspect(Data(bytes)) == expected)
        #expect(try inspector.inspectFile(atPath: fixture.url.path) == expected)
        var tiny = FileInspector()
        tiny.readBufferSize = 128
        #expect(try tiny.inspectFile(atPath: fixture.url.path) == expected)
        #expect(try inspectThroughPipe(bytes, tiny) == expected)
    }

    @Test("cut at many offsets: truncated (never valid), the same in memory and in chunks", arguments: ImageFixture.all)
    func truncations(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        let scratch = try ScratchDirectory()
        var tiny = FileInspector()
        tiny.readBufferSize = 128
        for (index, length) in ImageFixture.cutOffsets(bytes.count).enumerated() {
            let cut = Array(bytes[0..<length])
            let verdict = inspector.inspect(cut)
            let context = "\(fixture.name) cut to \(length) bytes: \(verdict)"
            // An incrementally updated or linearized PDF has an earlier %%EOF: cut after it,
            // the rest reads as an appended, unfinished update.
            var allowed: Set<FileVerdict.Kind> =
                length == 1 ? [.corrupt] : fixture.format == .pdf ? [.truncated, .trailingData] : [.truncated]
            // PDF white space after %%EOF is optional: cutting only that leaves a valid file.
            if fixture.format == .pdf, bytes[length...].allSatisfy({ [0x0A, 0x0D, 0x20].contains($0) }) {
                allowed = [.valid]
            }
            #expect(allowed.contains(verdict.kind), "\(context)")
            #expect((verdict.reason != nil) == (verdict.kind != .valid), "\(context)")
            if length >= 2 { #expect(verdict.format == fixture.format, "\(context)") }
            if index % 4 == 0 {
                let file = try scratch.write(cut, named: "cut-\(length)-\(fixture.name)")
                #expect(try tiny.inspectFile(atPath: file.path) == verdict, "\(context) (chunked)")
            }
        }
    }

    @Test("bytes appended after the end are trailing data at the original length", arguments: ImageFixture.all)
    func appendedBytes(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        let suffixes: [[UInt8]] = [
            Array("x".utf8),
            [0xFF, 0xD9],
            Array("PK\u{03}\u{04}\u{14}\u{00}\u{00}\u{00}".utf8),  // a ZIP local file header: a polyglot
            Array("<script>alert(1)</script>\n".utf8),
        ]
        // The file twice: for PDF that is indistinguishable from an incremental update (valid).
        for suffix in suffixes + (fixture.format == .pdf ? [] : [bytes]) {
            let verdict = inspector.inspect(bytes + suffix)
            #expect(verdict.kind == .trailingData, "\(fixture.name) + \(suffix.prefix(8)): \(verdict)")
            #expect(verdict.offset == bytes.count, "\(fixture.name): \(verdict)")
            #expect(verdict.format == fixture.format)
        }
    }

    @Test("PDF white space after %%EOF is allowed; other formats take no newline", arguments: ImageFixture.all)
    func appendedNewline(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        let verdict = inspector.inspect(bytes + [0x0D, 0x0A, 0x20, 0x00])
        #expect(verdict.kind == (fixture.format == .pdf ? .valid : .trailingData), "\(verdict)")
    }

    @Test("a declared type that disagrees with the bytes is a mismatch", arguments: ImageFixture.all)
    func declaredTypeMismatch(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        for other in FileFormat.allCases where other != fixture.format && other != .unknown {
            let verdict = inspector.inspect(bytes, declaredType: other.mediaType)
            #expect(verdict.kind == .mismatch, "\(fixture.name) declared \(other): \(verdict)")
            #expect(verdict.format == fixture.format)
        }
        for declaration in ["image/tiff", "application/zip", "txt", ""] {
            #expect(inspector.inspect(bytes, declaredType: declaration).kind == .mismatch)
        }
        let ownExtension = String(fixture.name.split(separator: ".").last ?? "")
        for declaration in [fixture.format.mediaType ?? "", ownExtension, "upload.\(ownExtension.uppercased())"] {
            #expect(inspector.inspect(bytes, declaredType: declaration).kind == .valid, "\(declaration)")
        }
    }

    @Test(
        "PNG: every flipped byte is caught (chunk CRCs cover all data)",
        arguments: ImageFixture.all.filter { $0.format == .png })
    func pngFlips(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 1500)) {
            var flipped = bytes
            flipped[position] ^= 0xFF
            let verdict = inspector.inspect(flipped)
            #expect(verdict.kind != .valid, "\(fixture.name) flipped at \(position)")
        }
    }

    @Test(
        "JPEG: a flipped marker or segment length before the first scan is caught",
        arguments: ImageFixture.all.filter { $0.format == .jpeg })
    func jpegHeaderFlips(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        let positions = Self.jpegHeaderFieldOffsets(bytes)
        #expect(positions.count >= 16, "found \(positions.count) header field bytes")
        for position in positions {
            var flipped = bytes
            flipped[position] ^= 0xFF
            let verdict = inspector.inspect(flipped)
            #expect(verdict.kind != .valid, "\(fixture.name) flipped at \(position)")
        }
    }

    @Test(
        "GIF, WebP, PDF: flips in the signature, framing header and end marker are caught",
        arguments: ImageFixture.all.filter { [.gif, .webp, .pdf].contains($0.format) })
    func framingFlips(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        let positions: [Int]
        switch fixture.format {
        case .gif: positions = Array(0..<6) + [bytes.count - 1]  // GIF8xa, trailer 3B
        case .webp: positions = Array(0..<20)  // RIFF, size, WEBP, first chunk header
        default: positions = Array(0..<8) + Array((bytes.count - 6)..<bytes.count)  // %PDF-1.x, %%EOF\n
        }
        for position in positions {
            var flipped = bytes
            flipped[position] ^= 0xFF
            let verdict = inspector.inspect(flipped)
            #expect(verdict.kind != .valid, "\(fixture.name) flipped at \(position): \(verdict)")
        }
    }

    @Test("flips anywhere never crash and read the same in memory and in chunks", arguments: ImageFixture.all)
    func flipsEverywhere(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        let scratch = try ScratchDirectory()
        var tiny = FileInspector()
        tiny.readBufferSize = 100
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) {
            var flipped = bytes
            flipped[position] ^= 0x41
            let verdict = inspector.inspect(flipped)
            let file = try scratch.write(flipped, named: "flip-\(position)")
            #expect(try tiny.inspectFile(atPath: file.path) == verdict, "\(fixture.name) flipped at \(position)")
        }
    }

    @Test("the bound: past it the verdict is too-large, at it the walk completes", arguments: ImageFixture.all)
    func bound(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        let exact = FileInspector(maxBytes: bytes.count)
        #expect(exact.inspect(bytes).kind == .valid)
        // PDF must read to the end to find its last %%EOF: more bytes past the bound are unjudged.
        #expect(exact.inspect(bytes + [0x41]).kind == (fixture.format == .pdf ? .tooLarge : .trailingData))
        let short = FileInspector(maxBytes: bytes.count - 1)
        let verdict = short.inspect(bytes)
        #expect(verdict.kind == .tooLarge, "\(verdict)")
        #expect(try short.inspectFile(atPath: fixture.url.path).kind == .tooLarge)
        var shortPipe = short
        shortPipe.readBufferSize = 256
        #expect(try inspectThroughPipe(bytes, shortPipe).kind == .tooLarge)
    }

    // MARK: - Helpers

    /// The offsets of every marker byte and segment length byte from SOI up to and including
    /// the first SOS header: an independent, minimal reading of T.81 B.1.
    static func jpegHeaderFieldOffsets(_ bytes: [UInt8]) -> [Int] {
        var offsets = [0, 1]
        var position = 2
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let code = bytes[position + 1]
            offsets += [position, position + 1, position + 2, position + 3]
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            if code == 0xDA { break }
            position += 2 + length
        }
        return offsets
    }

    /// Feeds `bytes` to the inspector through a pipe written by another thread.
    private func inspectThroughPipe(_ bytes: [UInt8], _ inspector: FileInspector) throws -> FileVerdict {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let feeder = Thread {
            try? writer.write(contentsOf: Data(bytes))
            try? writer.close()
        }
        feeder.start()
        let verdict = try inspector.inspect(descriptor: pipe.fileHandleForReading.fileDescriptor)
        try pipe.fileHandleForReading.close()
        return verdict
    }
}
