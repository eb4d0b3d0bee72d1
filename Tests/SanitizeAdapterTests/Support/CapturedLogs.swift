import Foundation
import Logging

/// A swift-log handler that keeps every message, for asserting on warnings.
final class CapturedLogs: @unchecked Sendable {
    // Guarded by `lock`; handlers write from event loops.
    private var entries: [(Logger.Level, String)] = []
    private let lock = NSLock()

    /// A logger whose messages land here.
    var logger: Logger {
        Logger(label: "test") { _ in Handler(store: self) }
    }

    /// The messages logged at `level` or above.
    func messages(atLeast level: Logger.Level) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries.filter { $0.0 >= level }.map(\.1)
    }

    fileprivate func append(_ level: Logger.Level, _ message: String) {
        lock.lock()
        entries.append((level, message))
        lock.unlock()
    }

    private struct Handler: LogHandler {
        let store: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { store.append(event.level, "\(event.message)") }
    }
}
