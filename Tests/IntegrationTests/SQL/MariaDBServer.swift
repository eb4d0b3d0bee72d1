import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A throw-away MariaDB server for one test: `mariadbd` on an empty data directory in a
/// temporary directory, listening on a free loopback port and a private socket, killed and
/// removed by `stop()`.
///
/// The server runs with `--skip-grant-tables`, so no `mariadb-install-db` bootstrap (about 4 s
/// here) is needed: the tests use the SQL parser and the data dictionary, not accounts. The
/// default `sql_mode` keeps backslash escapes on. `--debug-no-sync` ("only for running tests")
/// turns off fsync: each `CREATE TABLE` then takes about 1 ms instead of 30. `mariadbd` refuses
/// to run as root unless told `--user=root`, which is given when we are root (as CI is).
final class MariaDBServer {
    let directory: URL
    let port: Int
    private let socketPath: String
    private let logPath: String
    private let server: Process
    private let client: String
    private var running = false

    /// The database that `query(_:)` uses, created at start.
    static let database = "sanitize"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        let serverPath = try Self.findProgram(["mariadbd", "mysqld"], package: "mariadb-server")
        client = try Self.findProgram(["mariadb", "mysql"], package: "mariadb-client")
        port = try LoopbackPort.free()
        directory = URL(fileURLWithPath: "/tmp/sanitize-mariadb-\(UUID().uuidString.prefix(8))")
        socketPath = directory.appendingPathComponent("socket").path
        logPath = directory.appendingPathComponent("mariadbd.err").path
        let data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        var arguments = [
            "--no-defaults", "--datadir=\(data.path)", "--tmpdir=\(directory.path)", "--socket=\(socketPath)",
            "--port=\(port)", "--bind-address=127.0.0.1", "--pid-file=\(directory.appendingPathComponent("pid").path)",
            "--log-error=\(logPath)", "--skip-grant-tables", "--character-set-server=utf8mb4",
            "--innodb-log-file-size=8M", "--innodb-buffer-pool-size=16M", "--debug-no-sync",
        ]
        if getuid() == 0 { arguments.append("--user=root") }
        server = Process()
        server.executableURL = URL(fileURLWithPath: serverPath)
        server.arguments = arguments
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        do {
            try server.run()
            running = true
            try waitUntilReady()
        } catch {
            stop()
            throw error
        }
    }

    /// Runs an SQL script with the `mariadb` client in database ``database``, after
    /// `SET NAMES utf8mb4`: batch mode, raw output, no column names.
    ///
    /// `--force` runs every statement even after an error, so one failure does not hide the
    /// others; the client still exits 0, so callers must check that `stderr` is empty.
    /// `--binary-mode` keeps the client from turning CR LF into LF and from reading `\` commands
    /// outside strings; `--default-character-set=utf8mb4` makes its statement splitter read the
    /// script as UTF-8.
    func query(_ script: String, database: String = MariaDBServer.database) throws -> ToolRun {
        try ExternalTool.runExecutable(
            client,
            ["--no-defaults", "--socket=\(socketPath)", "--user=root", "--batch", "--raw", "--skip-column-names",
             "--binary-mode", "--force", "--default-character-set=utf8mb4", database],
            stdin: Array("SET NAMES utf8mb4;\n\(script)".utf8))
    }

    /// Kills the server (nothing in it is worth a clean shutdown) and removes its directory.
    func stop() {
        if running {
            running = false
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }

    /// Polls until the server accepts a connection and ``database`` exists (at most 30 s).
    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(30)
        while true {
            guard server.isRunning else {
                throw Failure(description: "mariadbd exited with status \(server.terminationStatus): \(log())")
            }
            let create = try query("CREATE DATABASE IF NOT EXISTS \(Self.database);", database: "information_schema")
            if create.status == 0 && create.stderr.isEmpty { return }
            guard Date() < deadline else {
                throw Failure(description: "mariadbd did not answer within 30 s: \(create.stderr) \(log())")
            }
            usleep(50_000)
        }
    }

    /// The end of the server's error log.
    private func log() -> String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "(no log)"
        return String(text.suffix(2000))
    }

    /// The first of `names` found in `PATH` or the `sbin` directories (where Debian puts
    /// `mariadbd`, outside a normal user's `PATH`).
    private static func findProgram(_ names: [String], package: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin", "/sbin"]
        for name in names {
            for directory in directories {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        throw Failure(
            description: "no \(names.joined(separator: " or ")) in PATH or /usr/sbin; install \(package) (scripts/test does)")
    }
}
