import Foundation

/// A first-in first-out queue with a capacity, for handing work between threads.
///
/// `push` waits while the queue is full and `pop` waits while it is empty, so a fast
/// producer can never run ahead of its consumers by more than `capacity` items. `close()`
/// wakes everyone: later pushes are refused and `pop` returns `nil` once the queue is empty.
///
/// `@unchecked Sendable`: every access to `items` and `closed` happens while holding
/// `condition`'s lock.
final class BlockingQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Slots before `head` are already taken (and set to `nil`, so nothing they held stays alive).
    private var items: [Element?] = []
    private var head = 0
    private var closed = false
    private let capacity: Int

    /// Creates an empty queue that holds at most `capacity` items (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends `item`, waiting for room; returns `false` when the queue was closed.
    @discardableResult
    func push(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !closed && items.count - head >= capacity { condition.wait() }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// Removes the oldest item, waiting for one; `nil` once the queue is closed and empty.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !closed && items.count == head { condition.wait() }
        guard items.count > head else { return nil }
        let item = items[head]
        items[head] = nil
        head += 1
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }

    /// Refuses further pushes and wakes every waiting thread.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
