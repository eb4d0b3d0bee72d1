import Foundation
import Testing
import TestSupport

/// A parent may start `sanitize` on pipes it made non-blocking (`O_NONBLOCK` belongs to the
/// pipe, shared by every process holding it): reads then fail with `EAGAIN` when no input has
/// come yet, and writes when the reader is behind. The command must read and write as on
/// blocking pipes: the same output, status and messages.
@Suite("Robustness: non-blocking standard input and output")
struct NonBlockingStreamsTests {
    static let input = FilterFixtures.generatedRecords(count: 5000, seed: 7)

    /// Runs `sanitize filter` over ``input`` with standard input (fed in small pieces, with
    /// pauses) or standard output (read only after a pause, so the pipe fills) non-blocking.
    private func runFilter(jobs: Int, nonBlocking stream: FileDescriptorKind) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nonblocking-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        _ = FileManager.default.createFile(atPath: scratch.path, contents: nil)
        let inputPipe = Pipe()
        let outputPipe = Pipe()
        let descriptor =
            stream == .input ? inputPipe.fileHandleForReading.fileDescriptor : outputPipe.fileHandleForWriting.fileDescriptor
        let flags = fcntl(descriptor, F_GETFL)
        try #require(fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0)
        let process = Process()
        process.executableURL = SanitizeProcess.executable
        process.arguments = ["filter", "--contract", FilterFixtures.contract, "--jobs", "\(jobs)", "--quiet"]
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = try FileHandle(forWritingTo: scratch)
        try process.run()
        let feeder = Thread {
            // A filter that ends early must not take the test process with it: on this thread
            // a write to the closed pipe fails (EPIPE) instead of raising SIGPIPE.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            let writer = inputPipe.fileHandleForWriting
            var offset = 0
            while offset < Self.input.count {
                let end = min(offset + 16_384, Self.input.count)
                do { try writer.write(contentsOf: Data(Self.input[offset..<end])) } catch { break }
                offset = end
                if stream == .input { usleep(1000) }  // the filter meets an empty pipe now and then
            }
            try? writer.close()
        }
        feeder.start()
        if stream == .output { usleep(300_000) }  // the filter meets a full pipe
        let stdout = [UInt8](outputPipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let stderr = String(decoding: try Data(contentsOf: scratch), as: UTF8.self)
        return (process.terminationStatus, stdout, stderr)
    }

    enum FileDescriptorKind: Sendable, CustomStringConvertible {
        case input, output
        var description: String { self == .input ? "standard input" : "standard output" }
    }

    @Test("the filter reads and writes non-blocking pipes as blocking ones: the same records, report and status", arguments: [1, 2], [FileDescriptorKind.input, .output])
    func filterOnNonBlockingPipe(jobs: Int, stream: FileDescriptorKind) throws {
        let expected = try SanitizeProcess.run(["filter", "--contract", FilterFixtures.contract, "--jobs", "\(jobs)", "--quiet"], stdin: Self.input)
        #expect(expected.status == 1)  // the generated records include invalid ones
        let run = try runFilter(jobs: jobs, nonBlocking: stream)
        #expect(run.status == expected.status, "stderr: \(run.stderr.prefix(300))")
        // Compared as one verdict: a difference of two megabyte arrays is slow to describe.
        let sameRecords = run.stdout == expected.stdout
        #expect(sameRecords, "\(run.stdout.count) bytes out against \(expected.stdout.count)")
        #expect(run.stderr == expected.stderr)
    }
}
