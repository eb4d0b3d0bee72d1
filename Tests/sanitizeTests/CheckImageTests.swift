import Foundation
import Testing

@Suite("sanitize check image")
struct CheckImageTests {
    /// The real images of the library tests (made by real encoders, see make-images.sh there).
    static let images = Fixtures.repositoryRoot.appendingPathComponent("Tests/SanitizeKitTests/Fixtures/images")

    static let names: [(String, String)] = [
        ("baseline.jpg", "jpeg"), ("progressive.jpg", "jpeg"), ("restart.jpg", "jpeg"), ("exif-icc.jpg", "jpeg"),
        ("interlaced.png", "png"), ("palette.png", "png"), ("animated.gif", "gif"), ("still.gif", "gif"),
        ("lossy.webp", "webp"), ("lossless.webp", "webp"), ("animated.webp", "webp"), ("document.pdf", "pdf"),
    ]

    private func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.images.appendingPathComponent(name)))
    }

    @Test("valid files: one FILE<TAB>FORMAT<TAB>valid line each, in order, exit 0, nothing on stderr")
    func validFiles() throws {
        let run = try SanitizeProcess.run(["check", "image"] + Self.names.map(\.0), in: Self.images)
        #expect(run.status == 0)
        #expect(run.lines == Self.names.map { "\($0.0)\t\($0.1)\tvalid" })
        #expect(run.stderr.isEmpty)
    }

    @Test("damaged files: their verdicts, a reason each on stderr, exit 1")
    func damagedFiles() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("check-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let png = try bytes("interlaced.png")
        var flipped = try bytes("palette.png")
        flipped[200] ^= 0x10
        let files: [(String, [UInt8])] = [
            ("cut.png", Array(png.prefix(1000))),
            ("polyglot.jpg", try bytes("baseline.jpg") + Array("PK\u{3}\u{4}".utf8)),
            ("flipped.png", flipped),
            ("notes.txt", Array("just text\n".utf8)),
            ("empty", []),
            ("fine.gif", try bytes("still.gif")),
        ]
        for (name, content) in files { try Data(content).write(to: scratch.appendingPathComponent(name)) }
        let run = try SanitizeProcess.run(["check", "image"] + files.map(\.0), in: scratch)
        #expect(run.status == 1)
        #expect(
            run.lines == [
                "cut.png\tpng\ttruncated", "polyglot.jpg\tjpeg\ttrailing-data", "flipped.png\tpng\tcorrupt",
                "notes.txt\tunknown\tcorrupt", "empty\tunknown\ttruncated", "fine.gif\tgif\tvalid",
            ])
        let reasons = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            reasons == [
                "sanitize: cut.png: png truncated at byte 1000: input ends inside chunk data [truncated]",
                "sanitize: polyglot.jpg: jpeg trailing-data at byte 2228: bytes follow the end of the jpeg [trailing-data]",
                "sanitize: flipped.png: png corrupt at byte 93: CRC mismatch in IDAT chunk [corrupt]",
                "sanitize: notes.txt: unknown corrupt at byte 0: no JPEG, PNG, GIF, WebP or PDF signature [corrupt]",
                "sanitize: empty: unknown truncated at byte 0: empty input [truncated]",
            ])
    }

    @Test("--type: a declaration the bytes contradict is a mismatch")
    func declaredType() throws {
        let run = try SanitizeProcess.run(
            ["check", "image", "--type", "image/png", "baseline.jpg", "palette.png"], in: Self.images)
        #expect(run.status == 1)
        #expect(run.lines == ["baseline.jpg\tjpeg\tmismatch", "palette.png\tpng\tvalid"])
        #expect(
            run.stderr
                == "sanitize: baseline.jpg: jpeg mismatch at byte 0: declared image/png (png), but the bytes are jpeg [mismatch]\n"
        )
        let byExtension = try SanitizeProcess.run(["check", "image", "--type", ".webp", "lossy.webp"], in: Self.images)
        #expect(byExtension.status == 0)
        #expect(byExtension.lines == ["lossy.webp\twebp\tvalid"])
    }

    @Test("--max-bytes: a file whose end lies past the bound is too-large")
    func maxBytes() throws {
        let run = try SanitizeProcess.run(
            ["check", "image", "--max-bytes", "1100", "interlaced.png", "lossy.webp"], in: Self.images)
        #expect(run.status == 1)
        #expect(run.lines == ["interlaced.png\tpng\ttoo-large", "lossy.webp\twebp\tvalid"])
        #expect(run.stderr.contains("interlaced.png: png too-large at byte 1100: larger than the 1100-byte bound"))
        let zero = try SanitizeProcess.run(["check", "image", "--max-bytes", "0", "lossy.webp"], in: Self.images)
        #expect(zero.status == 2)
        #expect(zero.stdout.isEmpty)
    }

    @Test("- reads standard input")
    func standardInput() throws {
        let run = try SanitizeProcess.run(["check", "image", "-"], stdin: try bytes("animated.gif"))
        #expect(run.status == 0)
        #expect(run.lines == ["-\tgif\tvalid"])
    }

    @Test("a file that cannot be read: its line says unreadable, a message, the others still checked, exit 1")
    func unreadable() throws {
        let run = try SanitizeProcess.run(["check", "image", "missing.png", "still.gif", "."], in: Self.images)
        #expect(run.status == 1)
        #expect(run.lines == ["missing.png\tunknown\tunreadable", "still.gif\tgif\tvalid", ".\tunknown\tunreadable"])
        #expect(run.stderr.hasPrefix("sanitize: missing.png: cannot read the file: No such file or directory [io]\n"))
        #expect(run.stderr.contains("sanitize: .: read failed: Is a directory [io]"))
    }

    @Test("usage errors exit 2")
    func usage() throws {
        let none = try SanitizeProcess.run(["check", "image"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("Missing expected argument"))
        let badBound = try SanitizeProcess.run(["check", "image", "--max-bytes", "-1", "x"])
        #expect(badBound.status == 2)
    }

    @Test("a tab or newline in a file name is escaped, so each file stays one line")
    func escapedNames() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("check-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data(try bytes("lossy.webp")).write(to: scratch.appendingPathComponent("a\tb\nc.webp"))
        let run = try SanitizeProcess.run(["check", "image", "a\tb\nc.webp"], in: scratch)
        #expect(run.status == 0)
        #expect(run.output == "a\\tb\\nc.webp\twebp\tvalid\n")
    }
}
