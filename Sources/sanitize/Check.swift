import ArgumentParser

/// `sanitize check`: subcommands that say whether each value is valid.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check values and say whether each is valid.",
        subcommands: [CheckEmail.self, CheckImage.self]
    )
}
