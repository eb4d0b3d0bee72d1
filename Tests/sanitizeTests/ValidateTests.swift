import Foundation
import Testing

/// `sanitize validate`, run as a user runs it: stdout lines, stderr, exit status.
struct ValidateTests {
    static let schema = Fixtures.url("validate/user.schema.json").path
    static let ref = "https://schemas.example/address.json=" + Fixtures.url("validate/address.schema.json").path

    @Test func linesFromStandardInput() throws {
        let input = """
            {"id":1,"name":"Ada","address":{"zip":"12345"}}
            {"id":"1","name":"Ada"}
            [1,]
            {"id":2,"name":"Bob","password":"hunter2"}

            """
        let run = try SanitizeProcess.run(["validate", "--schema", Self.schema, "--ref", Self.ref], stdin: Array(input.utf8))
        #expect(run.status == 1)
        #expect(run.lines == ["valid", "invalid", "invalid", "invalid"])
        #expect(run.stderr.contains("sanitize: line 2: /id: expected integer, found string [type]"))
        #expect(run.stderr.contains(#"sanitize: line 3: "": not valid JSON"#))
        #expect(run.stderr.contains("[json-syntax]"))
        #expect(run.stderr.contains("sanitize: line 4: /password:"))
        #expect(!run.stderr.contains("hunter2"), "a writeOnly value leaked: \(run.stderr)")
    }

    /// With a schema the shape check reads, clean lines pass in one read; the verdicts and the
    /// report are what the validator gives.
    @Test func linesTheShapeCheckReads() throws {
        let schema = FileManager.default.temporaryDirectory.appendingPathComponent("shape-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: schema) }
        try Data(
            #"{"type":"object","properties":{"id":{"type":"integer","minimum":1},"role":{"enum":["admin","viewer"]},"score":{"type":"number","minimum":0,"maximum":100},"tags":{"type":"array","items":{"type":"string","maxLength":3},"uniqueItems":true}},"required":["id"],"additionalProperties":false,"x-sanitize":["trim"]}"#
                .utf8
        ).write(to: schema)
        let input = [
            #"{"id":1,"role":"admin","score":13.95,"tags":["a","b"]}"#, #"{ "id" : 2 }"#, #"{"id":3,"role":"\u0061dmin"}"#,
            #"{"id":4,"role":"root"}"#, #"{"id":5,"score":100.5}"#, #"{"id":6,"tags":["a","a"]}"#, #"{"id":7,"score":1e2}"#,
        ].joined(separator: "\n") + "\n"
        let run = try SanitizeProcess.run(["validate", "--schema", schema.path], stdin: Array(input.utf8))
        #expect(run.lines == ["valid", "valid", "valid", "invalid", "invalid", "invalid", "valid"])
        #expect(run.stderr.contains("sanitize: line 4: /role:"))
        #expect(run.stderr.contains("sanitize: line 5: /score: number is greater than the maximum 100"))
        #expect(run.stderr.contains("sanitize: line 6: /tags:"))
        #expect(run.status == 1)
        let basic = try SanitizeProcess.run(["validate", "--schema", schema.path, "--output", "basic"], stdin: Array(input.utf8))
        #expect(basic.lines.first == #"{"valid":true}"#)
    }

    /// `--quiet` prints the same verdicts (and exit status) as the full run, and nothing on
    /// standard error: NDJSON lines (the shape check's schema and one it cannot read, with a
    /// line that is not JSON and an oversized one), and instance files.
    @Test(arguments: [[String](), ["--first-error"], ["--no-assert-formats"]])
    func quietPrintsTheSameVerdicts(_ extra: [String]) throws {
        let input = """
            {"id":1,"name":"Ada","address":{"zip":"12345"}}
            {"id":"1","name":"Ada"}
            [1,]
            {"id":2,"name":"Bob","email":"not an email"}
            {"id":0,"name":"Cy","address":{"zip":"1"},"extra":\(String(repeating: "1", count: 300))}
            {"id":3,"name":"Di","address":{"zip":"54321"}}

            """
        let base = ["validate", "--schema", Self.schema, "--ref", Self.ref, "--max-line-bytes", "200"] + extra
        let full = try SanitizeProcess.run(base, stdin: Array(input.utf8))
        let quiet = try SanitizeProcess.run(base + ["--quiet"], stdin: Array(input.utf8))
        #expect(full.lines == ["valid", "invalid", "invalid", extra.contains("--no-assert-formats") ? "valid" : "invalid", "invalid", "valid"])
        #expect(quiet.stdout == full.stdout)
        #expect(quiet.status == full.status)
        #expect(!full.stderr.isEmpty)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")

        let files = [Fixtures.url("validate/valid.json").path, Fixtures.url("validate/invalid.json").path]
        let fullFiles = try SanitizeProcess.run(base + files)
        let quietFiles = try SanitizeProcess.run(base + ["--quiet"] + files)
        #expect(quietFiles.stdout == fullFiles.stdout)
        #expect(quietFiles.lines.last?.hasSuffix("\tinvalid") == true)
        #expect(quietFiles.status == 1)
        #expect(quietFiles.stderr.isEmpty, "\(quietFiles.stderr)")
    }

    /// NDJSON files named on the command line: `--quiet` labels each line's verdict with its
    /// file and line number as the full run does (its own path writes those lines), counts the
    /// invalid ones for the exit status, and prints nothing on standard error.
    @Test func quietLabelsTheLinesOfNamedFiles() throws {
        let scratch = try ScratchDirectory()
        let first = try scratch.write(Array("{\"id\":1,\"name\":\"Ada\"}\n{\"id\":\"1\",\"name\":\"Ada\"}\n".utf8), named: "first.ndjson")
        let second = try scratch.write(Array("[1,]\n{\"id\":3,\"name\":\"Di\"}\n".utf8), named: "second.ndjson")
        let base = ["validate", "--schema", Self.schema, "--ref", Self.ref, first.path, second.path]
        let full = try SanitizeProcess.run(base)
        let quiet = try SanitizeProcess.run(base + ["--quiet"])
        #expect(
            quiet.lines == [
                "\(first.path):1\tvalid", "\(first.path):2\tinvalid", "\(second.path):1\tinvalid", "\(second.path):2\tvalid",
            ])
        #expect(quiet.stdout == full.stdout)
        #expect(quiet.status == 1 && full.status == 1)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(!full.stderr.isEmpty)
    }

