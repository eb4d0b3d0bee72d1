import ArgumentParser
import SanitizeKit

/// `sanitize limit --graphemes N | --bytes N`: truncate each line without splitting a character.
struct Limit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limit",
        abstract: "Truncate each line to N characters or N UTF-8 bytes, never splitting a character.",
        discussion: """
            Characters are extended grapheme clusters: an emoji family, a flag or a letter with \
            its accents is kept whole or dropped whole. With --bytes, the result is the longest \
            prefix of whole characters that fits. A line with invalid UTF-8 is rejected (exit 1).
            """)

    @Option(help: "Keep at most this many characters (grapheme clusters).")
    var graphemes: Int?

    @Option(help: "Keep at most this many UTF-8 bytes.")
    var bytes: Int?

    @OptionGroup var input: LineInput

    func validate() throws {
        guard (graphemes == nil) != (bytes == nil) else {
            throw ValidationError("Give exactly one of --graphemes N and --bytes N.")
        }
        if let limit = graphemes ?? bytes, limit < 0 {
            throw ValidationError("The limit must be 0 or more.")
        }
    }

    func run() throws {
        let graphemes = self.graphemes
        let maxBytes = self.bytes ?? 0
        try LineLoop.run(input) { line in
            TextLine.outcome {
                // Fast path: a line within the byte limit needs no work at all.
                if graphemes == nil && line.count <= maxBytes {
                    try UTF8Validation.validate(line)
                    return Array(line)
                }
                let text = try TextLine.text(line)
                if let graphemes {
                    return Array(TextHygiene.truncate(text, maxGraphemes: graphemes).utf8)
                }
                return Array(TextHygiene.truncate(text, maxUTF8Bytes: maxBytes).utf8)
            }
        }
    }
}
