/// Where each branch of a reported `anyOf`/`oneOf` failed, recorded while the branches are
/// probed: the innermost schema that failed in the branch, with what its evaluation there
/// depended on (instance path, references crossed, depths, sensitivity). A failed
/// `anyOf`/`oneOf` then renders each branch's reason by evaluating only that schema again,
/// not the branch; a passing one only paid for a few stores per failed branch.
struct BranchRecording {
    /// One branch's first failure.
    struct Failure {
        var schema: Int
        var node: Int
        var pathCount: Int
        /// The instance path's steps past the `anyOf`/`oneOf`'s own, in ``BranchRecording/pathSteps``.
        var pathSteps: Range<Int>
        var trailCount: Int
        /// The references crossed past the `anyOf`/`oneOf`'s own, in ``BranchRecording/trailSteps``.
        var trailSteps: Range<Int>
        var depth: Int
        var inPlaceDepth: Int
        var sensitive: Int
        /// `false` when evaluating the schema alone would not fail as it did: a depth limit
        /// (the stack is shallower later), annotations it was handed, a dynamic scope. The
        /// branch is then evaluated again whole, as before.
        var rerunnable: Bool
    }

    /// The probed branch's failure, once it failed.
    var current: Failure?
    /// Per branch probed so far: its failure (`nil` when it passed).
    private(set) var failures: [Failure?] = []
    private(set) var pathSteps: [PathStep] = []
    private(set) var trailSteps: [ReferenceStep] = []
    /// The `anyOf`/`oneOf`'s own path and trail depths.
    private(set) var pathStart = 0
    private(set) var trailStart = 0

    /// Starts recording for an `anyOf`/`oneOf` at the given path and trail depths.
    mutating func start(pathCount: Int, trailCount: Int) {
        failures.removeAll(keepingCapacity: true)
        pathSteps.removeAll(keepingCapacity: true)
        trailSteps.removeAll(keepingCapacity: true)
        pathStart = pathCount
        trailStart = trailCount
    }

    /// After a branch was probed.
    mutating func endBranch(passed: Bool) {
        failures.append(passed ? nil : current)
        current = nil
    }

    /// Records `failure` as the probed branch's, with the path and trail steps past the start.
    mutating func record(_ failure: Failure, stacksOf sink: ViolationSink) {
        var failure = failure
        let capacity = ViolationSink.pathCapacity
        let pathFirst = pathSteps.count
        for index in pathStart..<max(pathStart, min(failure.pathCount, capacity)) { pathSteps.append(sink.path[index]) }
        failure.pathSteps = pathFirst..<pathSteps.count
        let trailFirst = trailSteps.count
        for index in trailStart..<max(trailStart, min(failure.trailCount, capacity)) { trailSteps.append(sink.trail[index]) }
        failure.trailSteps = trailFirst..<trailSteps.count
        current = failure
    }
}

extension Evaluator {
    /// Most branches a failed `anyOf`/`oneOf` message names one by one.
    static let maxBranchReasons = 16
    /// Longest text kept of one branch's reason (a branch's own `anyOf` nests its reasons).
    static let maxBranchReasonLength = 240

    /// Called by an `anyOf`/`oneOf` before it probes its branches: when its failure would give
    /// branch reasons (it reports, and is not itself being explained), starts recording where
    /// each branch fails.
    /// - Returns: whether it records (``probeBranch(_:_:_:collect:recording:)`` is told).
    @inline(__always)
    mutating func startRecordingBranches() -> Bool {
        guard quiet == 0 && explaining == 0 else { return false }
        sink.branchRecording.start(pathCount: pathCount, trailCount: sink.trailCount.pointee)
        return true
    }

    /// Records that schema `s` failed at `node` in the probed branch, unless a schema inside it
    /// already did (the innermost failure is the one a reporting evaluation reports first).
    /// - Parameters: the evaluation state as `s` was entered.
    @inline(never)
    mutating func noteBranchFailure(
        _ s: Int, _ node: Int, depth: Int = 0, inPlaceDepth: Int = 0, sensitive: Int = 0, rerunnable: Bool = true
    ) {
        guard sink.branchRecording.current == nil else { return }
        sink.branchRecording.record(
            BranchRecording.Failure(
                schema: s, node: node, pathCount: pathCount, pathSteps: 0..<0, trailCount: sink.trailCount.pointee,
                trailSteps: 0..<0, depth: depth, inPlaceDepth: inPlaceDepth, sensitive: sensitive,
                rerunnable: rerunnable && !usesDynamicScope),
            stacksOf: sink)
    }

