import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two recording HTTP servers of `Fixtures/guard/recording_server.py`, run by `python3`
/// as a child process on 127.0.0.1 with ports chosen by the OS.
final class RecordingServer {
    /// One request as a server received it.
    struct Request: Decodable {
        var server: String
        var method: String
        var path: String
        var headers: [[String]]

        /// The value of the first header named `name` (case-insensitive), if any.
        func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }

    let process = Process()
    let output = Pipe()
    let portA: Int
    let portB: Int

    /// Starts the servers and waits for their `READY` line.
    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Generous: on a loaded CI machine the whole suite competes for two cores; the servers
        // still stop on their own (after /shutdown, 64 requests, or this many seconds).
        process.arguments = ["python3", Fixtures.url("guard/recording_server.py").path, "600"]
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        let handle = output.fileHandleForReading
        while line.last != 0x0A {
            let chunk = try handle.read(upToCount: 1) ?? Data()
            guard !chunk.isEmpty, line.count < 200 else { break }
            line += chunk
        }
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard words.count == 3, words[0] == "READY", let a = Int(words[1]), let b = Int(words[2]) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        portA = a
        portB = b
    }

    /// Asks the servers to stop, waits for the process, and returns every recorded request.
    func stop(using session: URLSession) async throws -> [Request] {
        _ = try? await session.fetch(URLRequest(url: URL(string: "http://127.0.0.1:\(portA)/shutdown")!))
        let data = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        return try String(decoding: data, as: UTF8.self)
            .split(separator: "\n")
            .map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
            .filter { $0.path != "/shutdown" }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
