package import Foundation

/// What one run of an external program produced.
package struct ToolRun {
    package var status: Int32
    package var stdout: [UInt8]
    package var stderr: String
    package var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs the real programs the tests compare against (sqlite3, psql, sh, bash, python3).
///
/// A missing program is not skipped: `/usr/bin/env` exits 127 and the calling test fails on
/// the status (scripts/test installs every tool). Shared by the unit and integration targets:
/// unit tests may run only what a bare Debian has (`sh`, `bash`, coreutils).
package enum ExternalTool {
    /// Runs `command` (looked up in `PATH`) with `arguments`, feeding `stdin`; `python3` is the
    /// project's virtual environment's (``PythonEnvironment``).
    /// Input and outputs go through temporary files, so no pipe can deadlock.
    package static func run(
        _ command: String, _ arguments: [String], stdin: [UInt8] = [], in directory: URL? = nil
    ) throws -> ToolRun {
        let program = command == "python3" ? PythonEnvironment.python : command
        return try runExecutable("/usr/bin/env", [program] + arguments, stdin: stdin, in: directory)
    }

    /// Runs the program at `path`.
    package static func runExecutable(
        _ path: String, _ arguments: [String], stdin: [UInt8] = [], in directory: URL? = nil
    ) throws -> ToolRun {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("sanitize-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data(stdin).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
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
        return ToolRun(
            status: process.terminationStatus,
            stdout: Array(try Data(contentsOf: outURL)),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