    @Test func allValidExitsZero() throws {
        let run = try SanitizeProcess.run(
            ["validate", "--schema", Self.schema, "--ref", Self.ref, "--no-assert-formats"],
            stdin: Array(#"{"id":1,"name":"A"}\#n{"id":2,"name":"B","email":"not an email"}\#n"#.utf8))
        #expect(run.status == 0)
        #expect(run.lines == ["valid", "valid"])
        #expect(run.stderr.isEmpty)
    }

    @Test("format is asserted by default, as in filter and the library")
    func assertFormats() throws {
        let run = try SanitizeProcess.run(
            ["validate", "--schema", Self.schema, "--ref", Self.ref],
            stdin: Array(#"{"id":2,"name":"B","email":"not an email"}\#n{"id":2,"name":"B","email":"b@example.com"}\#n"#.utf8))
        #expect(run.status == 1)
        #expect(run.lines == ["invalid", "valid"])
        #expect(run.stderr.contains("/email: string is not a valid email"))
        #expect(run.stderr.contains("[format]"))
    }

    @Test func instanceFiles() throws {
        let run = try SanitizeProcess.run([
            "validate", "--schema", Self.schema, "--ref", Self.ref,
            Fixtures.url("validate/valid.json").path, Fixtures.url("validate/invalid.json").path,
        ])
        #expect(run.status == 1)
        #expect(
            run.lines == [
                Fixtures.url("validate/valid.json").path + "\tvalid", Fixtures.url("validate/invalid.json").path + "\tinvalid",
            ])
        #expect(run.stderr.contains("invalid.json: /id: number is less than the minimum 1"))
        #expect(run.stderr.contains("invalid.json: /address/zip: string does not match the pattern"))
    }

    @Test func basicOutput() throws {
        let run = try SanitizeProcess.run(
            ["validate", "--schema", Self.schema, "--ref", Self.ref, "--output", "basic", "--first-error"],
            stdin: Array(#"{"name":"A"}\#n{"id":1,"name":"A"}\#n"#.utf8))
        #expect(run.status == 1)
        #expect(run.lines.count == 2)
        #expect(run.lines[0].hasPrefix(#"{"valid":false,"errors":[{"keywordLocation":"/required""#))
        #expect(run.lines[1] == #"{"valid":true}"#)
    }

    /// `keywordLocation` runs through the `$ref` to the registered address schema;
    /// `absoluteKeywordLocation` is where the keyword is written.
    @Test func basicOutputFollowsReferences() throws {
        let run = try SanitizeProcess.run(
            ["validate", "--schema", Self.schema, "--ref", Self.ref, "--output", "basic"],
            stdin: Array(#"{"id":1,"name":"A","address":{"zip":"1"}}\#n"#.utf8))
        #expect(run.status == 1)
        #expect(
            run.lines == [
                #"{"valid":false,"errors":[{"keywordLocation":"/properties/address/$ref/properties/zip/pattern","#
                    + #""absoluteKeywordLocation":"https://schemas.example/address.json#/properties/zip/pattern","#
                    + #""instanceLocation":"/address/zip","code":"pattern","error":"string does not match the pattern \"^[0-9]{5}$\" (got \"1\")"}]}"#
            ])
        #expect(run.stderr.contains("sanitize: line 1: /address/zip: string does not match the pattern"))
    }

    @Test func unresolvedRefIsAConfigurationError() throws {
        let run = try SanitizeProcess.run(["validate", "--schema", Self.schema], stdin: Array("{}\n".utf8))
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("contract-unresolved-ref"))
    }

    @Test(arguments: [
        ["validate", "--schema", "/nonexistent/schema.json"],
        ["validate"],
        ["validate", "--schema", "x", "--ref", "no-equals-sign"],
    ])
    func badInvocationsExitTwo(_ arguments: [String]) throws {
        let run = try SanitizeProcess.run(arguments, stdin: Array("{}\n".utf8))
        #expect(run.status == 2)
        #expect(!run.stderr.isEmpty)
    }

    @Test func badSchemaExitsTwo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("bad.json")
        try Data(#"{"type":"strin"}"#.utf8).write(to: schema)
        let run = try SanitizeProcess.run(["validate", "--schema", schema.path], stdin: Array("{}\n".utf8))
        #expect(run.status == 2)
        #expect(run.stderr.contains("bad.json"))
        #expect(run.stderr.contains("[contract-invalid]"))
    }

    /// With standard output and standard error on one pipe (`2>&1`), each instance's verdict
    /// comes before the lines of its violations, and those before the next verdict: standard
    /// output is flushed before an instance's violations are written, and they are written
    /// at once after it (several violations of one instance, a parse failure, and a valid
    /// instance between them).
    @Test func verdictsAndViolationsStayInStep() throws {
        let run = try ShellProcess.run(
            #"""
            printf '%s\n' '{"id":1,"name":"Ada"}' '{"id":"x","name":7}' '[1,]' '{"id":2,"name":"Bo"}' '{"id":"y"}' \
              | "$SANITIZE" validate --schema '\#(Self.schema)' --ref '\#(Self.ref)' 2>&1
            echo "status $?"
            """#)
        let lines = run.stdout.split(separator: "\n").map { line in
            // The violation lines, by their place and pointer only.
            line.hasPrefix("sanitize: ") ? String(line.split(separator: ":").prefix(3).joined(separator: ":")) : String(line)
        }
        #expect(
            lines == [
                "valid", "invalid", "sanitize: line 2: /id", "sanitize: line 2: /name", "invalid", #"sanitize: line 3: """#,
                "valid", "invalid", "sanitize: line 5: /id", "sanitize: line 5: \"\"", "status 1",
            ], "\(run.stdout)\(run.stderr)")
    }
}
