import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A throw-away PostgreSQL server for one test: `initdb` into a temporary directory, started
/// with `pg_ctl` on a free loopback port and a private socket directory, stopped by `stop()`.
///
/// PostgreSQL refuses to run as root, and CI runs as root: then the server programs run as
/// the `postgres` system user (created by Debian's `postgresql` package) through `runuser`.
final class PostgresServer {
    let directory: URL
    let port: Int
    let binaries: URL
    private var running = false

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        binaries = try Self.findBinaries()
        directory = URL(fileURLWithPath: "/tmp/sanitize-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try LoopbackPort.free()
        do {
            if getuid() == 0 {
                try Self.check(ExternalTool.run("chown", ["-R", "postgres:postgres", directory.path]), "chown")
            }
            let data = directory.appendingPathComponent("data").path
            try Self.check(
                serverTool("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync"]),
                "initdb")
            let options = "-p \(port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c fsync=off"
            try Self.check(
                serverTool(
                    "pg_ctl", closingInheritedDescriptors: true,
                    ["-D", data, "-l", directory.appendingPathComponent("log").path, "-o", options, "-w", "-t", "30", "start"]),
                "pg_ctl start")
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        running = true
    }

    /// Runs an SQL script with psql (unaligned, tuples only, stop on the first error).
    func psql(_ script: String) throws -> ToolRun {
        try ExternalTool.runExecutable(
            binaries.appendingPathComponent("psql").path,
            ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", directory.path, "-p", "\(port)",
             "-U", "postgres", "-d", "postgres", "-f", "-"],
            stdin: Array(script.utf8))
    }

    /// Stops the server and removes its directory.
    func stop() {
        guard running else { return }
        running = false
        _ = try? serverTool("pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }

    /// Runs a server program, as the `postgres` user when we are root.
    ///
    /// With `closingInheritedDescriptors`, a bash wrapper closes every descriptor above 2
    /// before `exec`: the daemon that `pg_ctl start` leaves behind would otherwise inherit
    /// Foundation's process-monitoring socket and `waitUntilExit()` would never return.
    private func serverTool(
        _ name: String, closingInheritedDescriptors: Bool = false, _ arguments: [String]
    ) throws -> ToolRun {
        var command = [binaries.appendingPathComponent(name).path] + arguments
        if getuid() == 0 { command = ["runuser", "-u", "postgres", "--"] + command }
        if closingInheritedDescriptors {
            let closeAll = """
                for f in /proc/self/fd/*; do n=${f##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-" 2>/dev/null; fi; done; exec "$@"
                """
            command = ["bash", "-c", closeAll, "bash"] + command
        }
        // Run inside the server's own directory: PostgreSQL's programs fail when the `postgres`
        // user cannot read the current directory (a checkout under /root, for instance).
        return try ExternalTool.run(command[0], Array(command.dropFirst()), in: directory)
    }

    private static func check(_ run: ToolRun, _ what: String) throws {
        guard run.status == 0 else {
            throw Failure(description: "\(what) failed (\(run.status)): \(run.stderr) \(run.output)")
        }
    }

    /// The newest `/usr/lib/postgresql/<version>/bin`.
    private static func findBinaries() throws -> URL {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        guard let newest = versions.compactMap(Int.init).max() else {
            throw Failure(description: "no PostgreSQL under \(root); install the postgresql package (scripts/test does)")
        }
        return URL(fileURLWithPath: "\(root)/\(newest)/bin")
    }
}
