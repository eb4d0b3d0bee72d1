import Foundation
import Synchronization
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

@Suite("OrderedWorkers")
struct OrderedWorkersTests {
    /// A producer that yields 0..<count, from any thread.
    private final class Counter: Sendable {
        let next = Mutex(0)
        let count: Int
        let failAt: Int?
        init(count: Int, failAt: Int? = nil) {
            self.count = count
            self.failAt = failAt
        }
        func produce() throws -> Int? {
            try next.withLock { value in
                if let failAt, value == failAt { throw SanitizeError(.io, "broken input") }
                guard value < count else { return nil }
                defer { value += 1 }
                return value
            }
        }
    }

    @Test(
        "results come back in production order, whatever the jobs count, produced ahead or not",
        arguments: [1, 2, 7], [false, true])
    func keepsOrder(jobs: Int, ahead: Bool) throws {
        let counter = Counter(count: 2000)
        var seen: [Int] = []
        try OrderedWorkers.run(
            jobs: jobs,
            produce: { try counter.produce() },
            process: { value in
                if value % 7 == 0 { usleep(50) }  // make some items finish late
                return value * 2
            },
            consume: { result in
                seen.append(result)
                return true
            }, producingAhead: ahead)
        #expect(seen == (0..<2000).map { $0 * 2 })
    }

    @Test(
        "many short runs all end, whichever thread meets the end of the items, the caller processing or not",
        arguments: [1, 2, 3], [false, true])
    func shortRunsEnd(jobs: Int, ahead: Bool) {
        for stackBytes in [OrderedWorkers.helperStackBytes, 256 << 10] {
            // On a thread of their own, waited for with a deadline: a run that never ends fails
            // the test instead of holding up the whole test run.
            let outcome = Mutex<[Int]?>(nil)
            let done = DispatchSemaphore(value: 0)
            let runner = Thread {
                var wrong: [Int] = []
                for count in 0..<300 {
                    let counter = Counter(count: count % 7)
                    var seen: [Int] = []
                    try? OrderedWorkers.run(
                        jobs: jobs, produce: { try counter.produce() }, process: { $0 },
                        consume: { value in
                            seen.append(value)
                            return true
                        }, producingAhead: ahead)
                    if seen != Array(0..<(count % 7)) { wrong.append(count) }
                }
                outcome.withLock { [wrong] in $0 = wrong }
                done.signal()
            }
            runner.stackSize = stackBytes
            runner.start()
            #expect(done.wait(timeout: .now() + 60) == .success, "stack \(stackBytes)")
            #expect(outcome.withLock { $0 } == [], "stack \(stackBytes)")
        }
    }

    @Test("a consumer that stops early ends the run without consuming later results")
    func stopsEarly() throws {
        let counter = Counter(count: 100_000)
        var seen: [Int] = []
        try OrderedWorkers.run(
            jobs: 3, produce: { try counter.produce() }, process: { $0 },
            consume: { value in
                seen.append(value)
                return value < 10
            })
        #expect(seen == Array(0...10))
        #expect(counter.next.withLock { $0 } < 100_000)
    }

