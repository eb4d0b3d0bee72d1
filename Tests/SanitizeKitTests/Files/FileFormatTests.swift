import Testing

@testable import SanitizeKit

@Suite("Files: formats, signatures, declared types")
struct FileFormatTests {
    @Test(
        "a declared media type, extension or file name names a format",
        arguments: [
            ("image/jpeg", FileFormat.jpeg), ("IMAGE/JPEG; q=0.9", .jpeg), ("image/pjpeg", .jpeg),
            (" image/png\t", .png), ("image/apng", .png), ("image/gif", .gif), ("image/webp", .webp),
            ("application/pdf", .pdf), ("jpg", .jpeg), (".JPEG", .jpeg), ("jfif", .jpeg),
            ("photo.tar.gif", .gif), ("WEBP", .webp), ("report.pdf", .pdf), ("x.png", .png),
        ])
    func declaredType(_ declaration: String, _ format: FileFormat) {
        #expect(FileFormat(declaredType: declaration) == format)
    }

    @Test(
        "declarations of unsupported types name no format",
        arguments: ["image/tiff", "text/plain", "", "png/", "image/png+xml", "tif", "pdf.", "application/octet-stream"])
    func unsupportedDeclaration(_ declaration: String) {
        #expect(FileFormat(declaredType: declaration) == nil)
    }

    @Test(
        "signatures",
        arguments: [
            ([], FileFormat.unknown),
            ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
            ([0xFF, 0xD8], .unknown),  // a prefix only: detected as a cut JPEG by inspect
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x00], .unknown),
            (Array("GIF87a".utf8), .gif), (Array("GIF89a".utf8), .gif), (Array("GIF88a".utf8), .unknown),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8), .webp), (Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), .unknown),
            (Array("%PDF-1.7".utf8), .pdf), (Array("%!PS-Adobe".utf8), .unknown), (Array("<svg>".utf8), .unknown),
        ] as [([UInt8], FileFormat)])
    func signature(_ bytes: [UInt8], _ format: FileFormat) {
        #expect(bytes.withUnsafeBytes { FileInspector.detectFormat($0) } == format)
    }

    @Test(
        "inputs too short or without a signature",
        arguments: [
            ([], FileFormat.unknown, FileVerdict.Kind.truncated),
            ([0xFF], .unknown, .corrupt),
            ([0xFF, 0xD8], .jpeg, .truncated),
            ([0x89, 0x50, 0x4E], .png, .truncated),
            (Array("GIF8".utf8), .gif, .truncated),
            (Array("%PD".utf8), .pdf, .truncated),
            (Array("RIFF\u{10}\u{0}\u{0}\u{0}".utf8), .webp, .truncated),
            (Array("RIFF\u{10}\u{0}\u{0}\u{0}WA".utf8), .unknown, .corrupt),
            (Array("RIFF\u{10}\u{0}\u{0}\u{0}WAVEfmt ".utf8), .unknown, .corrupt),
            (Array("hello, world".utf8), .unknown, .corrupt),
        ] as [([UInt8], FileFormat, FileVerdict.Kind)])
    func shortInputs(_ bytes: [UInt8], _ format: FileFormat, _ kind: FileVerdict.Kind) {
        let verdict = FileInspector().inspect(bytes)
        #expect(verdict.format == format)
        #expect(verdict.kind == kind)
    }

    #if os(Linux)
        @Test("a /proc file reports size 0 but holds bytes: they are read, not taken as empty")
        func procFile() throws {
            let verdict = try FileInspector().inspectFile(atPath: "/proc/self/status")
            #expect(verdict.kind == .corrupt)
            #expect(verdict.reason == "no JPEG, PNG, GIF, WebP or PDF signature")
        }
    #endif

    @Test("an unknown file is a mismatch for any declaration, including unsupported ones")
    func unknownDeclared() {
        for declaration in ["image/png", "text/plain"] {
            #expect(FileInspector().inspect(Array("hello, world".utf8), declaredType: declaration).kind == .mismatch)
        }
    }

    @Test("the classic JPEG check: 12 bytes, FF D8 … FF D9, and where it goes wrong")
    func classicJPEG() throws {
        let baseline = try #require(ImageFixture.all.first { $0.name == "baseline.jpg" }).bytes
        func classic(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { FileInspector.isClassicJPEG($0) } }
        #expect(classic(baseline))
        #expect(!classic([0xFF, 0xD8, 0xFF, 0xD9]))  // too short
        #expect(!classic(Array(baseline.dropLast())))
        // A newline after EOI fails the classic check; the structural walk calls it trailing data.
        #expect(!classic(baseline + [0x0A]))
        #expect(FileInspector().inspect(baseline + [0x0A]).kind == .trailingData)
        // Twelve bytes of nothing between the two markers pass the classic check only.
        let hollow: [UInt8] = [0xFF, 0xD8] + Array(repeating: 0, count: 8) + [0xFF, 0xD9]
        #expect(classic(hollow))
        #expect(FileInspector().inspect(hollow).kind == .corrupt)
        // Zeroed headers pass it too.
        var zeroed = baseline
        for index in 2..<40 { zeroed[index] = 0 }
        #expect(classic(zeroed))
        #expect(FileInspector().inspect(zeroed).kind == .corrupt)
    }
}
