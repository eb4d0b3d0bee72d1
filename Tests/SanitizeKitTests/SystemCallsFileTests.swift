import Foundation
import Testing

/// The C library is reached from one file per target (issue #31; docs/parts.md, "Who owns
/// memory"): SanitizeKit's `SystemCalls.swift` and the command's `SystemCalls+Command.swift`.
/// Every other file calls their typed wrappers. This test reads every Swift file under
/// `Sources/` and fails when a file outside ``allowlist`` imports Glibc, Musl or Darwin, asks
/// `#if canImport` of them, or names a C library function or constant (Foundation re-exports
/// Glibc on Linux, so a file can reach libc without importing it).
@Suite("libc calls in one file per target")
struct SystemCallsFileTests {
    /// The files that may import the C library, each with the reason.
    static let allowlist: [String: String] = [
        "Sources/SanitizeKit/SystemCalls.swift":
            "SanitizeKit's typed wrappers: open, read and write (EINTR retried), fstat, lseek, poll, memchr, "
            + "errno text, SIGPIPE, exit, dlsym, pthread keys, stack bounds and thread starts; SanitizeCommandRuntime calls them too",
        "Sources/sanitize/SystemCalls+Command.swift":
            "what only the sanitize command calls: the signal mask, isatty, argv as bytes",
    ]

    /// Files that may ask `canImport(Darwin)` for something other than the C library, with the reason.
    static let platformChecks: [String: String] = [
        "Sources/SanitizeURLSession/URLSessionTLSFloor.swift":
            "URLSession's TLS settings exist only on Apple platforms (Security), not a libc call",
    ]

    /// The C library's modules.
    static let modules = ["Glibc", "Musl", "Darwin"]

    /// Names only the C library declares (not ones a Swift type could share, such as `read`,
    /// `close` or `exit`): a file naming one outside ``allowlist`` calls libc directly.
    static let libcNames: Set<String> = [
        "errno", "strerror", "memchr", "memmove", "memcpy", "memcmp", "malloc", "calloc", "realloc",
        "dlsym", "dlopen", "sigprocmask", "sigaction", "sigemptyset", "sigaddset", "isatty", "fstat", "lseek",
        "strlen", "getenv", "setenv", "pollfd", "sysconf", "mmap", "usleep", "nanosleep", "clock_gettime",
        "O_RDONLY", "O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_CLOEXEC", "EINTR", "EAGAIN", "EPIPE", "EISDIR",
        "SIG_IGN", "SIGPIPE", "SIGINT", "SIGTERM", "S_IFMT", "S_IFREG", "S_IFDIR", "SEEK_SET", "SEEK_CUR",
        "pthread_key_create", "pthread_getspecific", "pthread_setspecific", "pthread_self", "pthread_attr_t", "pthread_create",
    ]

    /// Every Swift file under `Sources/`, relative to the repository root, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let root = TestPaths.repositoryRoot.appendingPathComponent("Sources").path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var result: [(String, String)] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            result.append(("Sources/" + relative, try String(contentsOfFile: root + "/" + relative, encoding: .utf8)))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// What in `source` reaches the C library: imports of its modules, `canImport` checks of
    /// them, and ``libcNames`` named in code (comments and string literals are not code).
    static func libcUses(in source: String) -> (imports: [String], checks: [String], names: [String]) {
        let code = PartDependencyTests.code(source)
        var imports: [String] = []
        var checks: [String] = []
        for line in code.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // `[@attribute] [access] import [kind] Module[.Name]`
            if let index = words.firstIndex(of: "import"),
                words[..<index].allSatisfy({ $0.hasPrefix("@") || accessLevels.contains(String($0)) })
            {
                var rest = words[(index + 1)...]
                if let kind = rest.first, importKinds.contains(String(kind)) { rest = rest.dropFirst() }
                if let path = rest.first, let module = path.split(separator: ".").first, modules.contains(String(module)) {
                    imports.append(String(module))
                }
            }
            for module in modules where line.contains("canImport(\(module))") { checks.append(module) }
        }
        var names: Set<String> = []
        var current = ""
        var previous: Character = " "
        var wordStartsAfterDot = false
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                if current.isEmpty { wordStartsAfterDot = previous == "." }
                current.append(character)
            } else {
                // `x.errno` or `.EINTR` is a member of our own, not the C library's.
                if !wordStartsAfterDot, libcNames.contains(current) { names.insert(current) }
                current = ""
            }
            previous = character
        }
        return (imports, checks, names.sorted())
    }

    static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    static let importKinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]

    @Test("only the SystemCalls files import the C library or name its functions")
    func onlyTheSystemCallsFiles() throws {
        let files = try Self.sources()
        #expect(files.count > 100, "the file list looks wrong: \(files.count) files")
        var found: [String] = []
        for file in files where Self.allowlist[file.path] == nil {
            let uses = Self.libcUses(in: file.text)
            for module in uses.imports {
                found.append("\(file.path): imports \(module); call SystemCalls instead")
            }
            for module in uses.checks where !(module == "Darwin" && Self.platformChecks[file.path] != nil) {
                found.append("\(file.path): asks canImport(\(module)); only the SystemCalls files may")
            }
            if !uses.names.isEmpty {
                found.append("\(file.path): names \(uses.names.joined(separator: ", ")) of the C library; add a wrapper to SystemCalls")
            }
        }
        #expect(found.isEmpty, "libc outside the SystemCalls files:\n\(found.joined(separator: "\n"))")
    }

    @Test("each allowed file exists and does import the C library (the list is not stale)")
    func theAllowlistIsLive() throws {
        let files = Dictionary(uniqueKeysWithValues: try Self.sources().map { ($0.path, $0.text) })
        for (path, reason) in Self.allowlist {
            let text = try #require(files[path], "\(path) is gone: \(reason)")
            #expect(Set(Self.libcUses(in: text).imports) == Set(Self.modules), "\(path) should import Glibc, Musl and Darwin")
        }
        for (path, reason) in Self.platformChecks {
            let text = try #require(files[path], "\(path) is gone: \(reason)")
            #expect(Self.libcUses(in: text).checks.contains("Darwin"), "\(path) no longer needs its entry")
        }
    }

    @Test(
        "the check sees each way of reaching libc, and not words in comments or strings",
        arguments: [
            ("import Glibc\n", ["Glibc"], [String](), [String]()),
            ("#if canImport(Darwin)\n    @preconcurrency import Darwin\n#endif\n", ["Darwin"], ["Darwin"], []),
            ("internal import Musl\n", ["Musl"], [], []),
            ("import struct Glibc.stat\nimport func Darwin.C.isatty\n", ["Glibc", "Darwin"], [], []),
            ("import Foundation\nlet e = errno\nlet t = String(cString: strerror(e))\n", [], [], ["errno", "strerror"]),
            ("let fd = open(path, O_RDONLY | O_CLOEXEC)\n", [], [], ["O_CLOEXEC", "O_RDONLY"]),
            ("// import Glibc, errno\n/// `memchr` finds it\nlet s = \"isatty(2)\"\n", [], [], []),
            ("let failure = SystemCalls.Failure(number: 4)\nif failure.errno == 0 {}\nqueue.close()\n", [], [], []),
            ("let importGlibc = 1\n", [], [], []),
        ])
    func theCheckSeesUses(source: String, imports: [String], checks: [String], names: [String]) {
        let uses = Self.libcUses(in: source)
        #expect(uses.imports == imports)
        #expect(uses.checks == checks)
        #expect(uses.names == names)
    }
}
