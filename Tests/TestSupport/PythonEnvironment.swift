import Foundation

/// The Python the tests run: the project's virtual environment, where `scripts/test` installs
/// every PyPI package the tests compare against (`scripts/python-venv`, `.build/venv`), never the
/// system's Python.
///
/// Found as `SANITIZE_VENV/bin/python3`, else `<repository>/.build/venv/bin/python3`; when neither
/// exists (a machine that never ran `scripts/test`), `python3` from `PATH`, whose missing
/// packages then fail the test with the install command in its message.
package enum PythonEnvironment {
    /// The interpreter ``ExternalTool`` runs for `python3`.
    package static let python: String = {
        let environment = ProcessInfo.processInfo.environment
        var folders: [String] = []
        if let venv = environment["SANITIZE_VENV"], !venv.isEmpty { folders.append(venv) }
        folders.append(TestPaths.repositoryRoot.appendingPathComponent(".build/venv").path)
        for folder in folders {
            let candidate = folder + "/bin/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "python3"
    }()

    /// `PATH` with the virtual environment's `bin/` first (unchanged without one), for shell
    /// scripts that run `python3` themselves.
    package static func searchPath(_ path: String?) -> String {
        let current = path ?? "/usr/bin:/bin"
        guard python.hasSuffix("/bin/python3") else { return current }
        return String(python.dropLast("/python3".count)) + ":" + current
    }
}
