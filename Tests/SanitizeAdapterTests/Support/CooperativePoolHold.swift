import Foundation

/// Holds every thread of Swift's cooperative pool with blocking tasks, as synchronous tests
/// do when they wait for a process or a file, until ``release()``.
///
/// The pool is about as wide as the machine has cores (two here), and a task that needs it
/// while it is held waits. Create it from a task that prefers an executor of its own
/// (``PoolFreeExecutor``), never from the pool: it blocks its caller while the holders start.
/// It starts one blocking task per core and waits until they all run, then adds more while
/// each new one still finds a free thread (a pool wider than the core count). The last one,
/// which finds none, is the probe: if it starts before ``release()``, a thread came free and
/// the pool was not held all along (``probeRan``).
final class CooperativePoolHold: @unchecked Sendable {
    // All mutable state is behind `lock`.
    private let lock = NSLock()
    private let gate = DispatchSemaphore(value: 0)
    private var launched = 0
    private var started = 0
    private var released = false

    /// Holds the pool.
    /// - Parameters:
    ///   - wait: how long the first holders may take to start (other tests may hold threads a while).
    ///   - limit: when the hold ends by itself, whatever happens to the caller.
    /// - Throws: when the first holders did not all start within `wait`.
    init(wait: TimeInterval = 60, limit: TimeInterval = 120) throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        for _ in 0..<cores { launch() }
        guard waitUntilStarted(cores, seconds: wait) else {
            release()
            throw CocoaError(
                .featureUnsupported,
                userInfo: [NSDebugDescriptionErrorKey: "\(cores) blocking tasks did not all start within \(wait) s"])
        }
        // More while a new one still starts: the last one launched finds no thread.
        while lock.withLock({ launched }) < 256 {
            launch()
            guard waitUntilStarted(lock.withLock { launched }, seconds: 0.5) else { break }
        }
        let safety = Thread { [self] in
            Thread.sleep(forTimeInterval: limit)
            release()
        }
        safety.start()
    }

    /// Whether the probe (the last blocking task launched) has run: a pool thread came free.
    var probeRan: Bool { lock.withLock { started == launched } }

    /// Lets every blocking task return (once; later calls do nothing).
    func release() {
        let count: Int? = lock.withLock {
            defer { released = true }
            return released ? nil : launched
        }
        guard let count else { return }
        for _ in 0..<count { gate.signal() }
    }

    private func launch() {
        lock.withLock { launched += 1 }
        Task.detached {
            self.lock.withLock { self.started += 1 }
            self.gate.wait()
        }
    }

    private func waitUntilStarted(_ count: Int, seconds: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while lock.withLock({ started }) < count {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }
}
