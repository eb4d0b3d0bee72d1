import Foundation

/// Runs work items on several threads and hands the results back in the order the items
/// were produced.
///
/// One thread produces items, `jobs` threads process them, and the calling thread consumes
/// the results in production order. At most ``maxInFlight(jobs:)`` items are in flight
/// (produced but not yet consumed), so memory stays bounded by the size of that many items
/// whatever the length of the input.
package enum OrderedWorkers {
    /// The most items in flight with `jobs` workers: two per worker and two more, so that a
    /// worker that finishes its item while an earlier one is still being processed (the
    /// results are consumed in order) finds another item waiting instead of sitting idle.
    /// (With one more than `jobs`, a worker of a two-job run waited whenever the other's item
    /// took longer than its own.)
    package static func maxInFlight(jobs: Int) -> Int {
        2 * max(1, jobs) + 2
    }

    /// Processes every item that `produce` yields.
    /// - Parameters:
    ///   - jobs: the number of worker threads (at least one).
    ///   - produce: called repeatedly on a producer thread until it returns `nil`; may throw
    ///     (an input error), which stops the run and is rethrown after the workers finish.
    ///   - process: turns one item into its result, on a worker thread.
    ///   - consume: receives results in production order on the calling thread; returns
    ///     `false` to stop early (nothing after that result is consumed).
    /// - Throws: the first error from `produce` or `consume`.
    package static func run<Item: Sendable, Result: Sendable>(
        jobs: Int,
        produce: @escaping @Sendable () throws -> Item?,
        process: @escaping @Sendable (Item) -> Result,
        consume: (Result) throws -> Bool
    ) throws {
        let jobs = max(1, jobs)
        let limit = maxInFlight(jobs: jobs)
        let inFlight = Permits(limit)
        let work = BlockingQueue<(Int, Item)>(capacity: limit)
        let done = BlockingQueue<(Int, Result)>(capacity: limit)
        let state = RunState()

        let producer = Thread {
            var sequence = 0
            while !state.isStopped {
                inFlight.acquire()
                if state.isStopped { break }
                do {
                    guard let item = try produce() else { break }
                    work.push((sequence, item))
                    sequence += 1
                } catch {
                    state.fail(error)
                    break
                }
            }
            work.close()
        }
        producer.stackSize = 1 << 20
        producer.start()

        let finishedWorkers = DispatchGroup()
        for _ in 0..<jobs {
            finishedWorkers.enter()
            let worker = Thread {
                while let (sequence, item) = work.pop() {
                    if state.isStopped { continue }  // drain quickly after a stop
                    done.push((sequence, process(item)))
                }
                finishedWorkers.leave()
            }
            worker.stackSize = 8 << 20  // deep but bounded recursion in validation
            worker.start()
        }
        let closer = Thread {
            finishedWorkers.wait()
            done.close()
        }
        closer.start()

        // Stopping early: release the producer however many permits it is waiting for.
        func stopEverything() {
            state.stop()
            inFlight.release(limit)
        }
        var pending: [Int: Result] = [:]
        var next = 0
        var consumerError: (any Error)?
        while let (sequence, result) = done.pop() {
            pending[sequence] = result
            while let ready = pending.removeValue(forKey: next) {
                next += 1
                inFlight.release()
                if state.isStopped { continue }
                do {
                    if try !consume(ready) { stopEverything() }
                } catch {
                    consumerError = error
                    stopEverything()
                }
            }
        }
        if let consumerError { throw consumerError }
        if let producerError = state.producerError { throw producerError }
    }
}

/// Flags shared by the producer, the workers and the consumer.
///
/// `@unchecked Sendable`: every field is read and written under `lock`.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var error: (any Error)?

    var isStopped: Bool { lock.withLock { stopped } }
    var producerError: (any Error)? { lock.withLock { error } }

    func stop() { lock.withLock { stopped = true } }

    func fail(_ failure: any Error) {
        lock.withLock {
            if error == nil { error = failure }
            stopped = true
        }
    }
}