    @Test(
        "a producer error is rethrown after the results before it, every one consumed", arguments: [1, 2, 3],
        [false, true])
    func producerErrorPropagates(jobs: Int, ahead: Bool) {
        let counter = Counter(count: 1000, failAt: 500)
        var seen: [Int] = []
        #expect(throws: SanitizeError.self) {
            try OrderedWorkers.run(
                jobs: jobs, produce: { try counter.produce() }, process: { $0 },
                consume: { value in
                    seen.append(value)
                    return true
                }, producingAhead: ahead)
        }
        #expect(seen == Array(0..<500))
    }

    @Test("a consumer error is rethrown")
    func consumerErrorPropagates() {
        let counter = Counter(count: 1000)
        #expect(throws: SanitizeError.self) {
            try OrderedWorkers.run(
                jobs: 2, produce: { try counter.produce() }, process: { $0 },
                consume: { value in
                    if value == 3 { throw SanitizeError(.io, "disk full") }
                    return true
                })
        }
    }

    @Test("no more than maxInFlight items are out between production and consumption, and a slow consumer lets the producer run that far ahead", arguments: [1, 2, 3])
    func boundsItemsInFlight(jobs: Int) throws {
        let counter = Counter(count: 40)
        let produced = Mutex(0)
        var consumed = 0
        var most = 0
        try OrderedWorkers.run(
            jobs: jobs,
            produce: {
                let item = try counter.produce()
                if item != nil { produced.withLock { $0 += 1 } }
                return item
            },
            process: { $0 },
            consume: { _ in
                consumed += 1  // its permit is already back
                usleep(3000)  // slow: the producer goes as far as it may meanwhile
                most = max(most, produced.withLock { $0 } - consumed)
                return true
            })
        #expect(consumed == 40)
        // Something runs ahead while the consumer sleeps (a helper, or a producer ahead), unless
        // the calling thread alone produces and processes: then each item waits for the one before.
        let alone = jobs == 1 && OrderedWorkers.callingThreadProcesses && !OrderedWorkers.producesAhead(jobs: 1)
        #expect(most == (alone ? 0 : OrderedWorkers.maxInFlight(jobs: jobs)))
    }

    /// Runs `OrderedWorkers.run` on a thread of `stackBytes` and returns how many items that
    /// thread processed itself, and whether every result came back in order (`false` too when
    /// the run did not end within a minute).
    private func itemsProcessedByCaller(stackBytes: Int, jobs: Int) -> (processed: Int, inOrder: Bool) {
        let outcome = Mutex((processed: 0, inOrder: false))
        let done = DispatchSemaphore(value: 0)
        let caller = Thread {
            Thread.current.threadDictionary["OrderedWorkersTests.caller"] = true  // not inherited, as a name is
            let counter = Counter(count: 300)
            var seen: [Int] = []
            try? OrderedWorkers.run(
                jobs: jobs, produce: { try counter.produce() },
                process: { value in
                    if Thread.current.threadDictionary["OrderedWorkersTests.caller"] != nil { outcome.withLock { $0.processed += 1 } }
                    usleep(100)  // long enough that the caller finds the next result not ready
                    return value
                },
                consume: { value in
                    seen.append(value)
                    return true
                })
            outcome.withLock { $0.inOrder = seen == Array(0..<300) }
            done.signal()
        }
        caller.stackSize = stackBytes
        caller.start()
        guard done.wait(timeout: .now() + 60) == .success else { return (0, false) }
        return outcome.withLock { $0 }
    }

    /// A thread start that fails (`EAGAIN`, as `pthread_create` at a limit of processes) for
    /// every call from `failingFrom` on, and starts the others as the system does.
    private static func starts(failingFrom: Int) -> OrderedWorkers.ThreadStart {
        let calls = Mutex(0)
        return { stackBytes, body throws(SystemCalls.Failure) in
            let call = calls.withLock { count in
                defer { count += 1 }
                return count
            }
            if call >= failingFrom { throw SystemCalls.Failure(number: EAGAIN) }
            try SystemCalls.startThread(stackBytes: stackBytes, body)
        }
    }

    /// Runs `OrderedWorkers.run` over 300 items on a thread of `stackBytes`, with `startThread`;
    /// the results consumed, the error thrown, and how many items the calling thread processed
    /// (`nil` when the run did not end within a minute).
    private func runStarting(
        _ startThread: @escaping OrderedWorkers.ThreadStart, stackBytes: Int, jobs: Int, ahead: Bool
    ) -> (seen: [Int], error: (any Error)?, processedByCaller: Int)? {
        let outcome = Mutex<(seen: [Int], error: (any Error)?, processedByCaller: Int)>(([], nil, 0))
        let done = DispatchSemaphore(value: 0)
        let caller = Thread {
            Thread.current.threadDictionary["OrderedWorkersTests.caller"] = true
            let counter = Counter(count: 300)
            var seen: [Int] = []
            do {
                try OrderedWorkers.run(
                    jobs: jobs, produce: { try counter.produce() },
                    process: { value in
                        if Thread.current.threadDictionary["OrderedWorkersTests.caller"] != nil {
                            outcome.withLock { $0.processedByCaller += 1 }
                        }
                        return value
                    },
                    consume: { value in
                        seen.append(value)
                        return true
                    }, producingAhead: ahead, startThread: startThread)
            } catch {
                outcome.withLock { $0.error = error }
            }
            outcome.withLock { [seen] in $0.seen = seen }
            done.signal()
        }
        caller.stackSize = stackBytes
        caller.start()
        guard done.wait(timeout: .now() + 60) == .success else { return nil }
        return outcome.withLock { $0 }
    }

    @Test(
        "threads that cannot start leave their work to the ones that did: every result, in order, none lost",
        arguments: [1, 2, 3], [false, true])
    func threadsThatCannotStart(jobs: Int, ahead: Bool) throws {
        // None starts: the calling thread (a helper's stack) produces and processes everything.
        let none = try #require(runStarting(Self.starts(failingFrom: 0), stackBytes: OrderedWorkers.helperStackBytes, jobs: jobs, ahead: ahead))
        #expect(none.error == nil)
        #expect(none.seen == Array(0..<300))
        #expect(none.processedByCaller == 300)
        // The first starts (the producer ahead, or a helper), the others do not.
        let one = try #require(runStarting(Self.starts(failingFrom: 1), stackBytes: OrderedWorkers.helperStackBytes, jobs: jobs, ahead: ahead))
        #expect(one.error == nil)
        #expect(one.seen == Array(0..<300))
    }

    @Test("a run in which no thread can process ends at once with an io error naming the cause, nothing consumed", arguments: [false, true])
    func noThreadToProcess(ahead: Bool) throws {
        // A calling thread with little stack only consumes; the producer ahead may start, no helper does.
        let run = try #require(runStarting(Self.starts(failingFrom: ahead ? 1 : 0), stackBytes: 512 << 10, jobs: 2, ahead: ahead))
        #expect(run.seen == [])
        let error = try #require(run.error as? SanitizeError)
        #expect(error.code == .io)
        #expect(error.reason.contains("cannot start a thread to process the records: \(SystemCalls.Failure(number: EAGAIN).text)"))
    }

    @Test("a thread started by SystemCalls runs its body on a stack at least the size asked, past the default")
    func systemThreadStart() throws {
        // 16 MiB, twice the default (`ulimit -s`): a stack that size was asked for. (glibc may
        // hand on a cached stack up to four times the size asked, so no upper bound.)
        let asked = 16 << 20
        let stack = Mutex<(low: UInt, size: UInt)?>(nil)
        let done = DispatchSemaphore(value: 0)
        try SystemCalls.startThread(stackBytes: asked) {
            stack.withLock { $0 = SystemCalls.currentThreadStack() }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        let size = try #require(stack.withLock { $0 }?.size)
        #expect(size >= asked, "stack of \(size) bytes")
    }

    @Test(
        "a calling thread with about a helper's stack (a main thread's is one page less) processes items itself; one with much less only consumes",
        arguments: [1, 2])
    func callingThreadProcessesWithLargeStack(jobs: Int) {
        let large = itemsProcessedByCaller(stackBytes: OrderedWorkers.helperStackBytes, jobs: jobs)
        #expect(large.inOrder)
        if jobs == 1 {
            #expect(large.processed == 300)  // no helper: it processes every item
        } else {
            #expect(large.processed > 0)
        }
        // A main thread's stack as glibc reports it: `ulimit -s` less one page.
        let mainLike = itemsProcessedByCaller(stackBytes: OrderedWorkers.helperStackBytes - 4096, jobs: jobs)
        #expect(mainLike.inOrder)
        #expect(mainLike.processed > 0)
        let small = itemsProcessedByCaller(stackBytes: 512 << 10, jobs: jobs)
        #expect(small.inOrder)
        #expect(small.processed == 0)
    }
}
