package import Foundation

/// What one run of the built `sanitize` binary produced.
package struct SanitizeRun {
    package var status: Int32
    package var stdout: [UInt8]
    package var stderr: String
    /// Standard output decoded as UTF-8 (lossy: for readable assertions only).
    package var output: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard output split into lines, without the final empty piece.
    package var lines: [String] {
        var parts = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        return parts
    }
}

/// Runs the `sanitize` executable that `swift build` put beside the test bundle.
package enum SanitizeProcess {
    /// The built binary: the test bundle and the executable share a build directory.
    package static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        // On Linux the bundle is `…/debug/<package>PackageTests.xctest`; on Darwin it is a
        // directory bundle whose binary sits in Contents/MacOS.
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("sanitize").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("sanitize")
    }()

    /// Runs `sanitize` with `arguments`, feeding `stdin` and capturing both outputs.
    ///
    /// Input and outputs go through temporary files, so no pipe can deadlock however large
    /// they are.
    /// - Parameters:
    ///   - arguments: the command-line arguments after `sanitize`.
    ///   - stdin: bytes for standard input (empty by default).
    ///   - directory: the working directory, if it matters.
    package static func run(_ arguments: [String], stdin: [UInt8] = [], in directory: URL? = nil) throws -> SanitizeRun {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("sanitize-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data(stdin).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        defer {
            try? input.close()
            try? output.close()
            try? error.close()
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return SanitizeRun(
            status: process.terminationStatus,
            stdout: Array(try Data(contentsOf: outURL)),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs `sanitize` with `stdin` given as text.
    package static func run(_ arguments: [String], input: String, in directory: URL? = nil) throws -> SanitizeRun {
        try run(arguments, stdin: Array(input.utf8), in: directory)
    }
}
