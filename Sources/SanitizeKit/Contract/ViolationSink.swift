/// The violations of one evaluation, with the two stacks a report reads: the instance path and
/// the references crossed on the way to the current schema. Plain memory in one allocation,
/// reused by a ``ContractValidator`` across instances.
///
/// The evaluator keeps the depth of the instance path itself (``Evaluator/pathCount``); the
/// reference trail keeps its own count here, so that evaluator frames do not grow.
final class ViolationSink {
    var items: [Violation] = []
    /// Reused room where a report builds its instance pointer's bytes.
    var scratch: [UInt8] = []
    /// Where each branch of a reported `anyOf`/`oneOf` failed, while it probes them
    /// (``Evaluator/branchReasons(_:_:)`` renders the reasons from it); kept here so that its
    /// storage is reused across instances.
    var branchRecording = BranchRecording()
    /// Room for each stack: evaluation nests at most ``Evaluator/depthLimit`` schemas (each
    /// child and each reference is one), plus one.
    static let pathCapacity = 1_024
    let path: UnsafeMutablePointer<PathStep>
    /// The references crossed, outermost first; entries past ``pathCapacity`` are counted, not kept.
    let trail: UnsafeMutablePointer<ReferenceStep>
    /// How many references are crossed now (in `trailCount.pointee`).
    let trailCount: UnsafeMutablePointer<Int>
    private let memory: UnsafeMutableRawPointer

    init() {
        let capacity = ViolationSink.pathCapacity
        let pathBytes = capacity * MemoryLayout<PathStep>.stride
        let trailStart = Self.aligned(pathBytes, MemoryLayout<ReferenceStep>.alignment)
        let countStart = Self.aligned(trailStart + capacity * MemoryLayout<ReferenceStep>.stride, MemoryLayout<Int>.alignment)
        let alignment = max(MemoryLayout<PathStep>.alignment, MemoryLayout<ReferenceStep>.alignment, MemoryLayout<Int>.alignment)
        memory = .allocate(byteCount: countStart + MemoryLayout<Int>.stride, alignment: alignment)
        path = memory.bindMemory(to: PathStep.self, capacity: capacity)
        trail = (memory + trailStart).bindMemory(to: ReferenceStep.self, capacity: capacity)
        trailCount = (memory + countStart).bindMemory(to: Int.self, capacity: 1)
        trailCount.initialize(to: 0)
    }

    deinit { memory.deallocate() }

    private static func aligned(_ offset: Int, _ alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }

    /// Records that evaluation crosses a reference (until the matching ``leave()``).
    @inline(__always)
    func enter(_ step: ReferenceStep) {
        let count = trailCount.pointee
        if count < ViolationSink.pathCapacity { trail[count] = step }
        trailCount.pointee = count + 1
    }

    /// Ends the innermost reference that ``enter(_:)`` recorded.
    @inline(__always)
    func leave() { trailCount.pointee -= 1 }

    /// The references crossed now, outermost first.
    var crossed: UnsafeBufferPointer<ReferenceStep> {
        UnsafeBufferPointer(start: trail, count: min(trailCount.pointee, ViolationSink.pathCapacity))
    }
}

/// One step of the path from the instance root to the value being checked.
enum PathStep {
    case key(Int)
    case index(Int)
}

/// A `$ref` or `$dynamicRef` crossed during evaluation: the schema holding the keyword, the
/// keyword, and the schema evaluation went on in (for `$dynamicRef`, the one the dynamic scope
/// chose). Plain values, so recording one costs a few stores.
struct ReferenceStep {
    var source: Int32
    var target: Int32
    var keyword: ReferenceKeyword
}
