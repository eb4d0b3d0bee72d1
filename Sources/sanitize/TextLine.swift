import SanitizeKit

/// Shared steps of the text subcommands (`encode`, `decode`, `strip`, `limit`).
enum TextLine {
    /// A line the subcommand refuses for a reason of its own (not a library error).
    struct Rejection: Error {
        var reason: String
    }

    /// Runs `transform` on a line and turns a ``SanitizeError`` into a rejected line: an empty
    /// output line and the error's reason (which carries the byte offset) on standard error.
    static func outcome(_ transform: () throws -> [UInt8]) -> LineOutcome {
        do {
            return .accepted(try transform())
        } catch let error as SanitizeError {
            return .rejected(output: [], reason: error.reason)
        } catch let rejection as Rejection {
            return .rejected(output: [], reason: rejection.reason)
        } catch {
            return .rejected(output: [], reason: "\(error)")
        }
    }

    /// The line as text, or a thrown `invalid-utf8` error with the byte offset.
    static func text(_ bytes: UnsafeRawBufferPointer) throws -> String {
        try UTF8Validation.string(validating: bytes)
    }
}
