import Benchmark

/// The entry point package-benchmark looks for: one registration function per hot path,
/// each in its own file (`<Part>Benchmarks.swift`).
nonisolated(unsafe) let benchmarks: @Sendable () -> Void = {
    registerMessagesBenchmarks()
    registerGuardBenchmarks()
    registerFilesBenchmarks()
    registerContractBenchmarks()
    registerEmailBenchmarks()
    registerTextBenchmarks()
    registerPipelineBenchmarks()
}
