import ArgumentParser

/// The input of a line-oriented subcommand: its arguments, or else standard input.
struct LineInput: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Values to process, each as one line. Without them, lines are read from standard input.",
            valueName: "value"))
    var values: [String] = []

    @Option(help: "The longest input line accepted, in bytes; a longer line is rejected.")
    var maxLineBytes: Int = 16 << 20

    func validate() throws {
        guard maxLineBytes > 0 else {
            throw ValidationError("--max-line-bytes must be a positive number of bytes.")
        }
    }
}
