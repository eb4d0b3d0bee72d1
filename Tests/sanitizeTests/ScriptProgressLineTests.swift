import Foundation
import Testing

/// The filter's progress line on a real terminal, through util-linux `script` (a pseudo-TTY):
/// drawn with `ESC [ K` where `TERM` understands it, never where `TERM=dumb` (issue #17, case 13).
@Suite("sanitize filter progress line (script)")
struct ScriptProgressLineTests {
    static func run(term: String) throws -> String {
        let root = Fixtures.repositoryRoot
        let command =
            "\"$SANITIZE\" filter --contract '\(root.appendingPathComponent("Rules/contracts/user.schema.json").path)' "
            + "'\(root.appendingPathComponent("Examples/users.ndjson").path)' >/dev/null"
        let run = try ShellProcess.run("TERM=\(term) script -qec \(shellQuote(command)) /dev/null </dev/null")
        return run.stdout
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    @Test("13: TERM=dumb gets no escape sequences; a capable terminal gets the progress line")
    func dumbTerminal() throws {
        let dumb = try Self.run(term: "dumb")
        #expect(!dumb.contains("\u{1B}["))
        let capable = try Self.run(term: "xterm")
        #expect(capable.contains("\u{1B}[Ksanitize filter:"))
    }
}
