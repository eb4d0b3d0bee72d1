import Foundation

/// Holds every thread of Swift's cooperative pool with blocking tasks, as synchronous tests
/// do when they wait for a process or a file, until ``release()``.
///
/// The pool is as wide as the machine has cores (Linux: `activeProcessorCount`; two here), and
/// a task that needs it while it is held waits. Create it from a task that prefers an executor
/// of its own (``PoolFreeExecutor``), never from the pool: it blocks its caller while the
/// holders start. A probe task started once all holders run tells whether anything else ran
/// on the pool meanwhile (``probeRan``): if it did, the pool was wider than assumed and
/// nothing was held.
final class CooperativePoolHold: @unchecked Sendable {
    // All mutable state is behind `lock`.
    private let lock = NSLock()
    private let gate = DispatchSemaphore(value: 0)
    private var started = 0
    private var probed = false
    private var released = false
    /// How many threads are held.
    let width: Int

    /// Starts one blocking task per pool thread and waits until all of them run.
    /// - Parameters:
    ///   - width: the pool's width.
    ///   - wait: how long the holders may take to start (other tests may hold threads a while).
    ///   - limit: when the hold ends by itself, whatever happens to the caller.
    /// - Throws: when the holders did not all start within `wait`.
    init(width: Int = ProcessInfo.processInfo.activeProcessorCount, wait: TimeInterval = 60, limit: TimeInterval = 120)
        throws
    {
        self.width = width
        for _ in 0..<width {
            Task.detached {
                self.lock.withLock { self.started += 1 }
                self.gate.wait()
            }
        }
        let deadline = Date(timeIntervalSinceNow: wait)
        while lock.withLock({ started }) < width {
            guard Date() < deadline else {
                release()
                throw CocoaError(
                    .featureUnsupported,
                    userInfo: [NSDebugDescriptionErrorKey: "\(width) blocking tasks did not all start within \(wait) s"])
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        Task.detached { self.lock.withLock { self.probed = true } }
        let safety = Thread { [self] in
            Thread.sleep(forTimeInterval: limit)
            release()
        }
        safety.start()
    }

    /// Whether a task other than the holders has run on the pool since they all started.
    var probeRan: Bool { lock.withLock { probed } }

    /// Lets the holders return (once; later calls do nothing).
    func release() {
        let first = lock.withLock {
            defer { released = true }
            return !released
        }
        guard first else { return }
        for _ in 0..<width { gate.signal() }
    }
}
