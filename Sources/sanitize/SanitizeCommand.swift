import ArgumentParser
import SanitizeKit

/// The `sanitize` command: the library's engine as a filter for shell and data pipelines.
///
/// Exit status, for every subcommand: `0` all good, `1` some input was invalid or rejected,
/// `2` usage or configuration error, with a one-line message on standard error.
///
/// Every subcommand names itself (`commandName`): a name derived from the type is found by
/// reflection at each start, about a tenth of `sanitize filter`'s start-up.
@main
struct SanitizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sanitize",
        abstract: "Sanitize data before it is sent and validate data after it is received.",
        discussion: """
            Line-oriented subcommands read lines from their arguments or, without them, from \
            standard input, and write exactly one output line per input line, in order.
            Exit status: 0 all good, 1 some input was invalid or rejected, 2 usage or \
            configuration error.
            Version \(SanitizeVersion.current).
            """,
        version: SanitizeVersion.current,
        subcommands: [
            Filter.self,
            Validate.self,
            Encode.self,
            Decode.self,
            Strip.self,
            Limit.self,
            Check.self,
            Message.self,
            Guard.self,
            Pin.self,
            Challenge.self,
        ]
    )

    /// Runs the command and maps every outcome to the 0/1/2 exit contract.
    ///
    /// swift-argument-parser exits 64 on a usage error on Linux; scripts rely on 2.
    static func main() {
        CommandLineContract.start()
        let status: Int32
        do {
            try CommandLineContract.checkHelpTopic(Array(CommandLine.arguments.dropFirst()), root: self)
            var command = try parseAsRoot()
            try RawArguments.checkUnclaimed(by: command)
            try command.run()
            status = 0
        } catch {
            status = CommandLineContract.report(error, root: self)
        }
        SystemCalls.terminate(status: status)
    }
}

/// Writes one message line to standard error, unbuffered.
func reportToStandardError(_ message: String) {
    var line = message
    if !line.hasSuffix("\n") { line += "\n" }
    var writer = OutputWriter(descriptor: 2)
    try? writer.write(line)
    try? writer.flush()
}
