import Foundation

/// One `openssl s_server -www` on 127.0.0.1 with a port chosen by the OS, offering exactly the
/// protocol versions and cipher suites its arguments allow. Each connection that completes a
/// handshake gets an HTTP/1.0 page naming the negotiated protocol and cipher (`-www`).
/// Its output goes to a file (never a pipe that could fill); ``stop()`` ends it.
final class OpenSSLTLSServer: @unchecked Sendable {
    private let process = Process()
    private let log: URL
    /// The listening port.
    let port: Int

    /// Starts the server and waits (up to 10 s) for its `ACCEPT 127.0.0.1:PORT` line.
    /// - Parameters:
    ///   - chain: the certificate chain file (leaf first).
    ///   - key: the leaf's private key file.
    ///   - options: the version and cipher options (`-tls1_2`, `-cipher`, …).
    init(chain: String, key: String, options: [String]) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("s_server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)  // a failure shows as the next line's error
        let handle = try FileHandle(forWritingTo: log)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "s_server", "-accept", "127.0.0.1:0", "-cert", chain, "-key", key, "-www"] + options
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 10)
        var found: Int?
        while found == nil && Date() < deadline && process.isRunning {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT 127.0.0.1:") }) {
                found = Int(line.dropFirst("ACCEPT 127.0.0.1:".count))
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let found else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw CocoaError(.fileReadUnknown, userInfo: [NSDebugDescriptionErrorKey: "openssl s_server \(options) did not start: \(text)"])
        }
        port = found
    }

    /// Waits (up to `seconds`) until the server's output holds one of `texts`: the client may
    /// see a handshake fail before the server has written why.
    /// - Returns: whether one appeared.
    @discardableResult
    func waitForOutput(containingAnyOf texts: [String], seconds: TimeInterval = 5) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if texts.contains(where: text.contains) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Stops the server and returns what it wrote (its handshake errors among it).
    @discardableResult
    func stop() -> String {
        if process.isRunning {
            // SIGKILL: s_server started from the test process was seen to outlive SIGTERM
            // (a signal mask inherited from the test runner's threads).
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: log)
        return text
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}
