import Foundation

/// The servers of `Fixtures/recording_tls_server.py`, run by `python3` on 127.0.0.1 with
/// ports chosen by the OS. ``finish()`` closes the process's standard input (it stops) and
/// returns every event it recorded. Its standard output is read as it is written, so a test
/// that makes many requests never blocks the servers on a full pipe.
final class RecordingServers: @unchecked Sendable {
    /// One server's description for the fixture.
    struct Spec: Encodable {
        var name: String
        var cert: String? = nil
        var key: String? = nil
        var redirects: [String: String] = [:]
        var bodies: [String: String] = [:]
        var statuses: [String: Int] = [:]
        var challenges: [String: [String: String]] = [:]
    }

    /// One recorded event: a request, or a TLS handshake that failed before any request byte.
    struct Event: Decodable {
        var server: String
        var event: String
        var method: String?
        var path: String?
        /// A proxy's request target (`recording_proxy.py`): `host:port` for `CONNECT`.
        var target: String?
        var headers: [[String]]?

        /// The value of the first header named `name` (case-insensitive), if any.
        func header(_ name: String) -> String? {
            headers?.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }

    private let process = Process()
    private let output = Pipe()
    private let input = Pipe()
    /// Ports by server name.
    let ports: [String: Int]
    /// Everything written after the `READY` line; complete once `drained` is signalled.
    private var recorded = Data()
    private let drained = DispatchSemaphore(value: 0)

    /// Starts the servers and waits for their `READY` line.
    convenience init(_ specs: [Spec]) throws {
        let config = String(decoding: try JSONEncoder().encode(["servers": specs]), as: UTF8.self)
        try self.init(fixture: "recording_tls_server.py", config: config, count: specs.count)
    }

    /// Starts `Fixtures/<fixture>` with `config` and waits for its `READY` line naming `count` ports.
    init(fixture name: String, config: String, count: Int) throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The servers stop on their own after 600 s should a test never finish them.
        process.arguments = ["python3", fixture.path, "600", config]
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line: [UInt8] = []
        let handle = output.fileHandleForReading
        while line.last != 0x0A, line.count < 400 {
            guard let byte = try handle.read(upToCount: 1), !byte.isEmpty else { break }
            line += byte
        }
        var ports: [String: Int] = [:]
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        for word in words.dropFirst() {
            let parts = word.split(separator: "=")
            if parts.count == 2, let port = Int(parts[1]) { ports[String(parts[0])] = port }
        }
        guard words.first == "READY", ports.count == count else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.ports = ports
        Thread.detachNewThread { [self] in
            recorded = (try? handle.readToEnd()) ?? Data()
            drained.signal()
        }
    }

    /// The port of server `name`.
    func port(_ name: String) -> Int { ports[name] ?? 0 }

    /// Stops the servers and returns every event, in the order they were written.
    func finish() throws -> [Event] {
        try input.fileHandleForWriting.close()
        drained.wait()
        process.waitUntilExit()
        return try String(decoding: recorded, as: UTF8.self).split(separator: "\n")
            .map { try JSONDecoder().decode(Event.self, from: Data($0.utf8)) }
    }
}