    /// ``probe(_:_:_:collect:)`` of one branch of an `anyOf`/`oneOf`, recording where it fails
    /// when `recording` (``startRecordingBranches()``).
    /// Past the branches a message names (``maxBranchReasons``) nothing is recorded, so the
    /// recording holds at most that many instance paths whatever the number of branches.
    @inline(__always)
    mutating func probeBranch(_ s: Int, _ node: Int, _ annotations: inout Annotations, collect: Bool, recording: Bool) -> Bool {
        guard recording else { return probe(s, node, &annotations, collect: collect) }
        sink.branchRecording.current = nil
        recordingBranch = sink.branchRecording.failures.count < Self.maxBranchReasons
        let passed = probe(s, node, &annotations, collect: collect)
        recordingBranch = false
        sink.branchRecording.endBranch(passed: passed)
        return passed
    }

    /// ``noteBranchFailure(_:_:depth:inPlaceDepth:sensitive:rerunnable:)`` for a schema that
    /// fails before it is entered (on its type, or `false`).
    mutating func noteBranchFailureBeforeEntry(_ s: Int, _ node: Int) {
        noteBranchFailure(s, node, depth: depth, inPlaceDepth: inPlaceDepth, sensitive: sensitive)
    }

    /// Why each branch of a failed `anyOf`/`oneOf` failed: for each, the innermost schema that
    /// failed in it (``BranchRecording``) evaluated again, this time reporting and stopping at
    /// its first violation, which is taken back out of the sink; a branch whose failure cannot
    /// be taken up so is evaluated again whole. Runs only when the failure is reported (never
    /// inside another applicator's quiet evaluation), so valid instances and `isValid` never
    /// pay for it.
    /// - Parameters:
    ///   - list: the branches' schema indices.
    ///   - node: the instance node.
    /// - Returns: `" (0: /a: reason [code]; 1: …)"`, or `""` when nothing was reported.
    mutating func branchReasons(_ list: PoolRange, _ node: Int) -> String {
        var parts: [String] = []
        let savedFailFast = failFast
        failFast = true
        explaining += 1
        defer {
            failFast = savedFailFast
            explaining -= 1
        }
        let recorded = sink.branchRecording.failures.count == list.count ? sink.branchRecording.failures : []
        for (position, index) in list.range.enumerated() {
            guard position < Self.maxBranchReasons else {
                parts.append("and \(Int(list.count) - position) more")
                break
            }
            let before = sink.count
            if position < recorded.count, let failure = recorded[position], failure.rerunnable {
                evaluateAgain(failure)
            }
            if sink.count == before {
                var ignored = Annotations()
                _ = evaluate(Int(lists[index]), node, &ignored, collect: false)
            }
            guard sink.count > before else { continue }
            let instanceLocation = sink.instanceLocation(before)
            let message = sink.message(before)
            let code = sink.records[before].code
            sink.removeViolations(from: before)
            var reason = String(position)
            reason.reserveCapacity(instanceLocation.utf8.count + message.utf8.count + 32)
            reason += ": "
            if !instanceLocation.isEmpty {
                reason += instanceLocation
                reason += ": "
            }
            reason += message
            // Characters are counted only past as many bytes (no more bytes, no more characters).
            if reason.utf8.count > Self.maxBranchReasonLength && reason.count > Self.maxBranchReasonLength {
                reason = String(reason.prefix(Self.maxBranchReasonLength)) + "…"
            }
            reason += " ["
            reason += code.rawValue
            reason += "]"
            parts.append(reason)
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    /// Evaluates a recorded failure's schema again in the state it failed in, then puts the
    /// state back.
    private mutating func evaluateAgain(_ failure: BranchRecording.Failure) {
        let saved = (pathCount, sink.trailCount.pointee, depth, inPlaceDepth, sensitive, stackRoomUntil, stackCheckedAt)
        defer {
            (pathCount, sink.trailCount.pointee, depth, inPlaceDepth, sensitive, stackRoomUntil, stackCheckedAt) = saved
        }
        for (offset, step) in sink.branchRecording.pathSteps[failure.pathSteps].enumerated() {
            sink.path[sink.branchRecording.pathStart + offset] = step
        }
        for (offset, step) in sink.branchRecording.trailSteps[failure.trailSteps].enumerated() {
            sink.trail[sink.branchRecording.trailStart + offset] = step
        }
        pathCount = failure.pathCount
        sink.trailCount.pointee = failure.trailCount
        depth = failure.depth
        inPlaceDepth = failure.inPlaceDepth
        sensitive = failure.sensitive
        var ignored = Annotations()
        _ = evaluate(failure.schema, failure.node, &ignored, collect: false)
    }
}
