import Foundation
import Testing

@testable import SanitizeKit

/// The real image files in `Fixtures/images/`, made by real encoders (`make-images.sh`).
struct ImageFixture: CustomTestStringConvertible, Sendable {
    /// The file name below `Fixtures/images/`.
    let name: String
    /// The format the encoder wrote.
    let format: FileFormat
    /// Which encoder made it and how.
    let madeBy: String

    var testDescription: String { name }

    /// The file's URL.
    var url: URL { Fixtures.url("images/\(name)") }

    /// The file's bytes.
    var bytes: [UInt8] {
        get throws { Array(try Data(contentsOf: url)) }
    }

    /// Every fixture, one or more per format and encoder setting.
    static let all: [ImageFixture] = [
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
}

/// Runs the real tools the verdicts are compared with.
enum ImageTools {
    /// Runs `executable` with `arguments`, output discarded; returns the exit status.
    static func status(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// `file --mime-type -b`: libmagic's opinion of the file's type.
    static func mimeType(of url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/file")
        process.arguments = ["--mime-type", "-b", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the format's own decoder or checker accepts the file: djpeg, pngcheck, dwebp
    /// (webpinfo for animations, which dwebp cannot decode), Pillow decoding every GIF frame,
    /// qpdf --check.
    static func decoderAccepts(_ url: URL, format: FileFormat, animated: Bool = false) throws -> Bool {
        switch format {
        case .jpeg:
            return try status("/usr/bin/djpeg", ["-outfile", "/dev/null", url.path]) == 0
        case .png:
            return try status("/usr/bin/pngcheck", ["-q", url.path]) == 0
        case .webp:
            if animated { return try status("/usr/bin/webpinfo", ["-quiet", url.path]) == 0 }
            return try status("/usr/bin/dwebp", ["-quiet", url.path, "-o", "/dev/null"]) == 0
        case .gif:
            let script = """
                import sys
                from PIL import Image
                image = Image.open(sys.argv[1])
                for index in range(image.n_frames):
                    image.seek(index)
                    image.load()
                """
            return try status("/usr/bin/python3", ["-c", script, url.path]) == 0
        case .pdf:
            return try status("/usr/bin/qpdf", ["--check", url.path]) == 0
        case .unknown:
            return false
        }
    }
}

/// A scratch directory removed when the value goes away.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("files-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to a new file named `name` and returns its URL.
    func write(_ bytes: [UInt8], named name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }
}
