import ArgumentParser

/// `sanitize check`: subcommands that say whether each value is valid.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check values and say whether each is valid.",
        subcommands: [CheckEmail.self]
/// `sanitize check …`: checkers that print a verdict per input.
        abstract: "Check inputs and print a verdict for each.",
        subcommands: [CheckImage.self]
    )
}
