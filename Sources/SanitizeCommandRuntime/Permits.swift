import Foundation

/// A counting semaphore that, unlike `DispatchSemaphore`, may be released and dropped with
/// any count (libdispatch traps when a semaphore dies below its initial value, which happens
/// whenever a pipeline stops early).
///
/// `@unchecked Sendable`: `available` is only touched while holding `condition`'s lock.
final class Permits: @unchecked Sendable {
    private let condition = NSCondition()
    private var available: Int

    /// Creates a semaphore holding `count` permits.
    init(_ count: Int) { available = count }

    /// Takes a permit, waiting until one is free.
    func acquire() {
        condition.lock()
        while available <= 0 { condition.wait() }
        available -= 1
        condition.unlock()
    }

    /// Returns `count` permits and wakes the waiters.
    func release(_ count: Int = 1) {
        condition.lock()
        available += count
        condition.broadcast()
        condition.unlock()
    }
}
