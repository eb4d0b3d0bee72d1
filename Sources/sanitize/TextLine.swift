import SanitizeKit

/// Shared steps of the text subcommands (`encode`, `decode`, `strip`, `limit`).
enum TextLine {
    /// A line the subcommand refuses for a reason of its own (not a library error).
    struct Rejection: Error {
        var reason: String
        var code: SanitizeError.Code
    }

    /// Runs `transform` on a line and turns a ``SanitizeError`` into a rejected line: an empty
    /// output line and the error's reason (which carries the byte offset) on standard error.
    static func outcome(_ transform: () throws -> [UInt8]) -> LineOutcome {
        outcome { () throws -> LineOutcome in .accepted(try transform()) }
    }

    /// Runs `write`, which writes a line's output itself, and turns its errors into a rejected
    /// line as ``outcome(_:)-([UInt8])`` does.
    static func written(_ write: () throws -> Void) -> LineOutcome {
        outcome { () throws -> LineOutcome in
            try write()
            return .written
        }
    }

    private static func outcome(_ transform: () throws -> LineOutcome) -> LineOutcome {
        do {
            return try transform()
        } catch let error as SanitizeError {
            return .rejected(output: [], reason: "\(error.reason) [\(error.code)]")
        } catch let rejection as Rejection {
            return .rejected(output: [], reason: "\(rejection.reason) [\(rejection.code)]")
        } catch {
            return .rejected(output: [], reason: "\(error)")
        }
    }

    /// The line as text, or a thrown `invalid-utf8` error with the byte offset.
    static func text(_ bytes: UnsafeRawBufferPointer) throws -> String {
        try UTF8Validation.string(validating: bytes)
    }
}
