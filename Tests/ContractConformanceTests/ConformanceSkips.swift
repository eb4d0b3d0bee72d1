/// The one place that lists what of the JSON-Schema-Test-Suite is not run, and why.
enum ConformanceSkips {
    /// Whole files (paths below `tests/`) that are not run.
    static let files: [String: String] = [:]

    /// Test groups (`file#group description`) that are not run.
    static let groups: [String: String] = [:]
}
