import Foundation
import Logging
import TestSupport
import Testing

/// The hostile-client run shared by the Hummingbird and Vapor suites: the contract their apps
/// guard, a log handler that keeps everything a server logs, and `Fixtures/hostile_clients.py`
/// (python3, standard library only) run against the app's port.
enum HostileClients {
    /// The contract of `/api/users` (1 MiB) and `/small/users` (4 KiB): `password` is
    /// `writeOnly`, so its value must never be logged or shown.
    static let contract = """
        {"type": "object", "required": ["name", "password"], "additionalProperties": false,
         "properties": {
           "name": {"type": "string", "maxLength": 64, "x-sanitize": ["trim"]},
           "password": {"type": "string", "writeOnly": true, "minLength": 8, "maxLength": 64},
           "items": {"type": "array"},
           "note": {"type": "string"}}}
        """

    /// The body the well-behaved client's valid request reaches the handler with.
    static let goodBody = #"{"name":"good","password":"good-password"}"#

    /// Seconds a server waits on a silent connection before closing it, in both test apps.
    static let idleTimeoutSeconds: Int64 = 3

    /// One case's outcome, as the script prints it.
    struct Outcome: Decodable {
        var `case`: String
        var status: Int?
        var closed: Bool?
        var seconds: Double?
        var early: Bool?
        var echoed: Bool?
        var error: String?
        var good_ok: Int
        var good_failed: Int
    }

    /// The well-behaved client over the whole run.
    struct Summary: Decodable {
        var good_ok: Int
        var good_failed: Int
        var errors: [String]
    }

    /// Runs the script against `port` with `secret` in every hostile body.
    /// - Returns: each case's outcome by name, and the well-behaved client's summary.
    static func run(port: Int, secret: String) async throws -> (
        cases: [String: Outcome], summary: Summary
    ) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/hostile_clients.py")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hostile-\(UUID().uuidString).jsonl")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, String(port), secret]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardInput = FileHandle.nullDevice
        // Waits without holding a thread of the cooperative pool, which the servers need.
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        #expect(status == 0, "hostile_clients.py exited \(status): \(lines)")
        let decoder = JSONDecoder()
        var cases: [String: Outcome] = [:]
        for line in lines.dropLast() {
            let outcome = try decoder.decode(Outcome.self, from: Data(line.utf8))
            cases[outcome.case] = outcome
        }
        let summary = try decoder.decode(Summary.self, from: Data(try #require(lines.last).utf8))
        return (cases, summary)
    }

    /// What each case must end with (docs/adapters.md, "Hostile clients"): the status of the
    /// answer, or `nil` for a connection the server closes (after its idle timeout) unanswered.
    static let expectedStatus: [String: Int?] = [
        "slow-oversized": 413,
        "never-ending": nil,
        "content-length-short": 422,
        "content-length-long": nil,
        "invalid-utf8": 422,
        "deep-nesting": 422,
        "json-bomb": 422,
    ]

    /// Checks every case against ``expectedStatus``, the well-behaved client, what the handler
    /// saw and what was logged.
    /// - Parameters:
    ///   - run: the script's results.
    ///   - secret: the `writeOnly` value the hostile bodies carried.
    ///   - handled: every body a handler received.
    ///   - logs: everything the server logged.
    ///   - differences: cases this framework ends otherwise (documented beside the others).
    static func check(
        _ run: (cases: [String: Outcome], summary: Summary), secret: String, handled: [[UInt8]],
        logs: [String], differences: [String: Int?] = [:]
    ) {
        #expect(Set(run.cases.keys) == Set(expectedStatus.keys))
        let expectations = expectedStatus.merging(differences) { $1 }
        for (name, expected) in expectations.sorted(by: { $0.key < $1.key }) {
            guard let outcome = run.cases[name] else { continue }
            #expect(outcome.error == nil, "\(name): \(outcome.error ?? "")")
            #expect(outcome.status == expected, "\(name): status \(String(describing: outcome.status))")
            #expect(outcome.echoed != true, "\(name): the answer shows the secret")
            // Each case ends within a bound. A close comes from the server's event loop after its
            // idle timeout; an answer needs the handler's task, which a loaded test run may keep
            // waiting for a thread of the cooperative pool.
            let bound = expected == nil ? Double(idleTimeoutSeconds) + 7 : 60
            #expect((outcome.seconds ?? .infinity) < bound, "\(name): \(outcome.seconds ?? -1) s")
            if expected == nil || name == "content-length-short" {
                #expect(outcome.closed == true, "\(name): the connection was left open")
            }
            #expect(outcome.good_failed == 0, "\(name): the well-behaved client failed")
            #expect(
                outcome.good_ok >= 2, "\(name): the well-behaved client was not served during the case")
        }
        #expect(run.summary.good_failed == 0, "\(run.summary.errors)")
        // Only the well-behaved client's bodies reached a handler.
        let strangers = handled.filter { $0 != Array(goodBody.utf8) }
        #expect(strangers.isEmpty, "\(strangers.count) hostile bodies reached the handler")
        #expect(handled.count >= 1)
        // Any 12 characters of the secret's random part, as text or as a hex dump of bytes
        // (`7b22…`, as Vapor's trace log prints a body part, or `7b 22 …`).
        let random = Array(secret.utf8.suffix(36))
        let windows = (0...(random.count - 12)).map { Array(random[$0..<$0 + 12]) }
        let forms = windows.flatMap { window -> [String] in
            let hex = window.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
            return [String(decoding: window, as: UTF8.self).lowercased(), hex.joined(), hex.joined(separator: " ")]
        }
        let leaks = logs.filter { line in
            let lowered = line.lowercased()
            return forms.contains { lowered.contains($0) }
        }
        #expect(leaks.isEmpty, "the writeOnly value was logged: \(leaks.prefix(3))")
    }
}

/// A swift-log handler that keeps every message with its metadata and source, at every level.
final class ServerLogs: @unchecked Sendable {
    // Guarded by `lock`; handlers write from event loops.
    private var entries: [String] = []
    private let lock = NSLock()

    /// A logger at `level` whose messages land here.
    func logger(label: String, level: Logger.Level) -> Logger {
        var logger = Logger(label: label) { _ in Handler(store: self) }
        logger.logLevel = level
        return logger
    }

    /// Every entry: level, source, message and metadata.
    var all: [String] { lock.withLock { entries } }

    fileprivate func append(_ entry: String) { lock.withLock { entries.append(entry) } }

    private struct Handler: LogHandler {
        let store: ServerLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            store.append("\(event.level) \(event.source) \(event.message) \(merged)")
        }
    }
}
