import Foundation

/// Runs a `bash` script, for tests that need a real pipeline (`sanitize … | head -1`).
package enum ShellProcess {
    /// Runs `script` with `bash -c`, with `$SANITIZE` set to the built binary and the project's
    /// Python environment first on `PATH` (``PythonEnvironment``).
    ///
    /// The script starts with SIGPIPE at its default action, as in a terminal: the test
    /// process may ignore it (SwiftNIO, linked by the adapter tests, does so process-wide),
    /// and an ignored signal is inherited across `exec`, so `seq … | sanitize … | head -1`
    /// would otherwise have `seq` report a write error instead of ending quietly.
    /// - Returns: the exit status, standard output and standard error.
    package static func run(_ script: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=PIPE", "/bin/bash", "-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["SANITIZE"] = SanitizeProcess.executable.path
        environment["PATH"] = PythonEnvironment.searchPath(environment["PATH"])
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so neither can fill up and block.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}
