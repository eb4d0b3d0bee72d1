import NIOCore

/// A task executor that runs its jobs on one NIO event loop, so async code given it as
/// preference (`Task(executorPreference:)`, `withTaskExecutorPreference`) never waits for a
/// thread of Swift's cooperative pool.
///
/// The pinned transport's exchange and its certificate check (swift-certificates' verifier is
/// async) run here: the event loop already runs the handshake and is alive as long as the
/// connection is, while the cooperative pool (as wide as the machine has cores) can be held
/// by anyone's blocking code for as long as they like, and a handshake that waits for it
/// times out. The work is short and never blocks: parsing and checking a few certificates.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
