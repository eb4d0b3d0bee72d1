import Foundation

/// The one place that lists what of the JSON-Schema-Test-Suite is not run, and why.
///
/// Every required file runs; what is listed here is optional upstream.
enum ConformanceSkips {
    static let unimplementedFormat =
        "optional format not implemented: it stays an annotation (we assert date, time, date-time, duration, ipv4, ipv6, hostname, email, uri, uri-reference, uuid, json-pointer, regex)"

    /// The formats with no implementation here, each skipped in every dialect folder that has it.
    static let unimplementedFormats = [
        "idn-email", "idn-hostname", "iri", "iri-reference", "relative-json-pointer", "uri-template",
    ]
    static let dialectFolders = ["draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"]

    /// Whole files (paths below `tests/`) that are not run.
    static let files: [String: String] = {
        var files: [String: String] = [
            "draft7/optional/content.json":
                "contentEncoding/contentMediaType are annotations here (draft-07 §8 lets a validator skip them; 2020-12 makes them annotations only)",
        ]
        for folder in dialectFolders {
            for format in unimplementedFormats {
                let path = "\(folder)/optional/format/\(format).json"
                if FileManager.default.fileExists(atPath: TestSuiteRunner.root.appendingPathComponent("tests/\(path)").path) {
                    files[path] = unimplementedFormat
                }
            }
        }
        return files
    }()

    /// Test groups (`file#group description`) that are not run.
    static let groups: [String: String] = [
        "draft2020-12/optional/format/ecmascript-regex.json#ECMA 262 lookbehind is valid, including variable width":
            "PCRE2 10.42 (Debian 12) rejects variable-width lookbehind; 10.43 accepts it",
        "draft7/optional/format/ecmascript-regex.json#ECMA 262 lookbehind is valid, including variable width":
            "PCRE2 10.42 (Debian 12) rejects variable-width lookbehind; 10.43 accepts it",
        "draft2019-09/optional/format/ecmascript-regex.json#ECMA 262 lookbehind is valid, including variable width":
            "PCRE2 10.42 (Debian 12) rejects variable-width lookbehind; 10.43 accepts it",
    ]

    /// Single tests (`file#group#test description`) that are not run.
    static let tests: [String: String] = [
        "draft4/optional/format/hostname.json#validation of host names#hostname with consecutive hyphens (RFC1123)":
            "one hostname rule for every dialect: a label with \"--\" in positions 3–4 must be an A-label (RFC 5891 §4.2.3.1, as the 2019-09+ suites expect); the draft-04/06 suites follow RFC 1123 alone",
        "draft6/optional/format/hostname.json#validation of host names#hostname with consecutive hyphens (RFC1123)":
            "one hostname rule for every dialect: a label with \"--\" in positions 3–4 must be an A-label (RFC 5891 §4.2.3.1, as the 2019-09+ suites expect); the draft-04/06 suites follow RFC 1123 alone",
    ]
}
