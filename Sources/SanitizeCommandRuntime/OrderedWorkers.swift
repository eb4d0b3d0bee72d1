import Foundation
package import SanitizeKit

/// Runs work items on several threads and hands the results back in the order the items
/// were produced.
///
/// The calling thread and `jobs - 1` helper threads each take the next item and process it;
/// the calling thread also consumes the results, in production order, whenever the next one is
/// ready, and processes an item of its own otherwise. Items are produced, one thread at a time,
/// by the thread about to process them, or by a thread of their own that runs ahead: when the
/// machine has a core to spare beyond `jobs` (it reads the input into memory while the others
/// process), or when the caller asks (`producingAhead`: a `produce` that may wait for input
/// must not hold up the calling thread while a result is ready). A calling thread with much
/// less stack than a helper only consumes, beside `jobs` helpers (``callingThreadProcesses``).
/// At most ``maxInFlight(jobs:)`` items are in flight (produced but not yet consumed), so
/// memory stays bounded by the size of that many items whatever the length of the input.
///
/// (A producer thread and a consumer thread beside the workers, handing items over through two
/// queues, were woken for every item: on two cores each wake took a core from a worker for a
/// moment, and two jobs reached 1.6 times one job's rate where two processes reading a file's
/// halves reached 1.8. Here no thread waits while it has something to do.)
package enum OrderedWorkers {
    /// The most items in flight with `jobs` threads: two per thread and two more, so that a
    /// thread that finishes its item while an earlier one is still being processed (the
    /// results are consumed in order) finds room for another instead of sitting idle.
    package static func maxInFlight(jobs: Int) -> Int {
        2 * max(1, jobs) + 2
    }

    /// Starts a thread with a stack of the given size that runs the given work, or throws the
    /// error that kept it from starting.
    package typealias ThreadStart = @Sendable (_ stackBytes: Int, _ body: @escaping @Sendable () -> Void) throws(SystemCalls.Failure) -> Void

    /// The stack of a helper thread: deep but bounded recursion in validation.
    package static let helperStackBytes = 8 << 20

    /// Whether the calling thread processes items itself: when its stack is at least a
    /// helper's, give or take 64 KiB (a process's main thread has the `ulimit -s` size, 8 MiB
    /// by default, which glibc reports less one page), so that no record is refused there for
    /// want of stack (``StackBudget``) that a helper would judge.
    package static var callingThreadProcesses: Bool {
        guard let stack = SystemCalls.currentThreadStack() else { return false }
        return stack.size + (64 << 10) >= UInt(helperStackBytes)
    }

    /// Whether a run of `jobs` has a thread that only produces items, ahead of the others:
    /// when the machine has more cores than `jobs`.
    package static func producesAhead(jobs: Int) -> Bool {
        ProcessInfo.processInfo.activeProcessorCount > max(1, jobs)
    }

    /// Processes every item that `produce` yields.
    /// - Parameters:
    ///   - jobs: the number of threads that process items, the calling thread among them (at
    ///     least one).
    ///   - produce: called repeatedly, by one thread at a time, until it returns `nil`; may
    ///     throw (an input error), which ends production: the results of the items before it
    ///     are consumed, then the error is rethrown.
    ///   - process: turns one item into its result, on any of the threads.
    ///   - consume: receives results in production order on the calling thread; returns
    ///     `false` to stop early (nothing after that result is consumed).
    ///   - producingAhead: whether a thread of its own produces the items: `true` when
    ///     `produce` may wait for input (a pipe); by default ``producesAhead(jobs:)``.
    ///   - startThread: starts a helper thread with the stack it is given, or throws when it
    ///     cannot (``SystemCalls/startThread(stackBytes:_:)``; tests pass one that fails). A
    ///     helper that does not start leaves its work to the threads that did: the thread about
    ///     to process an item produces it when no producer started ahead.
    /// - Throws: the first error from `consume`, else the error from `produce`; an `io`
    ///   ``SanitizeError`` before anything is consumed when no thread can process items (the
    ///   calling thread only consumes, and no helper started).
    package static func run<Item: Sendable, Result: Sendable>(
        jobs: Int,
        produce: @escaping @Sendable () throws -> Item?,
        process: @escaping @Sendable (Item) -> Result,
        consume: (Result) throws -> Bool,
        producingAhead: Bool? = nil,
        startThread: ThreadStart = SystemCalls.startThread(stackBytes:_:)
    ) throws {
        let jobs = max(1, jobs)
        let callerProcesses = callingThreadProcesses
        let ahead = producingAhead ?? producesAhead(jobs: jobs)
        let run = OrderedRun<Item, Result>(limit: maxInFlight(jobs: jobs), producesAhead: ahead, produce: produce, process: process)
        let finishedHelpers = DispatchGroup()
        var startFailure: SystemCalls.Failure?
        /// Starts a helper thread; whether it started.
        func start(_ work: @escaping @Sendable () -> Void) -> Bool {
            finishedHelpers.enter()
            do throws(SystemCalls.Failure) {
                try startThread(helperStackBytes) {
                    work()
                    finishedHelpers.leave()
                }
                return true
            } catch {
                finishedHelpers.leave()
                startFailure = error
                return false
            }
        }
        if ahead && !start({ run.produceAhead() }) { run.produceWhereProcessed() }
        var helpers = 0
        for _ in 0..<(callerProcesses ? jobs - 1 : jobs) {
            if start({ run.help() }) { helpers += 1 }
        }
        if !callerProcesses && helpers == 0, let startFailure {
            run.stop()
            finishedHelpers.wait()
            throw SanitizeError(
                .io,
                "cannot start a thread to process the records: \(startFailure.text) (pthread_create; a limit of processes or threads reached, see ulimit -u)"
            )
        }
        var consumerError: (any Error)?
        while let result = run.nextResult(processing: callerProcesses) {
            do {
                if try !consume(result) { run.stop() }
            } catch {
                consumerError = error
                run.stop()
            }
        }
        // Nothing runs `produce` or `process` once this returns.
        finishedHelpers.wait()
        if let consumerError { throw consumerError }
        if let producerError = run.producerError { throw producerError }
    }
}

