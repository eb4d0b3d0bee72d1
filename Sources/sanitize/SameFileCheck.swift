import SanitizeKit

/// Finds the inputs a command is about to write to: a name is compared by the file it reaches
/// (device and inode), not by its spelling, so `in.ndjson`, `./in.ndjson`, a link to it and
/// `< in.ndjson` are one file.
///
/// Standard output into a regular file that is also an input with bytes left to read is
/// refused, as `cat` refuses it: `sanitize strip < in.txt >> in.txt` would read its own output
/// forever. An input the shell has already emptied (`< in.txt > in.txt`) has nothing left to
/// read and is let through.
enum SameFileCheck {
    /// The inputs that are regular files with bytes left to read, with their status.
    /// - Parameter inputs: paths, `-` for standard input.
    private static func unreadFiles(_ inputs: [String]) -> [(input: String, status: SystemCalls.FileStatus)] {
        inputs.compactMap { input in
            guard let status = input == "-" ? SystemCalls.status(of: 0) : SystemCalls.status(ofPath: RawArguments.bytes(of: input)),
                status.kind == .regular
            else { return nil }
            let offset = input == "-" ? (SystemCalls.currentOffset(of: 0) ?? 0) : 0
            return offset < status.size ? (input, status) : nil
        }
    }

    /// How an input is named in a message: "an input file", or "the file on standard input".
    static func describe(_ input: String) -> String {
        input == "-" ? "the file on standard input" : "an input file"
    }

    /// The input, among `inputs`, that writing to `output` would change before it is read:
    /// a regular file with bytes left to read that is the same file.
    /// - Parameter inputs: paths, `-` for standard input.
    static func input(overwrittenBy output: SystemCalls.FileStatus, among inputs: [String]) -> String? {
        guard output.kind == .regular else { return nil }
        return unreadFiles(inputs).first { $0.status.identity == output.identity }?.input
    }

    /// Throws when standard output is one of the inputs' files.
    /// - Parameter inputs: paths, `-` for standard input.
    /// - Throws: ``SanitizeError`` `configuration`, naming the input.
    static func checkStandardOutput(against inputs: [String]) throws(SanitizeError) {
        guard let output = SystemCalls.status(of: 1), let input = input(overwrittenBy: output, among: inputs) else { return }
        throw SanitizeError(
            .configuration, "standard output is \(describe(input)): what is written would be read again",
            at: .init(file: input == "-" ? nil : RawArguments.displayName(input)))
    }
}
