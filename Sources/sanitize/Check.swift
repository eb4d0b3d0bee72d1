import ArgumentParser

/// `sanitize check …`: checkers that print a verdict for each input.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check inputs and print a verdict for each.",
        subcommands: [CheckEmail.self, CheckImage.self]
    )
}
