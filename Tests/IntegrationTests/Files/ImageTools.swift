import Foundation
import SanitizeKit

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