/// What the threads of one ``OrderedWorkers/run(jobs:produce:process:consume:producingAhead:)``
/// share: the items and results waiting for their turn, in the order of production, and the
/// flags that end the run.
///
/// `@unchecked Sendable`: every stored property but the closures (which are `@Sendable`) is
/// read and written only while holding `condition`'s lock, and `produce` is called by one
/// thread at a time (the producer ahead, or the one that set `producing`).
private final class OrderedRun<Item: Sendable, Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    /// A thread of its own produces the items (``produceAhead()``); otherwise the thread about
    /// to process one does.
    private var producesAhead: Bool
    private let produce: @Sendable () throws -> Item?
    private let process: @Sendable (Item) -> Result
    /// Produced items not yet taken for processing, and results not yet consumed, each in slot
    /// `sequence % limit` (at most `limit` items are in flight, so no two share a slot).
    private var items: [Item?]
    private var results: [Result?]
    /// Items produced or being produced and not yet consumed.
    private var inFlight = 0
    /// The sequence numbers of the next item produced, taken for processing, and consumed.
    private var produced = 0
    private var taken = 0
    private var consumed = 0
    /// A thread is in `produce`.
    private var producing = false
    /// `produce` returned `nil` or threw: no more items.
    private var exhausted = false
    /// The consumer stopped the run: no more items, and no result is consumed.
    private var stopped = false
    private var error: (any Error)?
    /// Threads waiting in `condition`: woken only when there are some.
    private var waiting = 0

    init(
        limit: Int, producesAhead: Bool, produce: @escaping @Sendable () throws -> Item?,
        process: @escaping @Sendable (Item) -> Result
    ) {
        self.limit = limit
        self.producesAhead = producesAhead
        self.produce = produce
        self.process = process
        items = Array(repeating: nil, count: limit)
        results = Array(repeating: nil, count: limit)
    }

    /// The error `produce` threw, if it did.
    var producerError: (any Error)? { condition.withLock { error } }

    /// The producer's work, when it runs ahead: items produced while there is room.
    func produceAhead() {
        condition.lock()
        while !stopped && !exhausted {
            if inFlight < limit {
                if let item = produceOne() { items[(produced - 1) % limit] = item }
            } else {
                wait()
            }
        }
        condition.unlock()
    }

    /// Leaves production to the threads that process items: the producer meant to run ahead
    /// did not start. Called before any other thread starts.
    func produceWhereProcessed() {
        condition.withLock { producesAhead = false }
    }

    /// A helper thread's work: items taken and processed until there are no more.
    func help() {
        condition.lock()
        while !stopped && !(exhausted && taken == produced) {
            if !processOne() { wait() }
        }
        condition.unlock()
    }

    /// The calling thread's work: the next result in order, once it is ready, with items
    /// processed meanwhile when `processing`; `nil` once every result is consumed or the run
    /// stopped.
    func nextResult(processing: Bool) -> Result? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            let slot = consumed % limit
            if let result = results[slot] {
                results[slot] = nil
                consumed += 1
                inFlight -= 1
                wakeWaiters()  // the producer or a helper may be waiting for room
                return result
            }
            if exhausted && inFlight == 0 { return nil }
            if !processing || !processOne() { wait() }
        }
        return nil
    }

    /// Ends the run early: no item is produced after this, and no result is handed on.
    func stop() {
        condition.withLock {
            stopped = true
            wakeWaiters()
        }
    }

    /// Takes the next item (produced here, when no thread produces ahead) and processes it,
    /// the lock let go meanwhile. Called and returns with the lock held.
    /// - Returns: `false` when there was none to take now (the caller waits for a change);
    ///   `true` when one was processed, or produced as none (the run's state changed: the
    ///   caller looks again before it waits).
    private func processOne() -> Bool {
        let item: Item
        if producesAhead {
            guard taken < produced, let next = items[taken % limit] else { return false }
            items[taken % limit] = nil
            item = next
        } else {
            guard !exhausted && !producing && inFlight < limit else { return false }
            guard let next = produceOne() else { return true }
            item = next
        }
        let sequence = taken
        taken += 1
        condition.unlock()
        let result = process(item)
        condition.lock()
        results[sequence % limit] = result
        if sequence == consumed { wakeWaiters() }  // the calling thread may be waiting for it
        return true
    }

    /// Produces the next item, the lock let go meanwhile, and counts it (``produced``); `nil`
    /// when there is none (``exhausted`` then tells) or the run stopped meanwhile. Called and
    /// returns with the lock held.
    private func produceOne() -> Item? {
        producing = true
        inFlight += 1
        condition.unlock()
        let item: Item?
        var failure: (any Error)?
        do {
            item = try produce()
        } catch {
            item = nil
            failure = error
        }
        condition.lock()
        producing = false
        defer { wakeWaiters() }  // a thread may be waiting for the item, or for its turn to produce
        guard let item, !stopped else {
            inFlight -= 1
            if item == nil {
                exhausted = true
                if let failure, error == nil { error = failure }
            }
            return nil
        }
        produced += 1
        return item
    }

    /// Waits for a change; called and returns with the lock held.
    private func wait() {
        waiting += 1
        condition.wait()
        waiting -= 1
    }

    private func wakeWaiters() {
        if waiting > 0 { condition.broadcast() }
    }
}
