import Foundation
import Testing

/// `sanitize filter` run as a user runs it, on the bundled example data and on generated files.
@Suite("sanitize filter")
struct FilterTests {
    static let contract = FilterFixtures.contract
    static let examples = FilterFixtures.examples

    /// The example records, line by line (line 10 is blank, line 7 is not JSON).
    static func exampleInput() throws -> [UInt8] { try FilterFixtures.exampleInput() }

    /// Report lines parsed as JSON objects.
    static func reportEntries(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("drop (default): only valid records are written, sanitized; violations go to stderr")
    func dropMode() throws {
        let run = try SanitizeProcess.run(["filter", "--contract", Self.contract], stdin: try Self.exampleInput())
        #expect(run.status == 1)
        #expect(
            run.lines == [
                #"{"id":1,"name":"Ada Lovelace","email":"ada@example.com","age":36,"address":{"street":"12 St James's Square","city":"London","postcode":"SW1Y 4JH","country":"GB"},"tags":["math","poetry"]}"#,
                #"{"id":2,"name":"José Martí","email":"jose@ejemplo.es","address":{"city":"La Habana","country":"CU"},"tags":["escritor","fullwidth"]}"#,
                #"{"id":3,"name":"admintxt.exe","email":"mallory@example.net","tags":["x DROP TABLE users "]}"#,
            ])
        let report = try Self.reportEntries(run.stderr)
        let byLine = Dictionary(grouping: report) { $0["line"] as? Int ?? -1 }
        #expect(byLine.keys.sorted() == [4, 5, 6, 7, 8, 9, 11, 12, 13, 14])
        #expect(byLine[4]?.first?["code"] as? String == "format")
        #expect(byLine[4]?.first?["instanceLocation"] as? String == "/email")
        #expect(byLine[5]?.first?["keyword"] as? String == "type")
        #expect(byLine[6]?.first?["code"] as? String == "required")
        #expect(byLine[7]?.first?["code"] as? String == "json-syntax")
        #expect(byLine[13]?.first?["code"] as? String == "additional-properties")
        #expect(byLine[14]?.first?["keywordLocation"] as? String == "/properties/id/minimum")
    }

    @Test("keep: invalid records are written unchanged, in input order")
    func keepMode() throws {
        let input = try Self.exampleInput()
        let run = try SanitizeProcess.run(["filter", "--contract", Self.contract, "--on-invalid", "keep"], stdin: input)
        #expect(run.status == 1)
        let original = String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        #expect(run.lines.count == 13)  // 14 non-empty lines; the blank one is skipped
        #expect(Array(run.lines[3...]) == Array(original[3...]).filter { !$0.isEmpty })
    }

    @Test("annotate: invalid records carry _violations; a line that is not JSON becomes an object of its own")
    func annotateMode() throws {
        let run = try SanitizeProcess.run(
            ["filter", "--contract", Self.contract, "--on-invalid", "annotate", "--report", "/dev/null"],
            stdin: try Self.exampleInput())
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        #expect(run.lines.count == 13)
        let records = try run.lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(records[0]["_violations"] == nil)
        let grace = try #require(records[3]["_violations"] as? [[String: Any]])
        #expect(grace.map { $0["code"] as? String } == ["format"])
        #expect(records[6].keys.sorted() == ["_violations"])  // line 7, not JSON
        #expect(records[6]["_violations"].map { "\($0)" }?.contains("json-syntax") == true)
    }

    @Test("fail: stops at the first invalid record after writing the records before it")
    func failMode() throws {
        let run = try SanitizeProcess.run(
            ["filter", "--contract", Self.contract, "--on-invalid", "fail", "--jobs", "3"], stdin: try Self.exampleInput())
        #expect(run.status == 1)
        #expect(run.lines.count == 3)
        let report = try Self.reportEntries(run.stderr)
        #expect(report.map { $0["line"] as? Int } == [4])
    }

