import Foundation

/// The one place that lists what of the JSON-Schema-Test-Suite is not run, and why.
///
/// Every required file runs; what is listed here is optional upstream.
enum ConformanceSkips {
    static let unimplementedFormat =
        "optional format not implemented: it stays an annotation (we assert date, time, date-time, duration, ipv4, ipv6, hostname, email, idn-email, uri, uri-reference, uuid, json-pointer, regex)"

    /// The formats with no implementation here, each skipped in every dialect folder that has it.
    static let unimplementedFormats = [
        "idn-hostname", "iri", "iri-reference", "relative-json-pointer", "uri-template",
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

    /// Why `idn-email` refuses three addresses the suite calls valid: RFC 6531's grammar admits
    /// them; the email part's `international` rules (issue #21, docs/email.md) do not.
    static let idnEmailSafety =
        "idn-email uses the international email rules: unsafe characters (Cc, Cn) and non-NFC local parts are refused (docs/email.md)"

    /// Single tests (`file#group description#test description`) whose expected verdict we
    /// differ from on purpose; they run and must give the opposite verdict.
    static let opposite: [String: String] = {
        let group = "validation of an internationalized e-mail addresses"
        let tests = [
            "a local part that is not in Unicode NFC is valid", "a C1 control in the local part is valid",
            "a noncharacter in the local part is valid",
        ]
        var opposite: [String: String] = [:]
        for folder in dialectFolders {
            let path = "\(folder)/optional/format/idn-email.json"
            guard FileManager.default.fileExists(atPath: TestSuiteRunner.root.appendingPathComponent("tests/\(path)").path)
            else { continue }
            for test in tests { opposite["\(path)#\(group)#\(test)"] = idnEmailSafety }
        }
        return opposite
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
