package import Foundation
package import SanitizeKit

/// The real image files in `Tests/SanitizeKitTests/Fixtures/images/`, made by real encoders (`make-images.sh`).
package struct ImageFixture: CustomStringConvertible, Sendable {
    /// The file name below `Fixtures/images/`.
    package let name: String
    /// The format the encoder wrote.
    package let format: FileFormat
    /// Which encoder made it and how.
    package let madeBy: String

    /// The file name, which names each case of a parameterized test.
    package var description: String { name }

    /// The file's URL.
    package var url: URL { TestPaths.unitFixture("images/\(name)") }

    /// The file's bytes.
    package var bytes: [UInt8] {
        get throws { Array(try Data(contentsOf: url)) }
    }

    /// Every fixture, one or more per format and encoder setting.
    package static let all: [ImageFixture] = [
        .init(name: "baseline.jpg", format: .jpeg, madeBy: "cjpeg (baseline)"),
        .init(name: "progressive.jpg", format: .jpeg, madeBy: "cjpeg -progressive"),
        .init(name: "restart.jpg", format: .jpeg, madeBy: "cjpeg -restart 1"),
        .init(name: "grayscale.jpg", format: .jpeg, madeBy: "cjpeg -grayscale"),
        .init(name: "exif-icc.jpg", format: .jpeg, madeBy: "Pillow with EXIF (APP1) and ICC (APP2)"),
        .init(name: "arithmetic.jpg", format: .jpeg, madeBy: "jpegtran -arithmetic (SOF9, DAC)"),
        .init(name: "truecolor.png", format: .png, madeBy: "ImageMagick png24"),
        .init(name: "interlaced.png", format: .png, madeBy: "ImageMagick -interlace PNG (Adam7)"),
        .init(name: "palette.png", format: .png, madeBy: "ImageMagick png8 (PLTE)"),
        .init(name: "alpha.png", format: .png, madeBy: "Pillow RGBA"),
        .init(name: "gray16.png", format: .png, madeBy: "ImageMagick 16-bit grey"),
        .init(name: "animated.png", format: .png, madeBy: "Pillow APNG (acTL, fcTL, fdAT)"),
        .init(name: "still.gif", format: .gif, madeBy: "ImageMagick"),
        .init(name: "animated.gif", format: .gif, madeBy: "ImageMagick, 4 frames"),
        .init(name: "gif87a.gif", format: .gif, madeBy: "Pillow (GIF87a)"),
        .init(name: "lossy.webp", format: .webp, madeBy: "cwebp (VP8)"),
        .init(name: "lossless.webp", format: .webp, madeBy: "cwebp -lossless (VP8L)"),
        .init(name: "alpha.webp", format: .webp, madeBy: "cwebp with alpha (VP8X, ALPH)"),
        .init(name: "animated.webp", format: .webp, madeBy: "img2webp (VP8X, ANIM, ANMF)"),
        .init(name: "document.pdf", format: .pdf, madeBy: "Pillow"),
        .init(name: "linearized.pdf", format: .pdf, madeBy: "qpdf --linearize"),
        .init(name: "incremental.pdf", format: .pdf, madeBy: "Pillow, a page appended as an incremental update"),
    ]

    /// Offsets to cut at: the first and last 24, and about 150 in between.
    package static func cutOffsets(_ count: Int) -> [Int] {
        var offsets = Set(0..<min(24, count))
        offsets.formUnion(max(0, count - 24)..<count)
        offsets.formUnion(stride(from: 0, to: count, by: max(1, count / 150)))
        return offsets.sorted()
    }
}

/// A scratch directory removed when the value goes away.
package final class ScratchDirectory {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("files-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to a new file named `name` and returns its URL.
    package func write(_ bytes: [UInt8], named name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }
}
