import ArgumentParser
import SanitizeKit

/// `sanitize strip KIND`: remove unwanted characters from each line.
struct Strip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strip",
        abstract: "Remove SQL or shell metacharacters, or invisible characters, from each line.",
        discussion: """
            sql removes % ' " ; \\ / TAB CR and the comment openers -- and /*; shell removes \
            | & ; < > ( ) $ ` \\ " ' SPACE TAB CR * ? [ ] # ~ { } ! ^; controls removes C0, DEL \
            and C1 control characters (TAB and CR too); bidi removes bidi embeddings, overrides, \
            isolates and marks; zero-width removes zero-width characters (keeping the ZWJ inside \
            emoji sequences). For sql and shell, --characters and --sequence replace the default \
            set. Invalid UTF-8, and NUL for sql and shell, reject the line (exit status 1).
            """)

    /// What to strip.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case sql, shell, controls, bidi
        case zeroWidth = "zero-width"
    }

    @Argument(help: ArgumentHelp("What to remove.", valueName: "kind"))
    var kind: Kind

    @Option(
        help: ArgumentHelp(
            "For sql and shell: a strip-sets file (format of Rules/text/strip-sets.json) whose set named sql or shell replaces the compiled-in one.",
            valueName: "file"))
    var stripSets: String?

    // `.unconditional`: a value that begins with `-` ("-_", "--") is the value, not an option.
    @Option(parsing: .unconditional, help: "For sql and shell: the characters to remove, instead of the default set.")
    var characters: String?

    @Option(
        parsing: .unconditionalSingleValue,
        help: "For sql and shell: a sequence to remove (repeatable); replaces the default sequences.")
    var sequence: [String] = []

    @OptionGroup var input: LineInput

    func validate() throws {
        if (characters != nil || !sequence.isEmpty || stripSets != nil) && kind != .sql && kind != .shell {
            throw ValidationError("--strip-sets, --characters and --sequence apply only to sql and shell.")
        }
    }

    func run() throws {
        let kind = self.kind
        var base = kind == .shell ? Shell.defaultStripSet : SQL.defaultStripSet
        if let stripSets {
            guard let named = try StripSet.namedSets(contentsOfFile: stripSets)[kind.rawValue] else {
                throw SanitizeError(.configuration, "\(stripSets) has no set named \(kind.rawValue)")
            }
            base = named
        }
        let set =
            characters == nil && sequence.isEmpty
            ? base
            : StripSet(
                characters: characters ?? String(String.UnicodeScalarView(base.characters)),
                sequences: sequence.isEmpty ? base.sequences : sequence)
        try LineLoop.run(input) { bytes in
            TextLine.outcome {
                switch kind {
                case .sql:
                    return try SQL.strip(utf8: bytes, removing: set)
                case .shell:
                    return try Shell.strip(utf8: bytes, removing: set)
                case .controls:
                    return Array(TextHygiene.stripControls(try TextLine.text(bytes)).utf8)
                case .bidi:
                    return Array(TextHygiene.stripBidiControls(try TextLine.text(bytes)).utf8)
                case .zeroWidth:
                    return Array(TextHygiene.stripZeroWidth(try TextLine.text(bytes)).utf8)
                }
            }
        }
    }
}
