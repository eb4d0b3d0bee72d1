import Foundation

/// Runs work on a new thread with a chosen stack size and waits for its result: how the tests
/// stand in for a Dispatch worker (512 KiB) or a test runner thread, whose stacks are much
/// smaller than the main thread's 8 MiB.
enum SmallStackThread {
    /// Runs `body` on a thread whose stack is `stackSize` bytes and returns what it returned.
    static func run<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
        let box = Box<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return box.value!
    }

    /// Carries the result out of the thread: written once before the semaphore signals, read
    /// only after it.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }
}
