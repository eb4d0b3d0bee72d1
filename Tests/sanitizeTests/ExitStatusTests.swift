import Testing

@Suite("Exit status contract")
struct ExitStatusTests {
    @Test("an unknown option is a usage error: status 2 and one message on stderr")
    func unknownOption() throws {
        let run = try SanitizeProcess.run(["--no-such-option"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Unknown option '--no-such-option'"))
        #expect(run.stdout.isEmpty)
    }

    @Test("--help prints to stdout and exits 0")
    func help() throws {
        let run = try SanitizeProcess.run(["--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("USAGE: sanitize"))
    }
}
