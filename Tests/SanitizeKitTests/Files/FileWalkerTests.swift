import Testing

@testable import SanitizeKit

/// Hand-made damage to real files, one per structural rule, with the reason it must give.
@Suite("Files: structural rules")
struct FileWalkerTests {
    let inspector = FileInspector()

    private func fixture(_ name: String) throws -> [UInt8] {
        try #require(ImageFixture.all.first { $0.name == name }).bytes
    }

    private func index(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
    }

    @Test("JPEG: restart markers must count RST0…RST7 in order")
    func restartOrder() throws {
        var bytes = try fixture("restart.jpg")
        let start = try #require(FileInspectorFixtureTests.jpegHeaderFieldOffsets(bytes).last)
        let rst = try #require(index(of: [0xFF, 0xD1], in: bytes, from: start))
        bytes[rst + 1] = 0xD5
        let verdict = inspector.inspect(bytes)
        #expect(verdict.kind == .corrupt)
        #expect(verdict.offset == rst)
        #expect(verdict.reason == "restart marker RST5 where RST1 was due")
    }

    @Test("JPEG: a progressive file has many scans, each followed by more segments")
    func progressiveScans() throws {
        let bytes = try fixture("progressive.jpg")
        var scans = 0
        var from = 0
        while let sos = index(of: [0xFF, 0xDA], in: bytes, from: from) {
            scans += 1
            from = sos + 2
        }
        #expect(scans >= 5)
        #expect(inspector.inspect(bytes).kind == .valid)
        // Removing EOI leaves a file cut inside the last scan.
        let cut = inspector.inspect(Array(bytes.dropLast(2)))
        #expect(cut.kind == .truncated)
        #expect(cut.reason == "input ends inside entropy-coded data")
    }

    @Test("JPEG: a reserved marker and a segment length below 2 are corrupt")
    func jpegMarkers() throws {
        var bytes = try fixture("exif-icc.jpg")
        #expect(bytes[2] == 0xFF)
        bytes[3] = 0x30
        #expect(inspector.inspect(bytes).reason == "reserved marker FF 30")
        var short = try fixture("baseline.jpg")
        short[4] = 0
        short[5] = 1
        #expect(inspector.inspect(short).kind == .corrupt)
    }

    @Test("PNG: a flipped data byte is a CRC mismatch naming the chunk")
    func pngCRC() throws {
        var bytes = try fixture("interlaced.png")
        let idat = try #require(index(of: Array("IDAT".utf8), in: bytes))
        bytes[idat + 20] ^= 0x01
        let verdict = inspector.inspect(bytes)
        #expect(verdict.kind == .corrupt)
        #expect(verdict.offset == idat - 4)
        #expect(verdict.reason == "CRC mismatch in IDAT chunk")
    }

    @Test("PNG: IHDR first, IEND last")
    func pngOrder() throws {
        let bytes = try fixture("truecolor.png")
        let iend = try #require(index(of: Array("IEND".utf8), in: bytes))
        // Without IEND the file ends where the next chunk header should be.
        let verdict = inspector.inspect(Array(bytes[0..<(iend - 4)]))
        #expect(verdict.kind == .truncated)
        #expect(verdict.reason == "input ends inside a chunk header")
        // A chunk length over 2^31-1.
        var huge = bytes
        huge[8] = 0x80
        #expect(inspector.inspect(huge).reason == "chunk length 2147483661 exceeds 2^31-1")
    }

    @Test("GIF: the trailer must be 3B")
    func gifTrailer() throws {
        var bytes = try fixture("animated.gif")
        bytes[bytes.count - 1] = 0x00
        let verdict = inspector.inspect(bytes)
        #expect(verdict.kind == .corrupt)
        #expect(verdict.reason == "unknown block introducer 00")
    }

    @Test("WebP: the RIFF size must match the bytes present")
    func webpRIFFSize() throws {
        let bytes = try fixture("lossy.webp")
        let declared = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        #expect(declared == bytes.count - 8)
        var larger = bytes
        larger[4] = UInt8(truncatingIfNeeded: declared + 2)
        larger[5] = UInt8(truncatingIfNeeded: (declared + 2) >> 8)
        #expect(inspector.inspect(larger).kind == .truncated)
        var smaller = bytes
        smaller[4] = UInt8(truncatingIfNeeded: declared - 2)
        smaller[5] = UInt8(truncatingIfNeeded: (declared - 2) >> 8)
        #expect(inspector.inspect(smaller).kind == .corrupt)
        var huge = bytes
        huge[4...7] = [0xFE, 0xFF, 0xFF, 0xFF]
        #expect(inspector.inspect(huge).kind == .truncated)
    }

    @Test("WebP: an animation's frames are walked chunk by chunk")
    func webpAnimation() throws {
        var bytes = try fixture("animated.webp")
        let anmf = try #require(index(of: Array("ANMF".utf8), in: bytes))
        let subChunk = anmf + 8 + 16  // ANMF header, then the frame's 16-byte header
        #expect(Array(bytes[subChunk..<(subChunk + 3)]) == Array("VP8".utf8))
        bytes[subChunk] = UInt8(ascii: "X")
        let verdict = inspector.inspect(bytes)
        #expect(verdict.kind == .corrupt)
        #expect(verdict.reason == "ANMF frame with 0 image chunks (must be 1)")
    }

    @Test("PDF: the last %%EOF must follow startxref; incremental updates are whole revisions")
    func pdfTrailer() throws {
        let bytes = try fixture("document.pdf")
        let startxref = try #require(index(of: Array("startxref".utf8), in: bytes))
        var broken = bytes
        broken[startxref] = UInt8(ascii: "S")
        #expect(inspector.inspect(broken).kind == .corrupt)
        // An incremental update: new objects, xref, trailer, startxref, %%EOF (ISO 32000 §7.5.6).
        let object = "9 0 obj\n(update)\nendobj\n"
        let update = Array(
            (object + "xref\n9 1\n\(String(bytes.count).leftPadded(10)) 00000 n \ntrailer\n<< /Size 10 /Prev 0 >>\n"
                + "startxref\n\(bytes.count + object.utf8.count)\n%%EOF\n").utf8)
        #expect(inspector.inspect(bytes + update).kind == .valid)
        // The same update cut before its %%EOF: what follows the first revision is trailing data.
        let cut = inspector.inspect(bytes + update.dropLast(7))
        #expect(cut.kind == .trailingData)
        #expect(cut.offset == bytes.count)
        // No %%EOF at all: truncated.
        let none = inspector.inspect(Array(bytes[0..<startxref]))
        #expect(none.kind == .truncated)
        #expect(none.reason == "input ends inside the %%EOF end marker")
    }

    @Test("CRC-32: the check value and piecewise updates", arguments: [0, 1, 7, 8, 9, 63, 64, 1000])
    func crc(_ length: Int) {
        #expect(Array("123456789".utf8).withUnsafeBytes { CRC32.update(0, $0) } == 0xCBF4_3926)
        var generator = SeededGenerator(seed: UInt64(length))
        let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        var reference: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            reference ^= UInt32(byte)
            for _ in 0..<8 { reference = reference & 1 == 1 ? (reference >> 1) ^ 0xEDB8_8320 : reference >> 1 }
        }
        reference = ~reference
        let whole = bytes.withUnsafeBytes { CRC32.update(0, $0) }
        #expect(whole == reference)
        for split in [0, length / 3, length] {
            let first = bytes[0..<split].withUnsafeBytes { CRC32.update(0, $0) }
            #expect(bytes[split...].withUnsafeBytes { CRC32.update(first, $0) } == reference)
        }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
