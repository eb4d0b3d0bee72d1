import ArgumentParser
import SanitizeKit

/// `sanitize decode url|url-form`: strict percent-decoding of each line.
struct Decode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Percent-decode each line, refusing malformed escapes.",
        discussion: """
            url decodes %XX escapes; url-form also turns + into a space. A line is rejected \
            (empty output line, reason on standard error, exit status 1) when it has a malformed \
            escape (%zz, %4, a final %), when the decoded bytes are not UTF-8, or when they \
            contain a line feed (%0A), which would break the one-line-per-line contract. \
            Each reason names the byte offset in the input line. CR and NUL are decoded as they are.
            """)

    /// Which decoding.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case url
        case urlForm = "url-form"
    }

    @Argument(help: ArgumentHelp("The encoding to undo.", valueName: "kind"))
    var kind: Kind

    @OptionGroup var input: LineInput

    func run() throws {
        let plusAsSpace = kind == .urlForm
        try LineLoop.run(input) { bytes in
            TextLine.outcome {
                try UTF8Validation.validate(bytes)
                let decoded = try PercentDecoding.decode(utf8: bytes, plusAsSpace: plusAsSpace)
                if let bad = UTF8Validation.firstInvalidByteOffset(in: decoded) {
                    let offset = PercentDecoding.inputOffset(ofOutputByte: bad, in: bytes)
                    throw SanitizeError(
                        .invalidUTF8, "decoded bytes are not UTF-8 (escape at byte \(offset))",
                        at: .init(byteOffset: offset))
                }
                if let newline = decoded.firstIndex(of: 0x0A) {
                    let offset = PercentDecoding.inputOffset(ofOutputByte: newline, in: bytes)
                    throw TextLine.Rejection(
                        reason: "decoded value contains a line feed (escape at byte \(offset))", code: .lineFeed)
                }
                return decoded
            }
        }
    }
}
