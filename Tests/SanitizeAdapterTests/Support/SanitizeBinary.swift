import Foundation

/// Runs the `sanitize` executable that `swift build` put beside this test bundle.
enum SanitizeBinary {
    /// Status, standard output and standard error of one run.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String]) throws -> Run {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        repeat {
            directory.deleteLastPathComponent()
        } while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("sanitize").path)
            && directory.path != "/"
        let process = Process()
        process.executableURL = directory.appendingPathComponent("sanitize")
        process.arguments = arguments
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pin-out-\(UUID().uuidString)")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("pin-err-\(UUID().uuidString)")
        // A file that could not be created makes `FileHandle(forWritingTo:)` below throw.
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}
