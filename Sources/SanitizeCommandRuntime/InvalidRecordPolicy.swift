/// What `sanitize filter` does with a record that is not valid.
package enum InvalidRecordPolicy: String, Sendable, CaseIterable {
    /// The record is not written (the default).
    case drop
    /// The record is written unchanged, as it was read.
    case keep
    /// The sanitized record is written with a `"_violations"` member listing what was wrong.
    case annotate
    /// The filter stops at the first invalid record, after writing the records before it.
    case fail
}
