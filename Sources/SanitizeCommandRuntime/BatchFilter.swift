package import SanitizeKit

/// Runs a ``RecordFilter`` over a ``RecordBatch`` and renders what `sanitize filter` writes:
/// the output records, the report lines, and the counts.
package struct BatchFilter: Sendable {
    /// What one batch produced.
    package struct Result: Sendable {
        /// Bytes for standard output: records, each ending in `\n`.
        package var output: [UInt8] = []
        /// Bytes for the report: one NDJSON line per violation.
        package var report: [UInt8] = []
        /// Counts for the summary.
        package var statistics = FilterStatistics()
        /// With ``InvalidRecordPolicy/fail``: an invalid record was met and the batch stopped
        /// there (its output holds only the records before it).
        package var stopped = false
        /// A copy in the batch did not hold the lines its reader counted
        /// (``RecordBatch/forEach(_:bufferEnds:)``): nothing of it may be written.
        package var inputChanged = false
        /// ``FilterStatistics/invalidByCode`` while the batch runs: a few codes, found by
        /// comparing strings that are mostly the same literals, not by hashing one per record.
        fileprivate var codeCounts: [(code: String, count: Int)] = []

        /// Per compiled violation (``RecordFilter/Decision/refusedAtScan(_:)``), the invalid
        /// records it refused: counted by the verdict's index, and under its code once the
        /// batch is done (no string compared, retained or released per record).
        fileprivate var verdictCounts: [Int] = []

        /// Counts an invalid record under the code of its first violation.
        fileprivate mutating func countInvalid(code: String) {
            statistics.invalid += 1
            if let index = codeCounts.firstIndex(where: { $0.code == code }) {
                codeCounts[index].count += 1
            } else {
                codeCounts.append((code, 1))
            }
        }

        /// Counts an invalid record refused by compiled violation `verdict`.
        fileprivate mutating func countInvalid(verdict: Int) {
            statistics.invalid += 1
            if verdict >= verdictCounts.count { verdictCounts.append(contentsOf: repeatElement(0, count: verdict + 1 - verdictCounts.count)) }
            verdictCounts[verdict] += 1
        }
    }

    package let filter: RecordFilter
    package let policy: InvalidRecordPolicy
    package let maxRecordBytes: Int
    /// The input file, named in report lines when there are several inputs.
    package let fileName: String?
    /// `--report-key`: the member that names each record in its report lines.
    package let reportKey: ReportKey?
    /// `--line-offset`: added to every line number in the report.
    package let lineOffset: Int

    package init(
        filter: RecordFilter, policy: InvalidRecordPolicy, maxRecordBytes: Int, fileName: String?,
        reportKey: ReportKey? = nil, lineOffset: Int = 0
    ) {
        self.filter = filter
        self.policy = policy
        self.maxRecordBytes = maxRecordBytes
        self.fileName = fileName
        self.reportKey = reportKey
        self.lineOffset = lineOffset
    }

    /// Processes every record of the batch, in order.
    /// - Parameters:
    ///   - batch: the records.
    ///   - pool: where the result's buffers come from, when the caller hands them back there
    ///     once written (``ByteBufferPool``); `nil` for new ones.
    package func process(_ batch: RecordBatch, buffers pool: ByteBufferPool? = nil) -> Result {
        var result = Result()
        let capacity = batch.byteCount + batch.count  // most records come out as they went in
        if let pool {
            result.output = pool.take(capacity: capacity)
            result.report = pool.take(capacity: 0)
        } else {
            result.output.reserveCapacity(capacity)
        }
        var workspace = RecordFilter.Workspace()
        var middles = ReportLineMiddles()
        // Records written as they came (passed, or kept), written together once something else
        // is to be written (before it, so the output keeps the input's order) or their buffer ends.
        var run = PassedRun()
        // Asked from a local (and handed to `handleInvalid`): through `self` the closure copied
        // the whole filter (272 bytes) to its stack for every record it decided.
        let filter = self.filter
        let needingDocument = reportKey != nil
        let intact = batch.forEach { record in
            guard !result.stopped else { return }
            switch record {
            case .oversized(let number, let byteCount):
                result.statistics.bytesIn += byteCount + 1
                let violation = Violation(
                    instanceLocation: "", keywordLocation: "", absoluteKeywordLocation: "", code: .recordTooLarge,
                    message: "record is \(byteCount) bytes, over the limit of \(maxRecordBytes) (--max-record-bytes)")
                handleInvalid(
                    filter, line: number, original: nil, decision: .unparsable(violation), workspace: &workspace,
                    middles: &middles, run: &run, into: &result)
            case .line(let number, let bytes):
                result.statistics.bytesIn += bytes.count + 1
                if Self.isBlank(bytes) {
                    result.statistics.blankLines += 1
                    return
                }
                result.statistics.recordsIn += 1
                // Decided before anything is written: a valid record is written once, an
                // invalid one only as the policy asks (never, with `drop`).
                let decision = filter.decide(bytes, in: &workspace, needingDocument: needingDocument)
                if case .passedAsIs = decision {
                    // Its bytes as they came, as `write` writes them (without being handed the
                    // workspace: a copy, from this closure).
                    run.add(bytes, writingTo: &result.output)
                    result.statistics.recordsOut += 1
                    return
                }
                if decision.isValid {
                    run.write(to: &result.output)
                    filter.write(decision, bytes, from: workspace, to: &result.output)
                    result.output.append(0x0A)
                    result.statistics.recordsOut += 1
                } else {
                    // The workspace holds the sanitized record, where the report key is read.
                    handleInvalid(
                        filter, line: number, original: bytes, decision: decision, workspace: &workspace, middles: &middles,
                        run: &run, into: &result)
                }
            }
        } bufferEnds: {
            run.write(to: &result.output)
        }
        for (code, count) in result.codeCounts { result.statistics.invalidByCode[code, default: 0] += count }
        for (verdict, count) in result.verdictCounts.enumerated() where count > 0 {
            result.statistics.invalidByCode[filter.code(ofVerdict: verdict).rawValue, default: 0] += count
        }
        result.inputChanged = !intact
        return result
    }

    /// Reports an invalid record and writes what the policy asks for.
    /// - Parameters:
    ///   - filter: ``filter``, handed from ``process(_:buffers:)``'s local so that it is not copied.
    ///   - original: the record's bytes, `nil` for an oversized line.
    ///   - decision: the filter's decision.
    ///   - workspace: the workspace that decided, holding the sanitized record when it parsed
    ///     (`inout` only so that it is not copied: it is not changed).
    ///   - middles: the report lines' keyword members rendered so far in this batch.
    ///   - run: the records passed as they came and not yet written: a record kept as it came
    ///     joins them; anything else is written after them.
    private func handleInvalid(
        _ filter: RecordFilter, line: Int, original: UnsafeRawBufferPointer?, decision: RecordFilter.Decision,
        workspace: inout RecordFilter.Workspace, middles: inout ReportLineMiddles, run: inout PassedRun, into result: inout Result
    ) {
        // An invalid record's commonest report: one compiled violation, at a place whose line
        // end this batch wrote before (no list of violations read, one copy).
        if reportKey == nil, policy != .annotate, case .refusedAtScan(let verdict) = decision {
            result.countInvalid(verdict: verdict)
            Self.appendLineStart(line: lineOffset + line, fileName: fileName, key: nil, to: &result.report)
            let copied = filter.withCompiledPlace(of: verdict, in: &workspace) { pointer, shown in
                middles.appendEnd(verdict: verdict, pointer: pointer, shown: shown, to: &result.report)
            }
            if !copied {
                var end: [UInt8] = []
                Self.appendLineEnd(filter.reportedViolations(of: decision, in: workspace), 0, middles: &middles, to: &end)
                filter.withCompiledPlace(of: verdict, in: &workspace) { pointer, shown in
                    middles.keepEnd(end, verdict: verdict, pointer: pointer, shown: shown)
                }
                result.report.append(contentsOf: end)
            }
            if applyPolicy(hasBytes: original != nil, into: &result), let original { run.add(original, writingTo: &result.output) }
            return
        }
        let violations = filter.reportedViolations(of: decision, in: workspace)
        // Where the report key is read: the sanitized record as the decision parsed it (a
        // located record's document is partial, and ``ReportKey`` reads into the containers it
        // stepped over; no step changed such a record).
        var parsed: JSONDocument?
        if reportKey != nil {
            switch decision {
            case .parsed, .located, .refusedAtScan: parsed = workspace.document
            case .passedAsIs, .unparsable: parsed = nil
            }
        }
        // An oversized line was never counted on the way in (it has no bytes here).
        if original == nil { result.statistics.recordsIn += 1 }
        result.countInvalid(code: violations.count == 0 ? "invalid" : violations.code(0).rawValue)
        var key: [UInt8]?
        if let reportKey {
            var value: [UInt8] = []
            if !reportKey.appendValue(in: parsed, limits: filter.limits, to: &value) { result.statistics.reportKeyNull += 1 }
            key = value
        }
        for index in 0..<violations.count {
            Self.appendReportLine(
                line: lineOffset + line, fileName: fileName, key: key, violations: violations, index, middles: &middles,
                to: &result.report)
        }
        guard policy == .annotate else {
            if applyPolicy(hasBytes: original != nil, into: &result), let original { run.add(original, writingTo: &result.output) }
            return
        }
        var sanitized: [UInt8]?
        if let original {
            var bytes: [UInt8] = []
            if filter.write(decision, original, from: workspace, to: &bytes) { sanitized = bytes }
        }
        run.write(to: &result.output)
        Self.annotate(RecordFilter.Outcome(sanitized: sanitized, violations: violations.all), into: &result.output)
        result.output.append(0x0A)
        result.statistics.recordsOut += 1
    }

    /// What the policy does with an invalid record once it is reported, but `annotate` (which
    /// writes its violations: ``handleInvalid(_:line:original:decision:workspace:middles:run:into:)``).
    /// - Parameter hasBytes: whether the record has bytes to keep (an oversized line has none).
    /// - Returns: whether the record is written as it came (`keep`): counted here, written by the caller.
    private func applyPolicy(hasBytes: Bool, into result: inout Result) -> Bool {
        switch policy {
        case .drop, .annotate:
            return false
        case .fail:
            result.stopped = true
            return false
        case .keep:
            if hasBytes { result.statistics.recordsOut += 1 }
            return hasBytes
        }
    }

    /// Appends one report line: the line number (and the file, with several inputs, and the
    /// record's key, with `--report-key`), then the members ``appendMembers(of:to:)`` writes.
    static func appendReportLine(
        line: Int, fileName: String?, key: [UInt8]? = nil, violation: Violation, to out: inout [UInt8]
    ) {
        appendLineStart(line: line, fileName: fileName, key: key, to: &out)
        out.append(0x2C)
        appendMembers(of: violation, to: &out)
        JSONWriter.appendLiteral("}\n", to: &out)
    }

    /// As ``appendReportLine(line:fileName:key:violation:to:)`` for violation `index` of
    /// `violations`, read where the decision left it (no ``Violation`` built), copying the
    /// members that follow from its keyword and code from `middles` (``ReportLineMiddles``).
    static func appendReportLine(
        line: Int, fileName: String?, key: [UInt8]?, violations: ReportedViolations, _ index: Int, middles: inout ReportLineMiddles,
        to out: inout [UInt8]
    ) {
        appendLineStart(line: line, fileName: fileName, key: key, to: &out)
        appendLineEnd(violations, index, middles: &middles, to: &out)
    }

    /// A report line from its instance location on, for violation `index` of `violations`.
    private static func appendLineEnd(
        _ violations: ReportedViolations, _ index: Int, middles: inout ReportLineMiddles, to out: inout [UInt8]
    ) {
        JSONWriter.appendLiteral(#","instanceLocation":""#, to: &out)
        violations.appendInstanceLocation(index, escaped: true, to: &out)
        let (path, keyword) = violations.keywordLocationParts(index)
        middles.append(path: path, keyword: keyword, code: violations.code(index), to: &out)
        violations.appendMessage(index, escaped: true, to: &out)
        JSONWriter.appendLiteral("\"}\n", to: &out)
    }

    /// A report line up to its first violation member: `{"line":…` and, when given, `"file"`
    /// and `"key"`.
    private static func appendLineStart(line: Int, fileName: String?, key: [UInt8]?, to out: inout [UInt8]) {
        JSONWriter.appendLiteral(#"{"line":"#, to: &out)
        JSONWriter.appendDecimal(line, to: &out)
        if let fileName {
            JSONWriter.appendLiteral(#","file":""#, to: &out)
            JSONWriter.appendEscaped(fileName, to: &out)
            out.append(0x22)
        }
        if let key {
            JSONWriter.appendLiteral(#","key":"#, to: &out)
            out.append(contentsOf: key)
        }
    }

    /// Appends the members that describe one violation, as a report line and `_violations`
    /// show them, written straight as bytes (no braces): `instanceLocation`, `keywordLocation`,
    /// `keyword` (``keyword(of:)``, `null` when there is none), `code` and `message`.
    static func appendMembers(of violation: Violation, to out: inout [UInt8]) {
        JSONWriter.appendLiteral(#""instanceLocation":""#, to: &out)
        JSONWriter.appendEscaped(violation.instanceLocation, to: &out)
        let (path, keyword) = violation.keywordLocationParts
        appendKeywordMembers(path: path, keyword: keyword, code: violation.code, to: &out)
        JSONWriter.appendEscaped(violation.message, to: &out)
        out.append(0x22)
    }

    /// Appends what follows from a violation's keyword location (in its two parts,
    /// ``Violation/keywordLocationParts``) and code alone, from the end of the instance
    /// location's string to the start of the message's:
    /// `","keywordLocation":"…","keyword":…,"code":"…","message":"`.
    static func appendKeywordMembers(path: String, keyword: String, code: Violation.Code, to out: inout [UInt8]) {
        JSONWriter.appendLiteral(#"","keywordLocation":""#, to: &out)
        JSONWriter.appendEscaped(path, to: &out)
        if !keyword.isEmpty {
            out.append(UInt8(ascii: "/"))
            JSONWriter.appendEscaped(keyword, to: &out)
        }
        JSONWriter.appendLiteral(#"","keyword":"#, to: &out)
        if !appendKeyword(path: path, keyword: keyword, to: &out) { JSONWriter.appendLiteral("null", to: &out) }
        JSONWriter.appendLiteral(#","code":""#, to: &out)
        JSONWriter.appendEscaped(code.rawValue, to: &out)
        JSONWriter.appendLiteral(#"","message":""#, to: &out)
    }

    /// The keyword a violation names: the last non-empty segment of its keyword location.
    static func keyword(of violation: Violation) -> String? {
        keywordText(of: violation.keywordLocation).map(String.init)
    }

    /// ``keyword(of:)`` of a keyword location, as a slice of it: no string is built.
    private static func keywordText(of keywordLocation: String) -> Substring? {
        let location = keywordLocation.utf8
        var end = location.endIndex
        while end > location.startIndex, location[location.index(before: end)] == UInt8(ascii: "/") {
            end = location.index(before: end)
        }
        guard end > location.startIndex else { return nil }
        let start = location[..<end].lastIndex(of: UInt8(ascii: "/")).map { location.index(after: $0) } ?? location.startIndex
        return Substring(location[start..<end])
    }

    /// Appends ``keyword(of:)`` of the keyword location `path` and `keyword` make, as a JSON
    /// string.
    /// - Returns: `false` when the location names no keyword (nothing is appended).
    private static func appendKeyword(path: String, keyword: String, to out: inout [UInt8]) -> Bool {
        // The keyword the evaluator named is the location's last token, unless it holds a `/`.
        var named = keyword
        if !named.isEmpty && !named.withUTF8({ $0.contains(UInt8(ascii: "/")) }) {
            out.append(0x22)
            JSONWriter.appendEscaped(named, to: &out)
            out.append(0x22)
            return true
        }
        // The location's bytes in place (its last non-empty token, as ``keywordText(of:)``
        // finds it), rather than through a `Substring`'s generic views.
        let location = Violation.joined(path, keyword)
        let appended = location.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            guard end > 0 else { return false }
            var start = end
            while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            out.append(0x22)
            JSONWriter.appendEscaped(bytes[start..<end], to: &out)
            out.append(0x22)
            return true
        }
        if let appended { return appended }
        guard let text = keywordText(of: location) else { return false }
        out.append(0x22)
        JSONWriter.appendEscaped(text.utf8, to: &out)
        out.append(0x22)
        return true
    }

    /// Writes the sanitized record with a `_violations` member (a list of objects with the
    /// members of ``appendMembers(of:to:)``): appended to an object, or around anything else
    /// as `{"_record": …, "_violations": […]}`.
    static func annotate(_ outcome: RecordFilter.Outcome, into output: inout [UInt8]) {
        if let sanitized = outcome.sanitized {
            if sanitized.first == 0x7B, sanitized.last == 0x7D {
                output.append(contentsOf: sanitized[..<(sanitized.count - 1)])
                if sanitized.count > 2 { output.append(0x2C) }
            } else {
                JSONWriter.appendLiteral(#"{"_record":"#, to: &output)
                output.append(contentsOf: sanitized)
                output.append(0x2C)
            }
        } else {
            output.append(0x7B)
        }
        JSONWriter.appendLiteral(#""_violations":["#, to: &output)
        for (index, violation) in outcome.violations.enumerated() {
            if index > 0 { output.append(0x2C) }
            output.append(0x7B)
            appendMembers(of: violation, to: &output)
            output.append(0x7D)
        }
        JSONWriter.appendLiteral("]}", to: &output)
    }

    /// Whether a line holds only spaces, tabs and carriage returns (or nothing): skipped, not a record.
    static func isBlank(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
