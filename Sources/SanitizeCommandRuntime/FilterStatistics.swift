/// Counts kept by `sanitize filter`, merged batch by batch.
package struct FilterStatistics: Sendable {
    /// Records read (blank lines not counted).
    package var recordsIn = 0
    /// Records written.
    package var recordsOut = 0
    /// Records that were not valid.
    package var invalid = 0
    /// Blank lines skipped.
    package var blankLines = 0
    /// Bytes read, newlines included.
    package var bytesIn = 0
    /// Invalid records by the code of their first violation.
    package var invalidByCode: [String: Int] = [:]
    /// Invalid records whose `--report-key` was `null` (missing, not a scalar, too long, not JSON).
    package var reportKeyNull = 0

    package init() {}

    /// Adds another batch's counts.
    package mutating func merge(_ other: FilterStatistics) {
        recordsIn += other.recordsIn
        recordsOut += other.recordsOut
        invalid += other.invalid
        blankLines += other.blankLines
        bytesIn += other.bytesIn
        invalidByCode.merge(other.invalidByCode, uniquingKeysWith: +)
        reportKeyNull += other.reportKeyNull
    }
}
