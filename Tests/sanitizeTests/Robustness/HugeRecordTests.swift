import Foundation
import Testing

/// A 1 GiB single line streamed into `sanitize filter` through a pipe: the line is skipped
/// (never buffered) and reported as `record-too-large`, the records around it still pass, and
/// the process's peak memory stays far below the line's size.
@Suite("Robustness: 1 GiB record into sanitize filter")
struct HugeRecordTests {
    static let lineBytes = 1 << 30

    @Test(.timeLimit(.minutes(3)))
    func oneGibibyteLineIsReportedAndSkippedWithBoundedMemory() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sanitize-huge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        // The generator writes a record before, the 1 GiB record, and a record after, into a pipe.
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: "/bin/sh")
        generator.arguments = [
            "-c",
            #"printf '{"before":1}\n{"a":"'; head -c \#(Self.lineBytes) /dev/zero | tr '\0' a; printf '"}\n{"after":2}\n'"#,
        ]
        let filter = Process()
        filter.executableURL = URL(fileURLWithPath: "/bin/sh")
        filter.arguments = ["-c", SanitizerRuntime.forkedLaunch, SanitizeProcess.executable.path, "filter", "--stats", "--quiet"]
        let pipe = Pipe()
        generator.standardOutput = pipe
        filter.standardInput = pipe
        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        defer {
            try? output.close()
            try? error.close()
        }
        filter.standardOutput = output
        filter.standardError = error
        try filter.run()
        try generator.run()
        try pipe.fileHandleForReading.close()
        try pipe.fileHandleForWriting.close()
        generator.waitUntilExit()
        filter.waitUntilExit()

        #expect(generator.terminationStatus == 0)
        #expect(filter.terminationStatus == 1)
        let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        #expect(stdout == "{\"before\":1}\n{\"after\":2}\n")

        let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        let lines = stderr.split(separator: "\n").map(String.init)
        let report = try #require(lines.first { $0.contains("record-too-large") }, "stderr: \(stderr)")
        let recordBytes = Self.lineBytes + #"{"a":""}"#.utf8.count
        #expect(report.contains("\(recordBytes) bytes"), "\(report)")

        let statsLine = try #require(lines.first { $0.contains("peakRSSBytes") }, "stderr: \(stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(statsLine.utf8)) as? [String: Any])
        let stats = try #require(summary["stats"] as? [String: Any], "\(statsLine)")
        let peak = try #require((stats["peakRSSBytes"] as? NSNumber)?.intValue)
        // 16 MiB record limit + read buffers + batches: far below the 1 GiB line (the bound is
        // doubled under a sanitizer for its shadow memory; see SanitizerRuntime).
        #expect(peak > 0 && peak < SanitizerRuntime.memoryBound(256 << 20), "peak RSS \(peak) bytes")
        #expect((stats["recordsOut"] as? NSNumber)?.intValue == 2)
        #expect((stats["invalid"] as? NSNumber)?.intValue == 1)
    }
}