    @Test("every reason a line is invalid is reported, and the filter goes on with the next line")
    func invalidLines() throws {
        var input: [UInt8] = []
        input += Array(#"{"a":"ok"}"#.utf8) + [0x0A]
        input += Array(#"{"a":"broken"#.utf8) + [0x0A]  // not JSON
        input += Array(#"{"a":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8) + [0x0A]  // not UTF-8
        input += Array(#"{"a":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 300) + Array(#""}"#.utf8) + [0x0A]
        input += Array("   \r".utf8) + [0x0A]  // blank: skipped
        input += Array(#"[1,2,]"#.utf8) + [0x0A]  // trailing comma
        input += Array(#"{"a":"last"}"#.utf8)  // no final newline
        let run = try SanitizeProcess.run(["filter", "--max-record-bytes", "200", "--stats"], stdin: input)
        #expect(run.status == 1)
        #expect(run.lines == [#"{"a":"ok"}"#, #"{"a":"last"}"#])
        let report = try Self.reportEntries(run.stderr)
        let codes = report.compactMap { entry -> String? in
            guard let line = entry["line"] as? Int, let code = entry["code"] as? String else { return nil }
            return "\(line):\(code)"
        }
        #expect(codes == ["2:json-syntax", "3:invalid-utf8", "4:record-too-large", "6:json-syntax"])
        let stats = try #require(report.last?["stats"] as? [String: Any])
        #expect(stats["recordsIn"] as? Int == 6)
        #expect(stats["recordsOut"] as? Int == 2)
        #expect(stats["invalid"] as? Int == 4)
        #expect(stats["blankLines"] as? Int == 1)
    }

    @Test("without --contract the default policy cleans every string value, not member names")
    func defaultPolicy() throws {
        let input = #"{"k\u202e":"a\u202eb\u0007","list":["x\u2066y",{"deep":"z\u0000"}],"n":1}"# + "\n"
        let run = try SanitizeProcess.run(["filter"], input: input)
        #expect(run.status == 0)
        #expect(run.lines == [#"{"k\u202e":"ab","list":["xy",{"deep":"z"}],"n":1}"#])
        #expect(run.stderr.isEmpty)
    }

    @Test("values of writeOnly and x-sensitive members never reach the report, in any mode", arguments: ["drop", "keep", "annotate", "fail"])
    func sensitiveValuesStayOut(mode: String) throws {
        let input =
            #"{"id":1,"name":"A","email":"a@example.org","password":"hunter2","api_token":"tok_SECRET-VALUE-123"}"# + "\n"
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let run = try SanitizeProcess.run(
            ["filter", "--contract", Self.contract, "--on-invalid", mode, "--report", report.path], input: input)
        #expect(run.status == 1)
        let text = try String(contentsOf: report, encoding: .utf8)
        let entries = try Self.reportEntries(text)
        #expect(Set(entries.compactMap { $0["instanceLocation"] as? String }) == ["/password", "/api_token"])
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("SECRET"))
        if mode == "annotate" {
            let violations = run.output.components(separatedBy: "\"_violations\"").last ?? ""
            #expect(!violations.contains("hunter2") && !violations.contains("SECRET"))
        }
    }

    @Test("output order equals input order whatever --jobs is")
    func orderWithJobs() throws {
        let input = Self.generatedRecords(count: 20_000, seed: 11)
        let one = try SanitizeProcess.run(["filter", "--contract", Self.contract, "--jobs", "1"], stdin: input)
        let four = try SanitizeProcess.run(["filter", "--contract", Self.contract, "--jobs", "4"], stdin: input)
        #expect(one.status == 1)
        #expect(one.lines.count > 19_000)
        #expect(four.stdout == one.stdout)
        #expect(four.stderr == one.stderr)
        let ids = one.lines.prefix(200).compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? Int
        }
        #expect(ids == ids.sorted())
    }

    @Test("a 50 MB input runs in bounded memory (peak RSS reported by --stats)")
    func boundedMemory() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("filter-50mb-\(UUID().uuidString).ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        let chunk = Self.generatedRecords(count: 10_000, seed: 5)
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        var written = 0
        while written < 50_000_000 {
            handle.write(Data(chunk))
            written += chunk.count
        }
        try handle.close()
        // `; exit $?` makes bash fork for the filter, so its peak is its own, not the test
        // process's; no ASan quarantine (see SanitizerRuntime.forkedLaunch).
        let result = try ShellProcess.run(
            SanitizerRuntime.noQuarantine
                + #" "$SANITIZE" filter --contract "\#(Self.contract)" --jobs 2 --stats --report /dev/null < "\#(file.path)" > /dev/null; exit $?"#)
        #expect(result.status == 1)  // the generated records include invalid ones
        let stats = try #require(try Self.reportEntries(result.stderr).last?["stats"] as? [String: Any])
        #expect(stats["bytesIn"] as? Int == written)
        let peak = try #require(stats["peakRSSBytes"] as? Int)
        // 64 MiB, doubled under a sanitizer (its shadow memory; see SanitizerRuntime).
        #expect(peak < SanitizerRuntime.memoryBound(64 << 20), "peak RSS \(peak) bytes")
    }

    @Test("--stats gives the filter's own peak memory, not the peak of the process that started it")
    func peakIsTheFiltersOwn() throws {
        // Make this (parent) process's peak at least 512 MiB, then start the filter directly
        // (posix_spawn + execve, which keep ru_maxrss): its report must stay its own.
        let big = UnsafeMutableRawPointer.allocate(byteCount: 512 << 20, alignment: 4096)
        big.initializeMemory(as: UInt8.self, repeating: 1, count: 512 << 20)
        big.deallocate()
        let run = try SanitizeProcess.run(["filter", "--stats", "--report", "/dev/null"], input: "{\"a\":1}\n")
        #expect(run.status == 0)
        let stats = try #require(try Self.reportEntries(run.stderr).last?["stats"] as? [String: Any])
        let peak = try #require(stats["peakRSSBytes"] as? Int)
        #expect(peak > 0 && peak < SanitizerRuntime.memoryBound(256 << 20), "peak RSS \(peak) bytes")
    }

    @Test("`sanitize filter … | head -1` exits quietly")
    func closedOutput() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("filter-head-\(UUID().uuidString).ndjson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(Self.generatedRecords(count: 50_000, seed: 3)).write(to: file)
        let result = try ShellProcess.run(
            #""$SANITIZE" filter --report /dev/null < "\#(file.path)" | head -1; echo "status=${PIPESTATUS[0]}" >&2"#)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr == "status=0\n")
    }

    @Test("standard input that closes in the middle of a record: that record is invalid, the ones before are written")
    func truncatedInput() throws {
        let input = #"{"id":1}"# + "\n" + #"{"id":2,"na"#
        let run = try SanitizeProcess.run(["filter"], input: input)
        #expect(run.status == 1)
        #expect(run.lines == [#"{"id":1}"#])
        let report = try Self.reportEntries(run.stderr)
        #expect(report.count == 1)
        #expect(report.first?["line"] as? Int == 2)
    }

    @Test("records from a slow producer go out as they come, and Ctrl-C stops the filter cleanly")
    func slowProducerAndInterrupt() throws {
        // The watchdog's SIGTERM is not the SIGINT the expectations below look for.
        let running = try SanitizeProcess.start(["filter"], watchdog: 20)
        let (process, input, output, errors) = (running.process, running.input, running.output, running.errors)
        input.fileHandleForWriting.write(Data(#"{"id":1}"#.utf8 + [0x0A]))
        // The record must come out while standard input is still open.
        let first = output.fileHandleForReading.availableData
        #expect(String(decoding: first, as: UTF8.self) == #"{"id":1}"# + "\n")
        process.interrupt()  // SIGINT, as Ctrl-C sends
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.isEmpty, "stderr: \(stderr)")
    }

    @Test("with two jobs, records fed one at a time through a pipe each come out before the next is sent")
    func recordsInLockstep() throws {
        // A filter that holds a record back (a thread waiting in a read while the record's batch
        // is done) is ended by the watchdog: the test then reads the end of its output and fails.
        let running = try SanitizeProcess.start(["filter", "--jobs", "2"], watchdog: 60)
        let (process, input, output) = (running.process, running.input, running.output)
        let records = (1...30).map { #"{"id":\#($0)}"# + "\n" }
        var received: [UInt8] = []
        feeding: for record in records {
            input.fileHandleForWriting.write(Data(record.utf8))
            while !received.suffix(record.utf8.count).elementsEqual(record.utf8) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break feeding }  // the output ended: the filter was stopped
                received += chunk
            }
        }
        if process.isRunning { try input.fileHandleForWriting.close() }
        process.waitUntilExit()
        #expect(String(decoding: received, as: UTF8.self) == records.joined())
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    @Test("configuration errors exit 2 with one line on stderr")
    func configurationErrors() throws {
        let badSchema = try SanitizeProcess.run(["filter", "--contract", "/nonexistent/schema.json"], input: "{}\n")
        #expect(badSchema.status == 2)
        #expect(badSchema.stderr.split(separator: "\n").count == 1)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("filter-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("bad-steps.json")
        try Data(#"{"properties":{"a":{"x-sanitize":["trim",{"truncate":{"words":3}}]}}}"#.utf8).write(to: schema)
        let badSteps = try SanitizeProcess.run(["filter", "--contract", schema.path], input: "{}\n")
        #expect(badSteps.status == 2)
        #expect(badSteps.stderr.contains("x-sanitize step 1"))

        let policy = directory.appendingPathComponent("policy.json")
        try Data(#"{"stringSteps":["trim"],"strinSteps":[]}"#.utf8).write(to: policy)
        let badPolicy = try SanitizeProcess.run(["filter", "--policy", policy.path], input: "{}\n")
        #expect(badPolicy.status == 2)
        #expect(badPolicy.stderr.contains("strinSteps"))
    }

    /// Deterministic user records, about 3 % of them invalid (``FilterFixtures``).
    static func generatedRecords(count: Int, seed: UInt64) -> [UInt8] {
        FilterFixtures.generatedRecords(count: count, seed: seed)
    }
}
