import Foundation
import Testing
import TestSupport

/// `sanitize filter` when one file is named twice: the report and the records share a file, or
/// an output is also an input. Run through `bash`, as a user types it.
@Suite("sanitize filter: outputs that are one file, inputs that are outputs")
struct FilterDestinationTests {
    /// A directory with `in.ndjson` (generated records, some invalid) for one test.
    private final class Scratch {
        let directory: URL
        let input: [UInt8]

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("filter-files-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            input = FilterFixtures.generatedRecords(count: 30_000, seed: 11)
            try Data(input).write(to: directory.appendingPathComponent("in.ndjson"))
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Runs `script` in the directory (`$C` is the contract).
        func run(_ script: String) throws -> (status: Int32, stdout: String, stderr: String) {
            try ShellProcess.run(#"cd "\#(directory.path)" && C="\#(FilterFixtures.contract)" && "# + script)
        }

        func bytes(_ name: String) throws -> [UInt8] {
            Array(try Data(contentsOf: directory.appendingPathComponent(name)))
        }

        /// The lines of a file, each parsed as a JSON object; records are told from report
        /// lines by the report's `instanceLocation` member.
        func split(_ name: String) throws -> (records: [String], report: [String]) {
            let lines = String(decoding: try bytes(name), as: UTF8.self).split(separator: "\n").map(String.init)
            var records: [String] = []
            var report: [String] = []
            for line in lines {
                let object = try #require(
                    JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a whole JSON line: \(line.prefix(80))")
                if object["instanceLocation"] != nil && object["line"] != nil { report.append(line) } else { records.append(line) }
            }
            return (records, report)
        }
    }

    @Test(
        "the report named by another name of standard output's file: every record and report line whole, none lost",
        arguments: [
            #""$SANITIZE" filter --contract "$C" --report /dev/stdout < in.ndjson > both.ndjson"#,
            #""$SANITIZE" filter --contract "$C" --report both.ndjson < in.ndjson > both.ndjson"#,
            #"set -o pipefail; "$SANITIZE" filter --contract "$C" --report /dev/stdout --jobs 2 in.ndjson | cat > both.ndjson"#,
            #""$SANITIZE" filter --contract "$C" --report /dev/stdout < in.ndjson >> both.ndjson"#,
        ])
    func reportIntoStandardOutput(script: String) throws {
        let scratch = try Scratch()
        let separate = try scratch.run(#""$SANITIZE" filter --contract "$C" --report report.ndjson < in.ndjson > out.ndjson"#)
        #expect(separate.status == 1, "stderr: \(separate.stderr)")
        let records = try scratch.split("out.ndjson").records
        let report = try scratch.split("report.ndjson").report
        #expect(records.count > 20_000 && report.count > 300)

        let shared = try scratch.run(script)
        #expect(shared.status == 1, "stderr: \(shared.stderr)")
        #expect(shared.stderr.isEmpty)
        let both = try scratch.split("both.ndjson")
        #expect(both.records == records)
        #expect(both.report == report)
    }

    @Test("--report naming standard error's file: the report lines and the --stats line both whole")
    func reportIntoStandardError() throws {
        let scratch = try Scratch()
        let run = try scratch.run(
            #""$SANITIZE" filter --contract "$C" --stats --report /dev/stderr < in.ndjson > out.ndjson 2> errors.ndjson"#)
        #expect(run.status == 1)
        let errors = try scratch.split("errors.ndjson")
        #expect(errors.report.count > 300)
        #expect(errors.records.count == 1)  // the summary
        #expect(errors.records.first?.hasPrefix(#"{"stats":"#) == true)
    }

    @Test(
        "an output that is an input file is refused before anything is written: exit 2, one line, the input intact",
        arguments: [
            (#""$SANITIZE" filter --contract "$C" --report in.ndjson in.ndjson > /dev/null"#, "--report is an input file"),
            (#""$SANITIZE" filter --contract "$C" --report ./in.ndjson < in.ndjson > /dev/null"#, "--report is the file on standard input"),
            (#""$SANITIZE" filter --contract "$C" in.ndjson >> in.ndjson"#, "standard output is an input file: what is written would be read again"),
            (#""$SANITIZE" filter --contract "$C" < in.ndjson 1<> in.ndjson"#, "standard output is the file on standard input"),
            (#"ln -s in.ndjson link.ndjson && "$SANITIZE" filter --contract "$C" - in.ndjson --report link.ndjson < /dev/null"#, "--report is an input file"),
        ])
    func outputIsInput(script: String, message: String) throws {
        let scratch = try Scratch()
        let run = try scratch.run(script)
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stderr.contains("[configuration]"))
        #expect(try scratch.bytes("in.ndjson") == scratch.input)
    }

    @Test("an input already read to its end may be the output: the shell emptied it, nothing is refused")
    func emptiedInput() throws {
        let scratch = try Scratch()
        let run = try scratch.run(#""$SANITIZE" filter --contract "$C" < in.ndjson > in.ndjson"#)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(try scratch.bytes("in.ndjson").isEmpty)
    }

    @Test("standard output or error closed at the start (>&-, 2>&-): no file takes its number, the report keeps its own lines")
    func closedStandardDescriptors() throws {
        let scratch = try Scratch()
        // Standard output closed: the report file must not become it, and the first write of
        // records fails as it would with no file there.
        let closedOutput = try scratch.run(#""$SANITIZE" filter --contract "$C" --report report.ndjson in.ndjson >&-"#)
        #expect(closedOutput.status == 2)
        #expect(closedOutput.stderr == "sanitize: standard output: cannot write output: Bad file descriptor [io]\n")
        #expect(try scratch.split("report.ndjson").records.isEmpty)
        // Standard error closed: the report and the records are those of a run with it open;
        // the --stats line, which cannot be written, is nowhere (and says so by the status).
        let closedError = try scratch.run(#""$SANITIZE" filter --contract "$C" --report closed.ndjson --stats in.ndjson 2>&- > out.ndjson"#)
        #expect(closedError.status == 2)
        let open = try scratch.run(#""$SANITIZE" filter --contract "$C" --report open.ndjson in.ndjson > out-open.ndjson"#)
        #expect(open.status == 1, "stderr: \(open.stderr)")
        #expect(try scratch.bytes("closed.ndjson") == scratch.bytes("open.ndjson"))
        #expect(try scratch.bytes("out.ndjson") == scratch.bytes("out-open.ndjson"))
    }
}
