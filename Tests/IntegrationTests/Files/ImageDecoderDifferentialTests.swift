import Foundation
import Testing

@testable import SanitizeKit

/// The verdicts on the encoder-made images against the real tools: libmagic (`file`) on the
/// format, and each format's own decoder or checker (djpeg, pngcheck, dwebp/webpinfo, Pillow,
/// qpdf) on validity, for the complete files and for cuts of them.
@Suite("Files: verdicts agree with file, djpeg, pngcheck, dwebp, Pillow and qpdf", .integration)
struct ImageDecoderDifferentialTests {
    let inspector = FileInspector()

    @Test("the detected format agrees with `file --mime-type`", arguments: ImageFixture.all)
    func formatAgreesWithLibmagic(_ fixture: ImageFixture) throws {
        let mime = try ImageTools.mimeType(of: fixture.url)
        #expect(FileFormat(declaredType: mime) == fixture.format, "file says \(mime)")
        #expect(
            FileInspector.detectFormat(try fixture.bytes)
                == fixture.format)
        #expect(inspector.inspect(try fixture.bytes, declaredType: mime).kind == .valid)
    }

    @Test("the format's own decoder accepts every fixture", arguments: ImageFixture.all)
    func decoderAgreesOnValidity(_ fixture: ImageFixture) throws {
        #expect(
            try ImageTools.decoderAccepts(
                fixture.url, format: fixture.format, animated: fixture.name.hasPrefix("animated")))
    }

    @Test("the format's own decoder rejects what we call truncated", arguments: ImageFixture.all)
    func decoderRejectsCuts(_ fixture: ImageFixture) throws {
        let bytes = try fixture.bytes
        let scratch = try ScratchDirectory()
        for (index, length) in ImageFixture.cutOffsets(bytes.count).enumerated() where index % 4 == 0 {
            // qpdf repairs damaged files (its acceptance is no verdict) and Pillow decodes a
            // GIF without its last block terminator and trailer: those are compared on the
            // complete files only (decoderAgreesOnValidity).
            guard length > 32, fixture.format != .pdf, fixture.format != .gif || length < bytes.count - 2 else {
                continue
            }
            let cut = Array(bytes[0..<length])
            let verdict = inspector.inspect(cut)
            #expect(verdict.kind == .truncated, "\(fixture.name) cut to \(length) bytes: \(verdict)")
            let file = try scratch.write(cut, named: "cut-\(length)-\(fixture.name)")
            let accepted = try ImageTools.decoderAccepts(
                file, format: fixture.format, animated: fixture.name.hasPrefix("animated"))
            #expect(!accepted, "\(fixture.name) cut to \(length) bytes: the decoder accepts it")
        }
    }
}
