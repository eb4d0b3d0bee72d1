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
        let run = try ExternalTool.runExecutable(executable.path, arguments, stdin: stdin, in: directory)
        return SanitizeRun(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// Runs `sanitize` with `stdin` given as text.
    package static func run(_ arguments: [String], input: String, in directory: URL? = nil) throws -> SanitizeRun {
        try run(arguments, stdin: Array(input.utf8), in: directory)
    }

    /// Starts `sanitize` with `arguments` and a pipe on each standard stream, for a test that
    /// talks to it while it runs (records fed one at a time, a signal sent). A watchdog ends it
    /// with SIGTERM after `seconds` if it still runs, so that a command that neither answers nor
    /// stops fails the test instead of hanging it.
    package static func start(_ arguments: [String], watchdog seconds: Double) throws -> RunningSanitize {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let running = RunningSanitize(process: process, input: Pipe(), output: Pipe(), errors: Pipe())
        process.standardInput = running.input
        process.standardOutput = running.output
        process.standardError = running.errors
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [process] in
            if process.isRunning { process.terminate() }
        }
        return running
    }
}

/// A `sanitize` process started by ``SanitizeProcess/start(_:watchdog:)``, with its pipes.
package struct RunningSanitize {
    package let process: Process
    /// Its standard input, standard output and standard error.
    package let input: Pipe
    package let output: Pipe
    package let errors: Pipe
}
