import Benchmark

/// The entry point package-benchmark looks for: one registration function per hot path,
/// each in its own file (`<Part>Benchmarks.swift`).
nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    // What CI (`scripts/bench-check`) allows above a committed threshold in `Thresholds/`, on the
    // one metric it checks, the malloc count (p90): at most 2 allocations and at most 2 % more,
    // both must hold. Two runs on the shared 2-core VM gave identical counts for every hot path;
    // wall time jitters 2× there, so nothing automatic reads it.
    Benchmark.defaultConfiguration.thresholds = [
        .mallocCountTotal: BenchmarkThresholds(relative: [.p90: 2.0], absolute: [.p90: 2])
    ]
    registerMessagesBenchmarks()
    registerGuardBenchmarks()
    registerFilesBenchmarks()
    registerContractBenchmarks()
    registerEmailBenchmarks()
    registerTextBenchmarks()
    registerPipelineBenchmarks()
}
