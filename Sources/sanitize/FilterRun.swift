import Foundation
import SanitizeCommandRuntime
import SanitizeKit

/// The consuming side of `sanitize filter`: writes batch results in order, keeps the counts,
/// and draws the progress line.
final class FilterRun {
    private(set) var statistics = FilterStatistics()
    private(set) var stopped = false
    private var output = OutputWriter(descriptor: 1)
    private var errorOutput = OutputWriter(descriptor: 2, onBrokenPipe: { SystemCalls.terminate(status: 2) })
    /// Where violations go: standard error, standard output's writer, or a file's own writer.
    private let reportDestination: FilterDestinations.Report
    /// The report file's writer, with ``FilterDestinations/Report/file(_:)``.
    private var reportWriter: OutputWriter?
    private var progress: ProgressLine?
    private let started = Date()
    /// Whether `--report-key` is on, so that the summary counts its `null` keys.
    private let countsNullKeys: Bool

    /// Creates the run.
    /// - Parameters:
    ///   - progress: the progress line, when standard error is a terminal.
    ///   - report: where the report lines go (``FilterDestinations/check(inputs:report:)``).
    ///   - countsNullKeys: `--report-key` is on: the summary gives `reportKeyNull`.
    /// - Throws: ``SanitizeError`` `io` when the report file cannot be created.
    init(progress: ProgressLine?, report: FilterDestinations.Report, countsNullKeys: Bool = false) throws {
        self.progress = progress
        self.countsNullKeys = countsNullKeys
        reportDestination = report
        if case .file(let reportPath) = report {
            let shown = RawArguments.displayName(reportPath)
            let descriptor = try RawArguments.openForWriting(reportPath) {
                SanitizeError(.io, "cannot open the report file: \($0)", at: .init(file: shown))
            }
            CommandLineContract.name(descriptor: descriptor, as: shown)
            reportWriter = OutputWriter(descriptor: descriptor)
        }
    }

    /// Writes one batch's records and report lines; returns `false` to stop (on `fail`).
    func consume(_ result: BatchFilter.Result) throws -> Bool {
        // Made from a mapped file that shrank or changed meanwhile: not a byte of it is written.
        if result.inputChanged { throw RecordBatchReader.changedInput }
        statistics.merge(result.statistics)
        try output.write(result.output)
        // Into standard output's file: after the batch's records, through the same writer (one offset, whole lines).
        if reportDestination == .standardOutput { try output.write(result.report) }
        try output.flush()  // whole batches only, so an interrupted run ends on a record boundary
        if !result.report.isEmpty {
            switch reportDestination {
            case .file:
                try reportWriter?.write(result.report)
            case .standardOutput:
                break
            case .standardError:
                progress?.clear(&errorOutput)
                try errorOutput.write(result.report)
                try errorOutput.flush()
            }
        }
        progress?.update(statistics, since: started, on: &errorOutput)
        if result.stopped { stopped = true }
        return !result.stopped
    }

    /// Flushes everything and clears the progress line.
    func finish() throws {
        try output.flush()
        try reportWriter?.flush()
        progress?.clear(&errorOutput)
        try errorOutput.flush()
    }

    /// The `--stats` summary: one JSON line.
    func summary() -> String {
        let seconds = max(Date().timeIntervalSince(started), 1e-6)
        let megabytes = Double(statistics.bytesIn) / 1_000_000
        let codes = statistics.invalidByCode.sorted { $0.key < $1.key }
            .map { JSONValue.Member($0.key, .number(String($0.value))) }
        let value = JSONValue.object([
            .init(
                "stats",
                .object([
                    .init("recordsIn", .number(String(statistics.recordsIn))),
                    .init("recordsOut", .number(String(statistics.recordsOut))),
                    .init("invalid", .number(String(statistics.invalid))),
                    .init("invalidByCode", .object(codes)),
                    .init("blankLines", .number(String(statistics.blankLines))),
                    .init("bytesIn", .number(String(statistics.bytesIn))),
                ] + (countsNullKeys ? [.init("reportKeyNull", .number(String(statistics.reportKeyNull)))] : []) + [
                    .init("seconds", .number(String(format: "%.3f", seconds))),
                    .init("megabytesPerSecond", .number(String(format: "%.1f", megabytes / seconds))),
                    .init("recordsPerSecond", .number(String(format: "%.0f", Double(statistics.recordsIn) / seconds))),
                    .init("peakRSSBytes", .number(String(PeakMemory.residentBytes()))),
                ])),
        ])
        return value.jsonText
    }
}

/// The progress line shown on a terminal: records/s and the invalid count, redrawn at most
/// twice a second.
struct ProgressLine {
    private var lastDraw = Date.distantPast
    private var drawn = false

    mutating func update(_ statistics: FilterStatistics, since start: Date, on writer: inout OutputWriter) {
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.5 else { return }
        lastDraw = now
        let rate = Double(statistics.recordsIn) / max(now.timeIntervalSince(start), 1e-6)
        try? writer.write(
            "\r\u{1B}[Ksanitize filter: \(statistics.recordsIn) records, \(statistics.invalid) invalid, "
                + "\(Int(rate)) records/s")
        try? writer.flush()
        drawn = true
    }

    mutating func clear(_ writer: inout OutputWriter) {
        guard drawn else { return }
        try? writer.write("\r\u{1B}[K")
        try? writer.flush()
        drawn = false
    }
}

/// The process's own peak resident memory.
///
/// On Linux this is `VmHWM` from `/proc/self/status`: `getrusage`'s `ru_maxrss` survives
/// `execve`, so a filter started by a large process (through `posix_spawn`, as Foundation's
/// `Process` does) would report its parent's peak. Elsewhere, and when `/proc` is not
/// there, it is `ru_maxrss` (kilobytes on Linux, bytes on Darwin).
enum PeakMemory {
    static func residentBytes() -> Int {
        #if os(Linux)
            if let kilobytes = highWaterMarkKilobytes() { return kilobytes * 1024 }
        #endif
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            return Int(usage.ru_maxrss) * 1024
        #else
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)
        #endif
    }

    /// The `VmHWM:` line of `/proc/self/status`, in kilobytes.
    private static func highWaterMarkKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:\t   24384 kB": the number between the tab and spaces and the unit.
            let fields = line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            return fields.first.flatMap { Int($0) }
        }
        return nil
    }
}
