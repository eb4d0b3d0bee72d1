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

    @Test("results come back in production order, whatever the jobs count", arguments: [1, 2, 7])
    func keepsOrder(jobs: Int) throws {
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
            })
        #expect(seen == (0..<2000).map { $0 * 2 })
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

    @Test("a producer error is rethrown after the results before it")
    func producerErrorPropagates() {
        let counter = Counter(count: 1000, failAt: 500)
        #expect(throws: SanitizeError.self) {
            try OrderedWorkers.run(
                jobs: 2, produce: { try counter.produce() }, process: { $0 }, consume: { _ in true })
        }
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
        #expect(most == OrderedWorkers.maxInFlight(jobs: jobs))
    }
}
