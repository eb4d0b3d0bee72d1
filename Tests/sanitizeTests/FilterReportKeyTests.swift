import Foundation
import Testing

/// `sanitize filter --report-key` and `--line-offset`: what lets the reports of shards be
/// joined with their records and merged into one.
@Suite("sanitize filter --report-key, --line-offset")
struct FilterReportKeyTests {
    static let contract = FilterTests.contract

    /// The `id` of each input line that is a JSON object with one (1-based line → id).
    static func ids(of input: [UInt8]) -> [Int: Any] {
        var result: [Int: Any] = [:]
        for (index, line) in input.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], let id = object["id"] {
                result[index + 1] = id
            }
        }
        return result
    }

    /// Runs the filter with a report file; returns the run and the report's entries.
    static func run(_ arguments: [String], stdin: [UInt8]) throws -> (SanitizeRun, [[String: Any]]) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let run = try SanitizeProcess.run(["filter", "--report", report.path] + arguments, stdin: stdin)
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        return (run, try FilterTests.reportEntries(text))
    }

    @Test(
        "every report line carries the record's id, in every mode and with any --jobs",
        arguments: ["drop", "keep", "annotate", "fail"], [1, 3])
    func keysInEveryMode(mode: String, jobs: Int) throws {
        let input = try FilterTests.exampleInput()
        let ids = Self.ids(of: input)
        let (run, entries) = try Self.run(
            ["--contract", Self.contract, "--on-invalid", mode, "--jobs", String(jobs), "--report-key", "/id"], stdin: input)
        #expect(run.status == 1)
        #expect(!entries.isEmpty)
        for entry in entries {
            let line = try #require(entry["line"] as? Int)
            let key = try #require(entry["key"], "line \(line) has no key member")
            if let id = ids[line] {
                #expect((key as? Int) == (id as? Int), "line \(line)")
            } else {
                #expect(key is NSNull, "line \(line) is not JSON: its key is null")
            }
        }
        // Line 7 is not JSON: its key is null; the others have their id.
        #expect(entries.contains { $0["line"] as? Int == 4 && $0["key"] as? Int == 4 } || mode == "fail")
        if mode != "fail" {
            #expect(entries.contains { $0["line"] as? Int == 7 && $0["key"] is NSNull })
        }
    }

    @Test("the key is read after the x-sanitize steps: the value the written record carries")
    func sanitizedKey() throws {
        let input = #"{"id":3,"name":"  Bob\u0007 ","email":"not-an-email"}"# + "\n"
        let (run, entries) = try Self.run(
            ["--contract", Self.contract, "--report-key", "/name", "--on-invalid", "annotate"], stdin: Array(input.utf8))
        #expect(run.status == 1)
        #expect(entries.map { $0["key"] as? String } == ["Bob"])
        #expect(run.output.hasPrefix(#"{"id":3,"name":"Bob","#))
    }

    @Test("a key inside an object the shape check read without a fault (the record was parsed only in part to decide it)")
    func keyInsideASteppedOverObject() throws {
        // `age` fails; `address` is read whole by the scan and stepped over when the record is
        // evaluated, so the key must come from a whole parse of the record.
        let input = #"{"id":9,"name":"Ada","email":"ada@example.com","age":"old","address":{"city":"Paris","country":"FR"}}"# + "\n"
        for mode in ["drop", "annotate"] {
            let (run, entries) = try Self.run(
                ["--contract", Self.contract, "--report-key", "/address/city", "--on-invalid", mode], stdin: Array(input.utf8))
            #expect(run.status == 1)
            #expect(entries.map { $0["key"] as? String } == ["Paris"], "\(mode)")
            #expect(entries.map { $0["instanceLocation"] as? String } == ["/age"])
            if mode == "annotate" { #expect(run.output.hasPrefix(#"{"id":9,"name":"Ada","email":"ada@example.com","age":"old","address":{"city":"Paris","country":"FR"},"_violations":["#)) }
        }
    }

    @Test("missing, non-scalar, over 1 KiB, not JSON, too large: the key is null and --stats counts it")
    func nullKeys() throws {
        let long = String(repeating: "x", count: 1100)
        let lines = [
            #"{"id":"a","bad":1}"#,  // a key: "a"
            #"{"bad":1}"#,  // missing
            #"{"id":{"n":1},"bad":1}"#,  // an object
            #"{"id":[1],"bad":1}"#,  // an array
            #"{"id":"\#(long)","bad":1}"#,  // over 1 KiB
            #"{"id":"b","bad":1"#,  // not JSON
            #"{"id":"c","padding":"\#(String(repeating: "p", count: 3000))"}"#,  // over --max-record-bytes
            #"{"id":"d"}"#,  // valid: no report line
        ]
        let input = Array((lines.joined(separator: "\n") + "\n").utf8)
        let schema = #"{"type":"object","properties":{"id":{}},"additionalProperties":false}"#
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let contract = directory.appendingPathComponent("contract.json")
        try Data(schema.utf8).write(to: contract)
        let (run, entries) = try Self.run(
            ["--contract", contract.path, "--report-key", "/id", "--max-record-bytes", "2000", "--stats", "--on-invalid", "keep"],
            stdin: input)
        #expect(run.status == 1)
        let keys = entries.map { entry -> String in
            let key = entry["key"]
            return key is NSNull ? "null" : (key as? String ?? "?")
        }
        #expect(entries.map { $0["line"] as? Int } == [1, 2, 3, 4, 5, 6, 7])
        #expect(keys == ["a", "null", "null", "null", "null", "null", "null"])
        // Nothing lost: keep writes every record but the oversized one.
        #expect(run.lines.count == 7)
        let stats = try #require(
            JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: [String: Any]])["stats"]
        #expect(stats?["reportKeyNull"] as? Int == 6)
        #expect(stats?["invalid"] as? Int == 7)
    }

    @Test("without --report-key, report lines and --stats are as before (no key, no reportKeyNull)")
    func noKeyByDefault() throws {
        let (run, entries) = try Self.run(["--contract", Self.contract, "--stats"], stdin: try FilterTests.exampleInput())
        #expect(run.status == 1)
        #expect(entries.allSatisfy { $0["key"] == nil })
        #expect(!run.stderr.contains("reportKeyNull"))
    }

    @Test("a sensitive member is refused as a key: exit 2, one line, before any record")
    func sensitiveKeyRefused() throws {
        for pointer in ["/password", "/api_token"] {
            let run = try SanitizeProcess.run(
                ["filter", "--contract", Self.contract, "--report-key", pointer], stdin: try FilterTests.exampleInput())
            #expect(run.status == 2)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(run.stderr.contains("sensitive"))
        }
        let bad = try SanitizeProcess.run(["filter", "--report-key", "id"], input: "{}\n")
        #expect(bad.status == 2)
        #expect(bad.stderr.split(separator: "\n").count == 1)
    }

    @Test("a --report-key that is not UTF-8 is refused (exit 2), not read as another member with U+FFFD")
    func pointerNotUTF8() throws {
        let result = try ShellProcess.run(#"printf '{"\357\277\275":1,"x":1}\n' | "$SANITIZE" filter --report-key $'/\xff'"#)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("not valid UTF-8"))
    }

    @Test("--line-offset N: report lines are numbered from N + 1")
    func lineOffset() throws {
        let input = try FilterTests.exampleInput()
        let (plain, plainEntries) = try Self.run(["--contract", Self.contract], stdin: input)
        let (shifted, shiftedEntries) = try Self.run(["--contract", Self.contract, "--line-offset", "40000"], stdin: input)
        #expect(plain.status == 1 && shifted.status == 1)
        #expect(shifted.stdout == plain.stdout)
        #expect(shiftedEntries.count == plainEntries.count)
        #expect(shiftedEntries.map { $0["line"] as? Int } == plainEntries.map { ($0["line"] as? Int).map { $0 + 40000 } })
        let (_, top) = try Self.run(["--contract", Self.contract, "--line-offset", "9007199254740992"], stdin: input)
        #expect(top.first?["line"] as? Int == 9_007_199_254_740_996)
    }

    @Test(
        "--line-offset negative or past 2^53 is a usage error: exit 2, nothing written",
        arguments: [
            ["--line-offset", "-1"], ["--line-offset=-1"], ["--line-offset", "9007199254740993"],
            ["--line-offset", "99999999999999999999"], ["--line-offset", "ten"],
        ])
    func lineOffsetOutOfRange(arguments: [String]) throws {
        let run = try SanitizeProcess.run(["filter"] + arguments, input: "{}\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(!run.stderr.isEmpty)
    }
}
