import Foundation

/// What one run of an external program produced.
struct ToolRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs the real programs the tests compare against (sqlite3, psql, sh, bash, python3).
///
/// A missing program is not skipped: `/usr/bin/env` exits 127 and the calling test fails on
/// the status (scripts/test installs every tool).
enum ExternalTool {
    /// Runs `command` (looked up in `PATH`) with `arguments`, feeding `stdin`.
    /// Input and outputs go through temporary files, so no pipe can deadlock.
    static func run(
        _ command: String, _ arguments: [String], stdin: [UInt8] = [], in directory: URL? = nil
    ) throws -> ToolRun {
        try runExecutable("/usr/bin/env", [command] + arguments, stdin: stdin, in: directory)
    }

    /// Runs the program at `path`.
    static func runExecutable(
        _ path: String, _ arguments: [String], stdin: [UInt8] = [], in directory: URL? = nil
    ) throws -> ToolRun {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("sanitize-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data(stdin).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        defer {
            try? input.close()
            try? output.close()
            try? error.close()
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus,
            stdout: Array(try Data(contentsOf: outURL)),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

/// Test data shared by the text suites.
enum TextCorpus {
    /// The Big List of Naughty Strings (blns.json, MIT, see Fixtures/big-list-of-naughty-strings).
    static let naughtyStrings: [String] = {
        guard let data = try? Data(contentsOf: Fixtures.url("big-list-of-naughty-strings/blns.json")),
            let strings = try? JSONDecoder().decode([String].self, from: data)
        else { return [] }
        return strings
    }()

    /// Classic SQL injection payloads, with the quote-like characters that fool naive escapers.
    static let injectionPayloads: [String] = [
        "' OR '1'='1", "' OR 1=1 --", "'; DROP TABLE users; --", "\\'; DROP TABLE users; --",
        "\\", "\\\\'", "'\\", "admin'--", "admin' #", "' UNION SELECT NULL, NULL --",
        "1'); DELETE FROM t; --", "\" OR \"\"=\"", "''''", "'''", "E'\\''", "$$; DROP TABLE t; $$",
        "$tag$x$tag$", "/* comment */ '", "'/*", "*/'", "%' AND 1=0 --", "a\n'; --", "a\r\n-- x",
        "\u{1A}'", "\u{7F}'", "\u{2BC} OR 1=1", "\u{2019} OR 1=1", "\u{FF07} OR 1=1", "\u{A5}'",
        "\u{2216}'", "'\u{0301}", "\u{202E}'", "'; SELECT pg_sleep(10); --", "1; SELECT 1",
        "` OR 1 `", "``", "\"\"", "\"", "ﾞ'", "\t'\t", "' || '", "0x27", "CHAR(39)",
    ]

    /// Every naughty string and injection payload.
    static var all: [String] { naughtyStrings + injectionPayloads }
}

extension Array where Element == UInt8 {
    /// Lower-case hex of the bytes.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(count * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Reads `prefix<index>:<value>` lines into a dictionary.
func indexedLines(_ output: String) -> [Int: String] {
    var result: [Int: String] = [:]
    for line in output.split(separator: "\n") {
        guard let colon = line.firstIndex(of: ":"), let index = Int(line[..<colon]) else { continue }
        result[index] = String(line[line.index(after: colon)...])
    }
    return result
}
