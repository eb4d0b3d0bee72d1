import Foundation
import Testing

/// The completion scripts `scripts/install-cli` installs, as the built binary writes them.
@Suite("Shell completion scripts")
struct CompletionScriptTests {
    static let subcommands = ["filter", "validate", "encode", "decode", "strip", "limit", "check", "message", "guard"]

    @Test("each shell's script names every subcommand", arguments: ["bash", "zsh", "fish"])
    func namesSubcommands(shell: String) throws {
        let run = try SanitizeProcess.run(["--generate-completion-script", shell])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        for name in Self.subcommands { #expect(run.output.contains(name), "\(shell): \(name)") }
    }

    @Test("the bash script parses and completes a subcommand and an --on-invalid value")
    func bashCompletes() throws {
        let run = try ShellProcess.run(
            """
            source <("$SANITIZE" --generate-completion-script bash) || exit 3
            complete -p sanitize >/dev/null || exit 4
            function=$(complete -p sanitize | sed -E 's/.*-F ([^ ]+).*/\\1/')
            COMP_WORDS=(sanitize fil); COMP_CWORD=1; COMP_LINE='sanitize fil'; COMP_POINT=${#COMP_LINE}
            "$function" sanitize fil sanitize; printf '%s\\n' "${COMPREPLY[@]}"
            """)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").contains("filter"), "\(run.stdout) \(run.stderr)")
    }
}
