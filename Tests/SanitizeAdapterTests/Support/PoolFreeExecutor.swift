import NIOCore
import NIOPosix

/// A task executor on a thread of its own (a one-thread NIO event loop group), for test code
/// that must run while Swift's cooperative pool is held (``CooperativePoolHold``).
final class PoolFreeExecutor: TaskExecutor {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        group.next().execute { job.runSynchronously(on: executor) }
    }

    /// Stops the thread.
    func shutdown() async throws { try await group.shutdownGracefully() }
}
