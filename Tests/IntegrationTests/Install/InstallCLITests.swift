import Foundation
import TestSupport
import Testing

/// `scripts/install-cli` as a user runs it, with the built binary (`SANITIZE_BINARY`, so the test
/// does not build a release `sanitize`): every `swift` command the script runs is logged by a
/// `swift` placed first on `PATH` that then runs the real one, and the man page it installs is
/// rendered by groff.
@Suite("scripts/install-cli", .integration)
struct InstallCLITests {
    @Test("the man page comes from the sanitize product alone and keeps every non-ASCII character")
    func manualFromTheProductAlone() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("install-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("shim"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let root = TestPaths.repositoryRoot.path
        let run = try ShellProcess.run(
            """
            set -e
            real=$(command -v swift)
            printf '#!/bin/sh\\nprintf "%%s\\\\n" "$*" >> "%s/swift.log"\\nexec "%s" "$@"\\n' '\(scratch.path)' "$real" \\
              > '\(scratch.path)/shim/swift'
            chmod +x '\(scratch.path)/shim/swift'
            PATH='\(scratch.path)/shim':$PATH SANITIZE_BINARY="$SANITIZE" '\(root)/scripts/install-cli' '\(scratch.path)/prefix' >/dev/null
            """)
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")

        // What was built: swift-argument-parser's generate-manual tool alone, never the package's
        // products (the manual plugin builds all of them in release), never a plugin command.
        let log = (try? String(contentsOf: scratch.appendingPathComponent("swift.log"), encoding: .utf8)) ?? ""
        let commands = log.split(separator: "\n").map(String.init)
        #expect(!commands.isEmpty)
        for command in commands {
            #expect(!command.hasPrefix("package generate-manual") && !command.contains("plugin"), "\(command)")
            if command.hasPrefix("build") {
                #expect(command.contains("--package-path .build/checkouts/swift-argument-parser"), "\(command)")
                #expect(command.contains("--product generate-manual") || command.contains("--show-bin-path"), "\(command)")
            }
        }

        let prefix = scratch.appendingPathComponent("prefix")
        let page = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/sanitize.1"), encoding: .utf8)
        #expect(!page.contains("QQU"))
        #expect(page.contains(#"\[u2026]"#))
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/sanitize").path))
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/zsh/site-functions/_sanitize").path))

        // Every character outside ASCII in the command's help is in the rendered page.
        let help = try SanitizeProcess.run(["--experimental-dump-help"])
        let wanted = Set(help.output.unicodeScalars.filter { !$0.isASCII })
        #expect(wanted.contains("\u{2026}"))
        let rendered = try ShellProcess.run(
            "LC_ALL=C.UTF-8 groff -man -Tutf8 '\(prefix.path)/share/man/man1/sanitize.1' 2>/dev/null")
        #expect(rendered.status == 0)
        let shown = Set(rendered.stdout.unicodeScalars)
        for scalar in wanted { #expect(shown.contains(scalar), "U+\(String(scalar.value, radix: 16, uppercase: true)) lost") }
        #expect(rendered.stdout.contains("SANITIZE"))
    }
}
