import Benchmark
import Foundation
import SanitizeKit

/// Files and images: signature + structural walk over the real fixture images
/// (`Tests/SanitizeKitTests/Fixtures/images`, made by cjpeg, ImageMagick, Pillow, cwebp,
/// img2webp and qpdf). One iteration checks every file of a group once; the group's byte
/// count is in the name, so MB/s = bytes per iteration × iterations per second.
func registerFilesBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.throughput, .wallClock, .mallocCountTotal], maxDuration: .seconds(3))
    let inspector = FileInspector()
    let images = FilesBenchmarkInputs.images

    let groups: [(String, [String])] = [
        ("all", [".jpg", ".png", ".gif", ".webp", ".pdf"]),
        ("JPEG", [".jpg"]), ("PNG", [".png"]), ("GIF", [".gif"]), ("WebP", [".webp"]), ("PDF", [".pdf"]),
    ]
    for (label, suffixes) in groups {
        let files = images.filter { image in suffixes.contains { image.name.hasSuffix($0) } }.map(\.bytes)
        let total = files.reduce(0) { $0 + $1.count }
        let name = "Files: inspect \(label) x\(files.count) in memory (\(total) B/iteration)"
        Benchmark(name, configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                for file in files { blackHole(inspector.inspect(file)) }
            }
        }
    }

    let paths = images.map(\.path)
    let total = images.reduce(0) { $0 + $1.bytes.count }
    Benchmark("Files: inspectFile all x\(paths.count) from disk (\(total) B/iteration)", configuration: configuration) {
        benchmark in
        for _ in benchmark.scaledIterations {
            for path in paths { blackHole(try? inspector.inspectFile(atPath: path)) }
        }
    }

    let jpegs = images.filter { $0.name.hasSuffix(".jpg") }.map(\.bytes)
    Benchmark("Files: classic JPEG check x\(jpegs.count) (baseline for comparison)", configuration: configuration) {
        benchmark in
        for _ in benchmark.scaledIterations {
            for file in jpegs { blackHole(file.withUnsafeBytes { FileInspector.isClassicJPEG($0) }) }
        }
    }
}

/// The fixture images, read once before any measurement.
enum FilesBenchmarkInputs {
    /// `Tests/SanitizeKitTests/Fixtures/images`, found from this file's own path.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Tests/SanitizeKitTests/Fixtures/images")

    /// Every image: its name, path and bytes.
    static let images: [(name: String, path: String, bytes: [UInt8])] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasSuffix(".sh") }.sorted().compactMap { name in
            let url = directory.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url) else { return nil }
            return (name, url.path, Array(data))
        }
    }()
}
